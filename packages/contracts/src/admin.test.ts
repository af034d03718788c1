import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ProductCreateSchema, ProductUpdateSchema, type ProductCreateInput } from './admin.js';

const caftan = (): ProductCreateInput => ({
  category: 'caftan',
  name: { en: 'Noor Ivory Caftan', fr: 'Caftan Noor ivoire', ar: 'قفطان نور العاجي' },
  description: { en: 'Silk crepe.', fr: 'Crêpe de soie.', ar: 'كريب حرير.' },
  price: '1250',
  sizes: [{ name: 'M', stock: 3 }],
});

const errorsOf = (result: { success: boolean; error?: z.ZodError }) =>
  result.error ? z.flattenError(result.error).fieldErrors : {};
const paths = (result: { error?: z.ZodError }) =>
  (result.error?.issues ?? []).map((i) => `${i.path.join('.')}: ${i.message}`);

describe('the product form schema', () => {
  it('fills the defaults of a new product', () => {
    const parsed = ProductCreateSchema.parse(caftan());
    expect(parsed).toMatchObject({
      status: 'active',
      featured: false,
      best_seller: false,
      old_price: null,
      details: [],
      care: [],
      colors: [],
    });
    expect(parsed.slug).toBeUndefined();
  });

  it('names the field of each mistake', () => {
    const { ar: _ar, ...noArabic } = caftan().name as Record<string, string>;
    expect(paths(ProductCreateSchema.safeParse({ ...caftan(), name: noArabic }))).toEqual([
      'name.ar: The Arabic name field is required.',
    ]);
    expect(paths(ProductCreateSchema.safeParse({ ...caftan(), price: '-5' }))).toEqual([
      'price: The price may not be negative.',
    ]);
    expect(paths(ProductCreateSchema.safeParse({ ...caftan(), old_price: '1000.00' }))).toEqual([
      'old_price: The old price must be higher than the price.',
    ]);
    expect(
      paths(
        ProductCreateSchema.safeParse({ ...caftan(), name: { ...caftan().name, en: 'x'.repeat(10_000) } }),
      ),
    ).toEqual(['name.en: The English name may not be greater than 200 characters.']);
    // The old price is judged even when another field is wrong: the form shows both at once.
    expect(
      Object.keys(errorsOf(ProductCreateSchema.safeParse({ ...caftan(), old_price: '10', sizes: [] }))),
    ).toEqual(['sizes', 'old_price']);
  });

  it('changes only what a change sends', () => {
    expect(ProductUpdateSchema.parse({ price: '99.5' })).toEqual({ price: '99.5' });
    expect(paths(ProductUpdateSchema.safeParse({ price: '100', old_price: '90' }))).toEqual([
      'old_price: The old price must be higher than the price.',
    ]);
  });
});
