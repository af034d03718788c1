/**
 * Query keys of catalogue answers. The pages' loaders inline the server's answers under the same keys, read from
 * the same query options (home-page.tsx, product-page.tsx).
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
