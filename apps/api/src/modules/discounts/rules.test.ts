import { describe, expect, it } from 'vitest';
import { splitDiscount, type DiscountRule } from './rules.js';

const rule = (over: Partial<DiscountRule>): DiscountRule => ({
  kind: 'percent',
  value: 1000,
  categoryId: null,
  productIds: [],
  ...over,
});
const line = (productId: number, lineFils: number, categoryId: number | null = 1) => ({
  productId,
  categoryId,
  lineFils,
});

describe('the money of a discount code', () => {
  it('rounds a percentage half up to the fils, once, on the eligible lines', () => {
    // 12.5 % of 333 fils is 41.625: 42 fils.
    const split = splitDiscount(rule({ value: 1250 }), [line(1, 333)], 0);
    expect(split.amountFils).toBe(42);
    // 10 % of 105 fils is 10.5: 11 (half up), never 10 by banker's rounding.
    expect(splitDiscount(rule({ value: 1000 }), [line(1, 105)], 0).amountFils).toBe(11);
  });

  it('shares the amount over the eligible lines by value; the fils left go to the largest remainders', () => {
    const split = splitDiscount(
      rule({ kind: 'amount', value: 100, categoryId: 1 }),
      [line(1, 300), line(2, 300), line(3, 300), line(4, 500, 2)],
      0,
    );
    expect(split.lineFils).toEqual([34, 33, 33, 0]);
    expect(split.eligibleFils).toBe(900);
  });

  it('never goes below zero: an amount is capped at the eligible lines', () => {
    const split = splitDiscount(
      rule({ kind: 'amount', value: 99_999, productIds: [2] }),
      [line(1, 500), line(2, 700)],
      0,
    );
    expect(split).toMatchObject({ amountFils: 700, lineFils: [0, 700] });
  });

  it('free shipping takes off the shipping given, and nothing from the lines', () => {
    const split = splitDiscount(rule({ kind: 'free_shipping', value: 0 }), [line(1, 500)], 2500);
    expect(split).toMatchObject({ amountFils: 2500, shippingFils: 2500, lineFils: [0] });
  });

  it('takes nothing when no line is eligible', () => {
    expect(splitDiscount(rule({ categoryId: 9 }), [line(1, 500)], 0).amountFils).toBe(0);
  });
});
