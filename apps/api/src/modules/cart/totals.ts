import { priceDiscount, type AppliedDiscount, type PricedDiscount } from '../discounts/index.js';

/** A line as the totals see it: what it is (for a code's eligibility) and what it comes to, in fils. */
export interface TotalsLine {
  productId: number;
  categoryId: number | null;
  lineFils: number;
}

export interface CartTotalsFils {
  subtotalFils: number;
  shippingFils: number;
  discountFils: number;
  /** subtotal + shipping - discount: never below zero. */
  totalFils: number;
  /** The cart's code priced on these lines (its `problem` set when it does not apply); undefined: no code. */
  discount: PricedDiscount | undefined;
}

/**
 * The one place a cart's figures are made: the lines' subtotal, the shipping the pricing computed (fils, given
 * here), the discount code on them (percent and amount on the eligible lines, free_shipping on the shipping),
 * and the total. The cart's answer, the payment and the order all read their figures from here.
 */
export function cartTotals(
  lines: readonly TotalsLine[],
  shippingFils: number,
  code: AppliedDiscount | undefined,
  now: Date,
): CartTotalsFils {
  const subtotalFils = lines.reduce((sum, l) => sum + l.lineFils, 0);
  const discount = code ? priceDiscount(code, lines, shippingFils, now) : undefined;
  const discountFils = discount?.amountFils ?? 0;
  return {
    subtotalFils,
    shippingFils,
    discountFils,
    totalFils: Math.max(0, subtotalFils + shippingFils - discountFils),
    discount,
  };
}
