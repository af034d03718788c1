import { VAT_PERCENT, type CreditNote } from '@boutique/contracts';
import type { orderItems, orders } from '../../db/schema/index.js';
import { emailLanguage } from '../../lib/mail-layout.js';
import { fromFils, toFils } from '../../lib/money.js';
import type { InvoiceIssuer } from '../orders/index.js';
import type { RefundRow } from '../payments/index.js';

type OrderRow = typeof orders.$inferSelect;
type ItemRow = typeof orderItems.$inferSelect;

/**
 * The credit note of a refund that succeeded, in the order's language. A tax credit note (`CN-`) names the tax
 * invoice it corrects and the shop's TRN; a refund receipt is the receipt's counterpart for an order made
 * without a TRN (docs/decisions/026-refunds-and-credit-notes.md). Every figure comes from the refund's row: its
 * lines with what each gave back, what it gave back beyond them (`other`), and the VAT fixed when it was issued.
 */
export function creditNoteOf(
  order: OrderRow,
  refund: RefundRow,
  items: ItemRow[],
  issuer: InvoiceIssuer,
): CreditNote {
  const tax = refund.creditNoteNumber?.startsWith('CN-') === true;
  const totalFils = toFils(refund.amount);
  const vatFils = toFils(refund.creditNoteVat ?? '0');
  const linesFils = refund.lines.reduce((sum, l) => sum + toFils(l.amount), 0);
  return {
    kind: tax ? 'tax_credit_note' : 'refund_receipt',
    number: refund.creditNoteNumber ?? '',
    invoice_number: tax ? order.invoiceNumber : null,
    order_number: order.orderNumber,
    order_id: order.id,
    issued_at: (refund.refundedAt ?? refund.createdAt).toISOString(),
    locale: emailLanguage(order.locale),
    reason: refund.reason,
    shop: {
      name: issuer.name,
      address: issuer.address,
      trn: tax ? (issuer.trn ?? null) : null,
      email: issuer.email,
      phone: issuer.phone,
    },
    customer: order.billingAddress,
    lines: refund.lines.flatMap((line) => {
      const item = items.find((i) => i.id === line.itemId);
      return item
        ? [
            {
              name: item.productName,
              color_name: item.colorName ?? null,
              size: item.size,
              quantity: line.quantity,
              unit_price: item.price,
              total: line.amount,
            },
          ]
        : [];
    }),
    other: fromFils(Math.max(0, totalFils - linesFils)),
    total: refund.amount,
    vat: fromFils(vatFils),
    net: fromFils(totalFils - vatFils),
    vat_percent: VAT_PERCENT,
    currency: 'AED',
  };
}
