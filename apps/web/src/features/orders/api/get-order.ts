import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Order, OrderResponse } from '@boutique/contracts';
import { apiRequest } from '@/lib/api-client';

export async function getOrder(id: number, signal?: AbortSignal): Promise<Order> {
  const res = await apiRequest<OrderResponse>(`/v1/orders/${id}`, { signal });
  return res.data.order;
}

/** One order, fresh from the server; the list's copy is shown meanwhile. */
export const orderQuery = (order: Order) =>
  queryOptions({
    queryKey: ['orders', order.id],
    queryFn: ({ signal }) => getOrder(order.id, signal),
    placeholderData: order,
  });

export const useOrder = (order: Order) => useQuery(orderQuery(order));
