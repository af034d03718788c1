import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Order, OrderListResponse } from '@boutique/contracts';
import { apiRequest } from '@/lib/api-client';

/** Under `orders`: dropped when the customer signs out, refreshed after a checkout. */
export const myOrdersQueryKey = ['orders', 'mine'] as const;

export async function getMyOrders(signal?: AbortSignal): Promise<Order[]> {
  const res = await apiRequest<OrderListResponse>('/v1/orders/my-orders', { signal });
  return res.data.orders;
}

export const myOrdersQuery = () =>
  queryOptions({ queryKey: myOrdersQueryKey, queryFn: ({ signal }) => getMyOrders(signal) });

export const useMyOrders = () => useQuery(myOrdersQuery());
