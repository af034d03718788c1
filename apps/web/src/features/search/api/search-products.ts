import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { SearchQuery, SearchResponse } from '@boutique/contracts';
import { apiRequest } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

export type SearchParams = SearchQuery;

export async function searchProducts(params: SearchParams, signal?: AbortSignal) {
  const res = await apiRequest<SearchResponse>('/v1/products/search', { query: { ...params }, signal });
  return res.data.data;
}

export const searchQuery = (params: SearchParams) =>
  queryOptions({
    queryKey: queryKeys.search(params),
    queryFn: ({ signal }) => searchProducts(params, signal),
    enabled: params.q.trim().length > 0,
    staleTime: 30_000,
    retry: false,
    // While the shopper types, the last answer stays on screen until the next one arrives.
    placeholderData: keepPreviousData,
  });
