import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { RefundCreateInput, ReturnUpdate } from '@boutique/contracts';
import {
  AFTER_SALE_API,
  type AdminOrderRefundsResponse,
  type AdminRefundListResponse,
  type AdminReturnListQuery,
  type AdminReturnListResponse,
  type AdminReturnResponse,
  type RefundResponse,
} from '@boutique/contracts/admin-after-sale';
import { adminRequest, listQuery } from './admin-request';

const refundsKey = ['admin', 'refunds'] as const;
const returnsKey = ['admin', 'returns'] as const;

/** An order's refunds and what is left to refund. */
export const orderRefundsQuery = (orderId: number) =>
  queryOptions({
    queryKey: [...refundsKey, 'order', orderId] as const,
    queryFn: async ({ signal }) =>
      (await adminRequest<AdminOrderRefundsResponse>(AFTER_SALE_API.orderRefunds(orderId), { signal })).data,
    staleTime: 0,
  });

export const useOrderRefunds = (orderId: number) => useQuery(orderRefundsQuery(orderId));

/** Refunds still pending after a try, or refused by the gateway: the owner must see them. */
export const refundsAttentionQuery = () =>
  queryOptions({
    queryKey: [...refundsKey, 'attention'] as const,
    queryFn: async ({ signal }) =>
      (await adminRequest<AdminRefundListResponse>(AFTER_SALE_API.refunds, { signal })).data.refunds,
    staleTime: 0,
  });

export const useRefundsAttention = () => useQuery(refundsAttentionQuery());

/**
 * Refunds an order. The form keeps one `Idempotency-Key` until a refund is made: a second click or a retry after
 * a lost answer is the same refund, never a second one.
 */
export function useCreateRefund(orderId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ body, key }: { body: RefundCreateInput; key: string }) =>
      adminRequest<RefundResponse>(AFTER_SALE_API.orderRefunds(orderId), {
        method: 'POST',
        body,
        headers: { 'idempotency-key': key },
      }),
    onSuccess: async () => {
      await Promise.all([
        client.invalidateQueries({ queryKey: refundsKey }),
        client.invalidateQueries({ queryKey: ['admin', 'orders'] }),
        client.invalidateQueries({ queryKey: ['admin', 'stats'] }),
      ]);
    },
  });
}

export type ReturnFilters = Partial<Pick<AdminReturnListQuery, 'status' | 'q' | 'order_id'>> & {
  page: number;
  per_page: number;
};

export const adminReturnsQuery = (filters: ReturnFilters) =>
  queryOptions({
    queryKey: [...returnsKey, 'list', filters] as const,
    queryFn: async ({ signal }) =>
      (
        await adminRequest<AdminReturnListResponse>(AFTER_SALE_API.returns, {
          signal,
          query: listQuery(filters),
        })
      ).data,
    placeholderData: keepPreviousData,
    staleTime: 0,
  });

export const useAdminReturns = (filters: ReturnFilters) => useQuery(adminReturnsQuery(filters));

export const adminReturnQuery = (id: number) =>
  queryOptions({
    queryKey: [...returnsKey, 'one', id] as const,
    queryFn: async ({ signal }) =>
      (await adminRequest<AdminReturnResponse>(AFTER_SALE_API.return(id), { signal })).data,
    staleTime: 0,
  });

export const useAdminReturn = (id: number) => useQuery(adminReturnQuery(id));

/** One step of a return; the shopper is e-mailed. Returns, refunds and orders are asked again. */
export function useMoveReturn(id: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (move: ReturnUpdate) =>
      adminRequest<AdminReturnResponse>(AFTER_SALE_API.return(id), { method: 'PATCH', body: move }),
    onSuccess: async () => {
      await Promise.all([
        client.invalidateQueries({ queryKey: returnsKey }),
        client.invalidateQueries({ queryKey: refundsKey }),
        client.invalidateQueries({ queryKey: ['admin', 'orders'] }),
      ]);
    },
  });
}
