import type { PaymentIntentResponse } from '@boutique/contracts';
import { apiRequest } from '@/lib/api-client';

export type PaymentIntent = PaymentIntentResponse['data'];

/** Prepares a card payment of the server cart's total; 409 when `amount` is not that total any more. */
export async function createPaymentIntent(amount: string): Promise<PaymentIntent> {
  const res = await apiRequest<PaymentIntentResponse>('/v1/payments/payment-intent', {
    method: 'POST',
    body: { amount, currency: 'AED' },
  });
  return res.data;
}
