/**
 * The money of a discount code, in one place: which lines it falls on, how much it takes off and how that
 * amount is shared between the lines (so a refund of one line gives back its share of the discounted total).
 * Integer fils only; the one rounding rule is half up to the fils, on the whole discount, then the shares are
 * given out by largest remainder so that they add up to it exactly.
 */

export type DiscountKind = 'percent' | 'amount' | 'free_shipping';

export interface DiscountRule {
  kind: DiscountKind;
  /** percent: the rate in hundredths of a percent (12.5 % = 1250); amount: fils off; free_shipping: unused. */
  value: number;
  categoryId: number | null;
  productIds: readonly number[];
}

export interface DiscountableLine {
  productId: number;
  categoryId: number | null;
  /** Unit price x quantity, fils. */
  lineFils: number;
}

export interface DiscountSplit {
  /** The whole discount, fils: never more than the eligible lines (and the shipping, for free_shipping). */
  amountFils: number;
  /** What falls on each line, same order as the lines given. */
  lineFils: number[];
  /** What falls on the shipping (free_shipping only). */
  shippingFils: number;
  /** The lines the code is for, added up. */
  eligibleFils: number;
}

/** The code is for this line: its category (when the code names one) and its product (when it names some). */
export function lineEligible(rule: Pick<DiscountRule, 'categoryId' | 'productIds'>, line: DiscountableLine) {
  if (rule.categoryId !== null && line.categoryId !== rule.categoryId) return false;
  if (rule.productIds.length > 0 && !rule.productIds.includes(line.productId)) return false;
  return true;
}

/** What the code takes off these lines and this shipping (fils), shared out between them. */
export function splitDiscount(
  rule: DiscountRule,
  lines: readonly DiscountableLine[],
  shippingFils: number,
): DiscountSplit {
  const eligible = lines.map((l) => lineEligible(rule, l));
  const eligibleFils = lines.reduce((sum, l, i) => sum + (eligible[i] ? l.lineFils : 0), 0);
  const none = { amountFils: 0, lineFils: lines.map(() => 0), shippingFils: 0, eligibleFils };
  if (eligibleFils <= 0) return none;
  if (rule.kind === 'free_shipping') {
    return { ...none, amountFils: Math.max(0, shippingFils), shippingFils: Math.max(0, shippingFils) };
  }
  const wanted =
    rule.kind === 'percent' ? Math.round((eligibleFils * Math.min(rule.value, 10_000)) / 10_000) : rule.value;
  const amountFils = Math.max(0, Math.min(wanted, eligibleFils));
  return {
    amountFils,
    lineFils: share(amountFils, lines, eligible, eligibleFils),
    shippingFils: 0,
    eligibleFils,
  };
}

/** `amount` spread over the eligible lines in proportion to their value; the fils left by flooring go to the largest remainders. */
function share(
  amount: number,
  lines: readonly DiscountableLine[],
  eligible: boolean[],
  eligibleFils: number,
): number[] {
  const exact = lines.map((l, i) => (eligible[i] ? (amount * l.lineFils) / eligibleFils : 0));
  const out = exact.map((x) => Math.floor(x));
  let left = amount - out.reduce((a, b) => a + b, 0);
  const order = exact
    .map((x, i) => ({ i, rest: x - Math.floor(x) }))
    .filter(({ i }) => eligible[i])
    .sort((a, b) => b.rest - a.rest || a.i - b.i);
  for (const { i } of order) {
    if (left <= 0) break;
    out[i] = (out[i] ?? 0) + 1;
    left -= 1;
  }
  return out;
}
