import { queryOptions, useQuery } from '@tanstack/react-query';
import type { SocialProviderName } from '@boutique/contracts/constants';
import { apiRequest } from '@/lib/api-client';

interface ProvidersResponse {
  success: true;
  data: { providers: SocialProviderName[] };
}

/** The social providers the shop has credentials for; no buttons for the others. */
export async function getProviders(signal?: AbortSignal) {
  const res = await apiRequest<ProvidersResponse>('/v1/auth/providers', { signal, session: false });
  return res.data.providers;
}

export const providersQuery = () =>
  queryOptions({
    queryKey: ['auth', 'providers'] as const,
    queryFn: ({ signal }) => getProviders(signal),
    staleTime: 10 * 60_000,
    retry: false,
  });

export const useProviders = () => useQuery(providersQuery());
