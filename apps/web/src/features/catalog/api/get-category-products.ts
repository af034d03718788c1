import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CategoryProductsResponse } from '@boutique/contracts';
import { apiRequest } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

export async function getCategoryProducts(slug: string, signal?: AbortSignal) {
  const res = await apiRequest<CategoryProductsResponse>(
    `/v1/products/filters/category/${encodeURIComponent(slug)}`,
    { signal },
  );
  return categoryProductsOf(res);
}

export const categoryProductsOf = (res: CategoryProductsResponse) => res.data.data;

export const categoryProductsQuery = (slug: string) =>
  queryOptions({
    queryKey: queryKeys.category(slug),
    queryFn: ({ signal }) => getCategoryProducts(slug, signal),
  });

export const useCategoryProducts = (slug: string) => useQuery(categoryProductsQuery(slug));
