import { VAT_PERCENT, vatIncludedFils, type Order } from '@boutique/contracts';
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
