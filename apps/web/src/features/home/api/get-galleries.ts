import { queryOptions, useQuery } from '@tanstack/react-query';
import type { GalleriesResponse } from '@boutique/contracts';
import { apiRequest } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

export async function getGalleries(signal?: AbortSignal) {
  const res = await apiRequest<GalleriesResponse>('/v1/galleries', { signal });
  return galleriesOf(res);
}

export const galleriesOf = (res: GalleriesResponse) => res.data.data.galleries;

export const galleriesQuery = () =>
  queryOptions({ queryKey: queryKeys.galleries(), queryFn: ({ signal }) => getGalleries(signal) });

export const useGalleries = () => useQuery(galleriesQuery());
