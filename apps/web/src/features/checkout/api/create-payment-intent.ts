import type { PaymentIntentResponse } from '@boutique/contracts';
import { apiRequest } from '@/lib/api-client';

export type PaymentIntent = PaymentIntentResponse['data'];

/** The shipping chosen at step 2: the rate and the address's country the server prices it for. */
export interface ShippingChoice {
  rateId: string;
  country: string;
}

export const shippingBody = (shipping: ShippingChoice) => ({
  shipping_rate_id: shipping.rateId,
  country: shipping.country,
});

/**
 * Prepares a card payment of the server cart's total with the chosen shipping; 409 when `amount` is not that
 * total any more, 422 when the rate does not ship to the country.
 */
export async function createPaymentIntent(amount: string, shipping: ShippingChoice): Promise<PaymentIntent> {
  const res = await apiRequest<PaymentIntentResponse>('/v1/payments/payment-intent', {
    method: 'POST',
    body: { amount, currency: 'AED', ...shippingBody(shipping) },
  });
  return res.data;
}
