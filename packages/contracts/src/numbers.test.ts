import { describe, expect, it } from 'vitest';
import { ProductUpdateSchema, StockAdjustmentCreateSchema } from './admin.js';
import { CartAddSchema } from './cart.js';
import { normalizeNumberText, parseWholeNumber } from './numbers.js';

describe('numbers as people type them', () => {
  it('reads Arabic-Indic and Persian digits, the Arabic decimal mark and thousands separators', () => {
    for (const [typed, read] of [
      ['١٩٥٠', '1950'],
      ['۱۹۵۰', '1950'],
      ['١٬٩٥٠٫٥٠', '1950.50'],
      ['1,950', '1950'],
      ['1 950', '1950'],
      ['1\u202f950,5', '1950.5'],
      ['12,500.25', '12500.25'],
      ['1950,50', '1950.50'],
      ['\u200f١٩٥٠\u200f', '1950'],
      ['−3', '-3'],
      ['+٢', '+2'],
    ]) {
      expect(normalizeNumberText(typed!), typed).toBe(read);
    }
  });

  it('leaves what is not a number for the schema to refuse', () => {
    for (const typed of ['1,950,50', '1.950.5', '12,34,567', 'twelve', '', '1 95']) {
      expect(normalizeNumberText(typed), typed).not.toMatch(/^[+-]?\d+(\.\d+)?$/);
    }
    expect(parseWholeNumber('٣')).toBe(3);
    expect(parseWholeNumber('-١')).toBe(-1);
    expect(parseWholeNumber('1.5')).toBeUndefined();
  });

  it('is applied once, by the schemas the API and the forms share', () => {
    expect(ProductUpdateSchema.parse({ price: '١٩٥٠' }).price).toBe('1950');
    expect(ProductUpdateSchema.safeParse({ price: '١٩,٥٠,٠' }).error?.issues[0]?.message).toMatch(
      /amount in AED/,
    );
    expect(StockAdjustmentCreateSchema.parse({ size: 'M', delta: '+٣', reason: 'received' }).delta).toBe(3);
    expect(CartAddSchema.parse({ slug: 'noor', quantity: '۲', options: { size: 'M' } }).quantity).toBe(2);
    expect(
      CartAddSchema.safeParse({ slug: 'noor', quantity: 'two', options: { size: 'M' } }).error?.issues[0]
        ?.message,
    ).toBe('The quantity must be a whole number.');
  });
});
