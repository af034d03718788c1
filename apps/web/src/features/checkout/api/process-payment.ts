import { apiRequest } from '@/lib/api-client';

/** Records that this paid intent is the one behind this order. */
export async function processPayment(paymentIntentId: string, orderId: number): Promise<void> {
  await apiRequest<unknown>('/v1/payments/process-payment', {
    method: 'POST',
    body: { paymentIntentId, order_id: orderId },
  });
}
