import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { ADMIN_API, type AdminStatsResponse } from '@boutique/contracts/admin';
import type { AdminWorkloadResponse } from '@boutique/contracts/admin-staff';
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

/** What needs doing now, without money: the staff's dashboard. */
export const useAdminWorkload = () =>
  useQuery({
    queryKey: ['admin', 'stats', 'workload'] as const,
    queryFn: async ({ signal }) =>
      (await adminRequest<AdminWorkloadResponse>(ADMIN_API.workload, { signal })).data.workload,
    staleTime: 0,
  });
