import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ADMIN_API } from '@boutique/contracts/admin';
import type {
  AdminDiscount,
  AdminDiscountResponse,
  DiscountCreateInput,
  DiscountUpdateSchema,
} from '@boutique/contracts/discounts';
import type { z } from 'zod';
import { adminRequest } from './admin-request';

type ListResponse = { success: true; data: { discounts: AdminDiscount[] } };

export const adminDiscountsQuery = () =>
  queryOptions({
    queryKey: ['admin', 'discounts'] as const,
    queryFn: async ({ signal }) =>
      (await adminRequest<ListResponse>(ADMIN_API.discounts, { signal })).data.discounts,
    staleTime: 0,
  });

export const useAdminDiscounts = () => useQuery(adminDiscountsQuery());

/** Create (no id) or change (id and the version it was read at) a discount code. */
export function useSaveDiscount() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, version, body }: { id?: number; version?: number; body: DiscountCreateInput }) =>
      id === undefined
        ? adminRequest<AdminDiscountResponse>(ADMIN_API.discounts, { method: 'POST', body })
        : adminRequest<AdminDiscountResponse>(ADMIN_API.discount(id), {
            method: 'PATCH',
            body: { ...body, version } satisfies z.input<typeof DiscountUpdateSchema>,
          }),
    onSettled: () => client.invalidateQueries({ queryKey: ['admin', 'discounts'] }),
  });
}

/** Delete a code never used; the API archives one that was (its orders keep naming it). */
export function useDeleteDiscount() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, version }: { id: number; version: number }) =>
      adminRequest<AdminDiscountResponse>(ADMIN_API.discount(id), { method: 'DELETE', body: { version } }),
    onSettled: () => client.invalidateQueries({ queryKey: ['admin', 'discounts'] }),
  });
}
