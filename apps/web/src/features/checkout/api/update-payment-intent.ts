import type { PaymentIntentResponse } from '@boutique/contracts';
import { apiRequest } from '@/lib/api-client';
import { shippingBody, type PaymentIntent, type ShippingChoice } from './create-payment-intent';

/** Re-prices the prepared payment after the cart's total or the shipping changed. */
export async function updatePaymentIntent(
  paymentIntentId: string,
  amount: string,
  shipping: ShippingChoice,
): Promise<PaymentIntent> {
  const res = await apiRequest<PaymentIntentResponse>('/v1/payments/update-payment-intent', {
    method: 'POST',
    body: { paymentIntentId, amount, ...shippingBody(shipping) },
  });
  return res.data;
}
