import { queryOptions } from '@tanstack/react-query';
import type { ProductPageResponse, ProductTag } from '@boutique/contracts';
import { apiRequest } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** How many pieces a home carousel shows. */
export const SHELF_SIZE = 12;

export type ProductPage = ProductPageResponse['data']['products'];

export async function getProducts(page: number, perPage: number, tag?: ProductTag, signal?: AbortSignal) {
  const res = await apiRequest<ProductPageResponse>('/v1/products', {
    query: { page, per_page: perPage, tag },
    signal,
  });
  return productsOf(res);
}

/** The page of products an answer carries (the server inlines the same). */
export const productsOf = (res: ProductPageResponse) => res.data.products;

/** One page of in-stock products, newest first; the server inlines the home page's pages under these keys. */
export const productsQuery = (page: number, perPage: number, tag?: ProductTag) =>
  queryOptions({
    queryKey: queryKeys.products(page, perPage, tag),
    queryFn: ({ signal }) => getProducts(page, perPage, tag, signal),
  });
