import { queryOptions } from '@tanstack/react-query';
import type { SearchResponse } from '@boutique/contracts';
import { apiRequest } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

export async function searchProducts(q: string, signal?: AbortSignal) {
  const res = await apiRequest<SearchResponse>('/v1/products/search', { query: { q }, signal });
  return res.data.data;
}

export const searchQuery = (q: string) =>
  queryOptions({
    queryKey: queryKeys.search(q),
    queryFn: ({ signal }) => searchProducts(q, signal),
    enabled: q.trim().length > 0,
    staleTime: 30_000,
    retry: false,
  });
