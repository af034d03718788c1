import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PaymentConfigResponse } from '@boutique/contracts';
import { apiRequest } from '@/lib/api-client';

export type PaymentConfig = PaymentConfigResponse['data'];

/** Which card form the checkout shows: our sandbox fields, or Stripe Elements with this key. */
export async function getPaymentConfig(signal?: AbortSignal): Promise<PaymentConfig> {
  const res = await apiRequest<PaymentConfigResponse>('/v1/payments/config', { signal });
  return res.data;
}

export const paymentConfigQuery = () =>
  queryOptions({
    queryKey: ['checkout', 'payment-config'],
    queryFn: ({ signal }) => getPaymentConfig(signal),
    staleTime: Infinity,
  });

export const usePaymentConfig = () => useQuery(paymentConfigQuery());
