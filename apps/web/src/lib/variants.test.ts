import { describe, expect, it } from 'vitest';
import type { ProductDetail } from '@boutique/contracts';
import { firstColor, picturesFor, sizesIn, startColor } from './variants';

const name = { en: 'x', fr: 'x', ar: 'x' };
const emerald = { id: 1, key: 'emerald', value: '#1f6b4f', name };
const bordeaux = { id: 2, key: 'bordeaux', value: '#6d1a2a', name };

/** Emerald has M only (2 left); bordeaux has M and L; S exists in no colour. */
const bahia: Pick<ProductDetail, 'colors' | 'sizes' | 'variants'> = {
  colors: [emerald, bordeaux],
  sizes: [
    { name: 'S', in_stock: false },
    { name: 'M', in_stock: true },
    { name: 'L', in_stock: true },
  ],
  variants: [
    { color: 'emerald', size: 'S', in_stock: false },
    { color: 'emerald', size: 'M', in_stock: true, left: 2 },
    { color: 'emerald', size: 'L', in_stock: false },
    { color: 'bordeaux', size: 'S', in_stock: false },
    { color: 'bordeaux', size: 'M', in_stock: true },
    { color: 'bordeaux', size: 'L', in_stock: true, left: 1 },
  ],
};

describe('the sizes the shopper can choose in a colour', () => {
  it('a size sold out in the chosen colour only is not choosable, while the other colour offers it', () => {
    expect(sizesIn(bahia, 'emerald')).toEqual([
      { name: 'S', in_stock: false },
      { name: 'M', in_stock: true, left: 2 },
      { name: 'L', in_stock: false },
    ]);
    expect(sizesIn(bahia, 'bordeaux')).toEqual([
      { name: 'S', in_stock: false },
      { name: 'M', in_stock: true },
      { name: 'L', in_stock: true, left: 1 },
    ]);
  });

  it('a size with no piece of the colour at all (no variant) is sold out in it', () => {
    const product = {
      ...bahia,
      variants: bahia.variants.filter((v) => v.color !== 'bordeaux' || v.size !== 'L'),
    };
    expect(sizesIn(product, 'bordeaux').find((s) => s.name === 'L')).toEqual({ name: 'L', in_stock: false });
  });

  it("a product without colours counts the variants of the empty colour ''", () => {
    const plain = {
      colors: [],
      sizes: bahia.sizes,
      variants: [
        { color: '', size: 'S' as const, in_stock: true, left: 3 },
        { color: '', size: 'M' as const, in_stock: false },
      ],
    };
    expect(sizesIn(plain, undefined)).toEqual([
      { name: 'S', in_stock: true, left: 3 },
      { name: 'M', in_stock: false },
      { name: 'L', in_stock: false },
    ]);
  });

  it('the page starts on the first colour with a piece left', () => {
    expect(firstColor(bahia)).toBe('emerald');
    const emeraldGone = { ...bahia, variants: bahia.variants.filter((v) => v.color !== 'emerald') };
    expect(firstColor(emeraldGone)).toBe('bordeaux');
    const allGone = { ...bahia, variants: bahia.variants.map((v) => ({ ...v, in_stock: false })) };
    expect(firstColor(allGone)).toBe('emerald');
    expect(firstColor({ ...bahia, colors: [] })).toBeUndefined();
  });
});

describe('the order of the pictures for a colour', () => {
  const picture = (n: number, color: string | null) => ({ url: `/p/${n}.webp`, sort_order: n, color });
  const pictures = [
    picture(0, null),
    picture(1, 'emerald'),
    picture(2, 'bordeaux'),
    picture(3, 'emerald'),
    picture(4, null),
  ];
  const urls = (list: { url: string }[]) => list.map((p) => p.url);

  it("puts the colour's pictures first, then those of no colour, then the other colours', each in the owner's order", () => {
    expect(urls(picturesFor(pictures, 'emerald'))).toEqual([
      '/p/1.webp',
      '/p/3.webp',
      '/p/0.webp',
      '/p/4.webp',
      '/p/2.webp',
    ]);
    expect(urls(picturesFor(pictures, 'bordeaux'))).toEqual([
      '/p/2.webp',
      '/p/0.webp',
      '/p/4.webp',
      '/p/1.webp',
      '/p/3.webp',
    ]);
  });

  it('keeps every picture, so the gallery keeps its length; a colour without pictures starts on the neutral ones', () => {
    const forIvory = picturesFor(pictures, 'ivory');
    expect(forIvory).toHaveLength(pictures.length);
    expect(urls(forIvory).slice(0, 2)).toEqual(['/p/0.webp', '/p/4.webp']);
  });

  it("keeps the owner's order when no picture names a colour", () => {
    const plain = [picture(0, null), picture(1, null), picture(2, null)];
    expect(picturesFor(plain, 'emerald')).toEqual(plain);
    expect(picturesFor(plain, undefined)).toEqual(plain);
  });

  it('does not change the list it is given', () => {
    const before = urls(pictures);
    picturesFor(pictures, 'bordeaux');
    expect(urls(pictures)).toEqual(before);
  });
});

describe('the colour a page opens on', () => {
  const product = {
    colors: [
      { key: 'emerald', value: '#1f6b4f', name: { en: 'Emerald', fr: 'Émeraude', ar: 'زمردي' } },
      { key: 'bordeaux', value: '#6d1a2b', name: { en: 'Bordeaux', fr: 'Bordeaux', ar: 'عنابي' } },
    ],
    sizes: [{ name: 'M' as const, in_stock: true }],
    variants: [
      { color: 'emerald', size: 'M' as const, in_stock: false },
      { color: 'bordeaux', size: 'M' as const, in_stock: true },
    ],
  } as unknown as ProductDetail;

  it('is the one the address names when the product has it, even sold out', () => {
    expect(startColor(product, 'emerald')).toBe('emerald');
  });

  it('is the first with a piece left otherwise', () => {
    expect(startColor(product, 'saffron')).toBe('bordeaux');
    expect(startColor(product, null)).toBe(firstColor(product));
  });
});
