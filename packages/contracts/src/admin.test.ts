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

describe('first counts per colour and size', () => {
  const emerald = { name: { en: 'Emerald', fr: 'Émeraude', ar: 'زمردي' }, value: '#1f6b4f' };
  const bordeaux = { name: { en: 'Bordeaux', fr: 'Bordeaux', ar: 'عنابي' }, value: '#6d1a2b' };
  const twoColours = (): ProductCreateInput => ({
    ...caftan(),
    colors: [emerald, bordeaux],
    sizes: [{ name: 'M' }, { name: 'L' }],
  });

  it('takes a count per colour value and size', () => {
    const parsed = ProductCreateSchema.parse({
      ...twoColours(),
      variants: [
        { color_value: '#1F6B4F', size: 'M', stock: '٣' },
        { color_value: '#6d1a2b', size: 'L', stock: 2 },
      ],
    });
    expect(parsed.variants).toEqual([
      { color_value: '#1f6b4f', size: 'M', stock: 3 },
      { color_value: '#6d1a2b', size: 'L', stock: 2 },
    ]);
  });

  it('refuses a colour or a size the product does not come in, a variant twice, or counts given twice', () => {
    const unknownColour = { color_value: '#000000', size: 'M', stock: 1 };
    expect(paths(ProductCreateSchema.safeParse({ ...twoColours(), variants: [unknownColour] }))).toEqual([
      'variants: Each count must name one of the product’s colours (or none when it has no colour) and one of its sizes.',
    ]);
    const noColour = { color_value: '', size: 'M', stock: 1 };
    expect(paths(ProductCreateSchema.safeParse({ ...twoColours(), variants: [noColour] }))).toHaveLength(1);
    expect(
      paths(ProductCreateSchema.safeParse({ ...caftan(), sizes: [{ name: 'M' }], variants: [noColour] })),
    ).toEqual([]);
    const xl = { color_value: '#1f6b4f', size: 'XL', stock: 1 };
    expect(paths(ProductCreateSchema.safeParse({ ...twoColours(), variants: [xl] }))).toHaveLength(1);
    const m = { color_value: '#1f6b4f', size: 'M', stock: 1 };
    expect(paths(ProductCreateSchema.safeParse({ ...twoColours(), variants: [m, m] }))).toEqual([
      'variants: Each colour and size may appear once.',
    ]);
    expect(
      paths(
        ProductCreateSchema.safeParse({ ...twoColours(), sizes: [{ name: 'M', stock: 4 }], variants: [m] }),
      ),
    ).toEqual(['variants: Give the first counts per size or per colour and size, not both.']);
  });
});
