/**
 * Query keys of catalogue answers. The server inlines answers under the same keys
 * (apps/api/src/plugins/site/route-data.ts), so keep both in step.
 */
export const queryKeys = {
  category: (slug: string) => ['category', slug.toLowerCase()] as const,
  product: (slug: string) => ['product', slug.toLowerCase()] as const,
  categories: () => ['categories'] as const,
  products: (page: number, perPage: number, tag?: string) =>
    ['products', page, perPage, tag ?? null] as const,
  galleries: () => ['galleries'] as const,
  search: (params: { q: string; category?: string; color?: string; size?: string }) =>
    ['search', params.q, params.category ?? null, params.color ?? null, params.size ?? null] as const,
};
