import { QueryClient } from '@tanstack/react-query';
import { ApiError } from './api-client';
import { bootData } from './boot';

export function createQueryClient() {
  const client = new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 60_000,
        gcTime: 10 * 60_000,
        refetchOnWindowFocus: false,
        // A 4xx will not get better by asking again.
        retry: (count, error) =>
          count < 2 && !(error instanceof ApiError && error.status >= 400 && error.status < 500),
      },
    },
  });
  // Answers the server already wrote into the page: the first paint needs no extra round trip.
  for (const { key, data } of bootData().queries) client.setQueryData(key, data);
  return client;
}
