import { describe, expect, it } from 'vitest';
import { itemsMatch } from './order-inputs.js';
import { newOrderNumber, ORDER_NUMBER_PATTERN } from './order-number.js';

describe('items of an order call against the paid lines', () => {
  const lines = [
    { productId: 1, slug: 'amira-caftan', color: 'emerald', size: 'M', quantity: 2, price: '1250.00' },
    { productId: 2, slug: 'nour-jellaba', color: '', size: 'L', quantity: 1, price: '890.50' },
  ];
  const items = [
    { product_slug: 'nour-jellaba', quantity: 1, price: 890.5, options: { color: null, size: 'L' as const } },
    {
      product_slug: 'amira-caftan',
      quantity: 1,
      price: '1250',
      options: { color: 'Emerald', size: 'M' as const },
    },
    {
      product_slug: 'amira-caftan',
      quantity: 1,
      price: 1250,
      options: { color: 'emerald', size: 'M' as const },
    },
  ];

  it('match whatever their order, splitting or case', () => {
    expect(itemsMatch(lines, items)).toBe(true);
  });

  it('do not match with another price, quantity, size or an extra line', () => {
    expect(
      itemsMatch(
        lines,
        items.map((i, n) => (n === 0 ? { ...i, price: 890.49 } : i)),
      ),
    ).toBe(false);
    expect(itemsMatch(lines, items.slice(1))).toBe(false);
    expect(
      itemsMatch(
        lines,
        items.map((i, n) => (n === 0 ? { ...i, options: { ...i.options, size: 'S' as const } } : i)),
      ),
    ).toBe(false);
    expect(itemsMatch(lines, [...items, { ...items[0]!, product_slug: 'other' }])).toBe(false);
    expect(
      itemsMatch(
        lines,
        items.map((i, n) => (n === 2 ? { ...i, price: 1 } : i)),
      ),
    ).toBe(false);
  });
});

describe('order numbers', () => {
  it('are DL- and eight unambiguous characters', () => {
    const numbers = new Set(Array.from({ length: 1000 }, newOrderNumber));
    expect(numbers.size).toBe(1000);
    for (const n of numbers) expect(n).toMatch(ORDER_NUMBER_PATTERN);
  });
});
