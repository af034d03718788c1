import type { CashOnDeliveryOrderInput, PlacedOrderResponse } from '@boutique/contracts';
import { apiRequest } from '@/lib/api-client';

export type PlacedCashOrder = PlacedOrderResponse['data'];

/**
 * Places the cart's order, paid in cash on delivery. The key names this order: sent again after a lost answer,
 * the server answers the order it made rather than a second one.
 */
export async function placeCashOnDelivery(
  input: CashOnDeliveryOrderInput,
  idempotencyKey: string,
): Promise<PlacedCashOrder> {
  const res = await apiRequest<PlacedOrderResponse>('/v1/orders/cash-on-delivery', {
    method: 'POST',
    body: input,
    headers: { 'idempotency-key': idempotencyKey },
  });
  return res.data;
}
