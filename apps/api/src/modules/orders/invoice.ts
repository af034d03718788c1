import { VAT_PERCENT, vatIncludedFils, type Invoice, type Order } from '@boutique/contracts';
import { fromFils, toFils } from '../../lib/money.js';

/** The VAT included in an order's total, decimal strings: prices include 5 % UAE VAT. */
export function invoiceTotals(order: Pick<Order, 'total_amount'>) {
  const totalFils = toFils(order.total_amount);
  const vatFils = vatIncludedFils(totalFils);
  return {
    vatPercent: VAT_PERCENT,
    total: order.total_amount,
    vat: fromFils(vatFils),
    net: fromFils(totalFils - vatFils),
  };
}

export interface InvoiceIssuer {
  name: string;
  address: string[];
  /** Unset: the shop is not VAT-registered and the document is a receipt. */
  trn: string | undefined;
  email: string;
  phone: string;
}

/**
 * The invoice of an order: a numbered tax invoice when the order took a number (SHOP_TRN was set when it was
 * made), a receipt otherwise. VAT is worked out from the total in fils with the contracts' one rule.
 */
export function invoiceOf(order: Order, issuer: InvoiceIssuer): Invoice {
  const totals = invoiceTotals(order);
  const tax = Boolean(order.invoice_number && issuer.trn);
  return {
    kind: tax ? 'tax_invoice' : 'receipt',
    number: tax ? order.invoice_number! : order.order_number,
    order_number: order.order_number,
    issued_at: order.created_at,
    locale: order.locale ?? 'en',
    shop: {
      name: issuer.name,
      address: issuer.address,
      trn: tax ? issuer.trn! : null,
      email: issuer.email,
      phone: issuer.phone,
    },
    customer: order.billing_address,
    lines: order.items.map((item) => ({
      name: item.product_name,
      color_name: item.options.color_name,
      size: item.options.size,
      quantity: item.quantity,
      unit_price: item.price,
      total: item.line_total,
    })),
    shipping: order.shipping_amount,
    shipping_name: order.shipping_method?.name ?? null,
    total: totals.total,
    vat: totals.vat,
    net: totals.net,
    vat_percent: totals.vatPercent,
    currency: 'AED',
  };
}
