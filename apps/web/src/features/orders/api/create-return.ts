import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { OrderReturn, ReturnCreateInput, ReturnResponse } from '@boutique/contracts';
import { apiRequest } from '@/lib/api-client';
import { myOrdersQueryKey } from './get-my-orders';

export async function createReturn(orderId: number, body: ReturnCreateInput): Promise<OrderReturn> {
  const res = await apiRequest<ReturnResponse>(`/v1/orders/${orderId}/returns`, { method: 'POST', body });
  return res.data.return;
}

/** Asks for a return or an exchange; the shopper's orders are asked again to show it. */
export function useCreateReturn(orderId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: ReturnCreateInput) => createReturn(orderId, body),
    onSuccess: async () => {
      await Promise.all([
        client.invalidateQueries({ queryKey: myOrdersQueryKey }),
        client.invalidateQueries({ queryKey: ['orders', orderId] }),
      ]);
    },
  });
}
