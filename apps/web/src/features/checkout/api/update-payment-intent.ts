import type { PaymentIntentResponse } from '@boutique/contracts';
import { apiRequest } from '@/lib/api-client';
import type { PaymentIntent } from './create-payment-intent';

/** Re-prices the prepared payment after the cart's total changed. */
export async function updatePaymentIntent(paymentIntentId: string, amount: string): Promise<PaymentIntent> {
  const res = await apiRequest<PaymentIntentResponse>('/v1/payments/update-payment-intent', {
    method: 'POST',
    body: { paymentIntentId, amount },
  });
  return res.data;
}
