import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CategoriesResponse } from '@boutique/contracts';
import { apiRequest } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** The collections with live counts: the home page's tiles and the collections landing share this one entry. */
export async function getCategories(signal?: AbortSignal) {
  const res = await apiRequest<CategoriesResponse>('/v1/categories', { signal });
  return categoriesOf(res);
}

export const categoriesOf = (res: CategoriesResponse) => res.data.categories;

export const categoriesQuery = () =>
  queryOptions({ queryKey: queryKeys.categories(), queryFn: ({ signal }) => getCategories(signal) });

export const useCategories = () => useQuery(categoriesQuery());
