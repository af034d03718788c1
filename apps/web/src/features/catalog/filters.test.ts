import { describe, expect, it } from 'vitest';
import type { ProductSummary } from '@boutique/contracts';
import { applyFilters, priceBound, readListingParams, sortProducts, writeListingParams } from './filters';

const product = (
  id: number,
  price: string,
  colors: string[],
  sizes: string[],
  created: string,
): ProductSummary =>
  ({
    id,
    slug: `p${id}`,
    price,
    created_at: created,
    colors: colors.map((key, i) => ({ id: i, key, value: '#000000', name: { en: key, fr: key, ar: key } })),
    // A size written `M-` is sold out.
    sizes: sizes.map((name) => ({ name: name.replace('-', ''), in_stock: !name.endsWith('-') })),
  }) as unknown as ProductSummary;

const list = [
  product(1, '1250.00', ['emerald'], ['S', 'M'], '2026-01-01T00:00:00Z'),
  product(2, '890.00', ['ivory', 'gold'], ['L'], '2026-03-01T00:00:00Z'),
  product(3, '4800.00', ['emerald', 'ivory'], ['M', 'XL'], '2026-02-01T00:00:00Z'),
];
const all = { colors: [], sizes: [], priceRange: [0, 5000] as [number, number] };
const ids = (l: ProductSummary[]) => l.map((p) => p.id);

describe('applyFilters', () => {
  it('keeps everything with no filter', () => {
    expect(ids(applyFilters(list, all))).toEqual([1, 2, 3]);
  });

  it('requires one of the chosen colours, one of the chosen sizes and a price in range', () => {
    expect(ids(applyFilters(list, { ...all, colors: ['ivory'] }))).toEqual([2, 3]);
    expect(ids(applyFilters(list, { ...all, sizes: ['M'] }))).toEqual([1, 3]);
    expect(ids(applyFilters(list, { ...all, colors: ['emerald'], sizes: ['XL'] }))).toEqual([3]);
    expect(ids(applyFilters(list, { ...all, priceRange: [900, 2000] }))).toEqual([1]);
  });

  it('counts a size only when it is in stock', () => {
    const soldOutM = [...list, product(4, '990.00', ['gold'], ['M-', 'L'], '2026-02-02T00:00:00Z')];
    expect(ids(applyFilters(soldOutM, { ...all, sizes: ['M'] }))).toEqual([1, 3]);
    expect(ids(applyFilters(soldOutM, { ...all, sizes: ['L'] }))).toEqual([2, 4]);
    expect(ids(applyFilters(list, { ...all, priceRange: [890, 890] }))).toEqual([2]);
  });
});

describe('sortProducts', () => {
  it('keeps the shop order for featured and sorts the others without touching the input', () => {
    expect(ids(sortProducts(list, 'featured'))).toEqual([1, 2, 3]);
    expect(ids(sortProducts(list, 'newest'))).toEqual([2, 3, 1]);
    // By the moment, not the text: a timestamp with milliseconds is later than the same second without.
    const sameSecond = [
      product(7, '100.00', ['gold'], ['M'], '2026-03-01T10:00:00Z'),
      product(8, '100.00', ['gold'], ['M'], '2026-03-01T10:00:00.250Z'),
    ];
    expect(ids(sortProducts(sameSecond, 'newest'))).toEqual([8, 7]);
    expect(ids(sortProducts(list, 'price-asc'))).toEqual([2, 1, 3]);
    expect(ids(sortProducts(list, 'price-desc'))).toEqual([3, 1, 2]);
    expect(ids(list)).toEqual([1, 2, 3]);
  });
});

describe('listing parameters', () => {
  it('grows the price bound to the dearest product', () => {
    expect(priceBound(list)).toBe(4800);
    expect(priceBound([{ price: '120.00' }])).toBe(2000);
  });

  it('round-trips filters, sort and view through the URL and ignores junk', () => {
    const params = writeListingParams(
      new URLSearchParams(),
      {
        filters: { colors: ['emerald'], sizes: ['M', 'L'], priceRange: [500, 3000] },
        sort: 'price-asc',
        view: 'list',
      },
      4800,
    );
    expect(params.toString()).toBe('color=emerald&size=M%2CL&min=500&max=3000&sort=price-asc&view=list');
    expect(readListingParams(params, 4800)).toEqual({
      filters: { colors: ['emerald'], sizes: ['M', 'L'], priceRange: [500, 3000] },
      sort: 'price-asc',
      view: 'list',
    });
    const junk = readListingParams(
      new URLSearchParams('size=XXL,M&sort=cheap&min=-5&max=99999&view=x'),
      4800,
    );
    expect(junk).toEqual({
      filters: { colors: [], sizes: ['M'], priceRange: [0, 4800] },
      sort: 'featured',
      view: 'grid',
    });
  });
});
