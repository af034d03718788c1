import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { ADMIN_API, type AdminStatsResponse } from '@boutique/contracts/admin';
import { adminRequest } from './admin-request';

export const adminStatsQuery = (days: number) =>
  queryOptions({
    queryKey: ['admin', 'stats', days] as const,
    queryFn: async ({ signal }) =>
      (await adminRequest<AdminStatsResponse>(ADMIN_API.stats, { signal, query: { days } })).data.stats,
    placeholderData: keepPreviousData,
    staleTime: 0,
  });

export const useAdminStats = (days: number) => useQuery(adminStatsQuery(days));
