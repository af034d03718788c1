import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ProductResponse } from '@boutique/contracts';
import { apiRequest } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

export async function getProduct(slug: string, signal?: AbortSignal) {
  const res = await apiRequest<ProductResponse>(`/v1/products/slug/${encodeURIComponent(slug)}`, { signal });
  return productOf(res);
}

export const productOf = (res: ProductResponse) => res.data;

export const productQuery = (slug: string) =>
  queryOptions({
    queryKey: queryKeys.product(slug),
    queryFn: ({ signal }) => getProduct(slug, signal),
  });

export const useProduct = (slug: string) => useQuery(productQuery(slug));
