import { queryOptions, useSuspenseQuery } from '@tanstack/react-query';
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
    // A failed request shows no buttons, as a shop without providers: never an error instead of the form.
    queryFn: ({ signal }) => getProviders(signal).catch((): SocialProviderName[] => []),
    staleTime: 10 * 60_000,
    retry: false,
  });

/**
 * Suspends: the sign-in and register pages come with their buttons, rather than have them push the page (and the
 * footer) down once they arrive.
 */
export const useProviders = () => useSuspenseQuery(providersQuery());
