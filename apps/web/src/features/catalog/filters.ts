import type { ProductSummary } from '@boutique/contracts';
import { SIZES, type Size } from '@boutique/contracts/constants';

export const SORTS = ['featured', 'newest', 'price-asc', 'price-desc'] as const;
export type SortKey = (typeof SORTS)[number];

export interface Filters {
  colors: string[];
  sizes: Size[];
  priceRange: [number, number];
}

/** The spec's slider stops at 2000 while caftans cost more: the bound grows to the dearest piece shown. */
export const MIN_PRICE_BOUND = 2000;

export function priceBound(products: Pick<ProductSummary, 'price'>[]): number {
  const max = Math.max(0, ...products.map((p) => Number(p.price)));
  return Math.max(MIN_PRICE_BOUND, Math.ceil(max / 100) * 100);
}

/**
 * A product passes when it has one of the chosen colours, one of the chosen sizes in stock (a shopper who asks
 * for M wants an M they can buy), and a price in range.
 */
export function applyFilters(products: ProductSummary[], filters: Filters): ProductSummary[] {
  const [min, max] = filters.priceRange;
  return products.filter((p) => {
    const price = Number(p.price);
    if (price < min || price > max) return false;
    if (filters.colors.length && !p.colors.some((c) => filters.colors.includes(c.key))) return false;
    if (filters.sizes.length && !p.sizes.some((s) => s.in_stock && filters.sizes.includes(s.name)))
      return false;
    return true;
  });
}

/** `featured` keeps the shop's order; `newest` is by date added; prices compare as numbers. */
export function sortProducts(products: ProductSummary[], sort: SortKey): ProductSummary[] {
  const list = [...products];
  switch (sort) {
    case 'featured':
      return list;
    case 'newest':
      return list.sort((a, b) => Date.parse(b.created_at) - Date.parse(a.created_at) || b.id - a.id);
    case 'price-asc':
      return list.sort((a, b) => Number(a.price) - Number(b.price) || a.id - b.id);
    case 'price-desc':
      return list.sort((a, b) => Number(b.price) - Number(a.price) || a.id - b.id);
  }
}

/** Filters, sort and view mode live in the URL so a filtered collection can be shared and the back button works. */
export function readListingParams(params: URLSearchParams, bound: number) {
  const list = (key: string) => (params.get(key) ?? '').split(',').filter(Boolean);
  const num = (key: string, fallback: number) => {
    const n = Number(params.get(key));
    return params.has(key) && Number.isFinite(n) ? Math.min(Math.max(n, 0), bound) : fallback;
  };
  const sort = params.get('sort');
  const min = num('min', 0);
  const max = num('max', bound);
  return {
    filters: {
      colors: list('color'),
      sizes: list('size').filter((s): s is Size => (SIZES as readonly string[]).includes(s)),
      priceRange: [Math.min(min, max), Math.max(min, max)] as [number, number],
    },
    sort: (SORTS as readonly string[]).includes(sort ?? '') ? (sort as SortKey) : 'featured',
    view: params.get('view') === 'list' ? ('list' as const) : ('grid' as const),
  };
}

export function writeListingParams(
  params: URLSearchParams,
  patch: Partial<{ filters: Filters; sort: SortKey; view: 'grid' | 'list' }>,
  bound: number,
): URLSearchParams {
  const next = new URLSearchParams(params);
  const set = (key: string, value: string | undefined) => (value ? next.set(key, value) : next.delete(key));
  if (patch.filters) {
    set('color', patch.filters.colors.join(','));
    set('size', patch.filters.sizes.join(','));
    const [min, max] = patch.filters.priceRange;
    set('min', min > 0 ? String(min) : undefined);
    set('max', max < bound ? String(max) : undefined);
  }
  if (patch.sort) set('sort', patch.sort === 'featured' ? undefined : patch.sort);
  if (patch.view) set('view', patch.view === 'grid' ? undefined : patch.view);
  return next;
}

export const hasActiveFilters = (f: Filters, bound: number) =>
  f.colors.length > 0 || f.sizes.length > 0 || f.priceRange[0] > 0 || f.priceRange[1] < bound;
