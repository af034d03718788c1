import { queryOptions, useQuery } from '@tanstack/react-query';
import type {
  AddressFields,
  PaymentIntentResponse,
  PaymentLinkOutcomeResponse,
  PaymentLinkResponse,
  SandboxConfirm,
} from '@boutique/contracts';
import { apiRequest } from '@/lib/api-client';
import type { CardConfirmation } from './confirm-sandbox-payment';

const base = (token: string) => `/v1/pay/${encodeURIComponent(token)}`;

export type PaymentLink = PaymentLinkResponse['data'];
export type PaymentLinkOutcome = PaymentLinkOutcomeResponse['data'];

/** The order a payment link pays (410 once paid, cancelled or expired). No sign-in: the token is the key. */
export const paymentLinkQuery = (token: string) =>
  queryOptions({
    queryKey: ['pay-link', token] as const,
    queryFn: async ({ signal }) =>
      (await apiRequest<PaymentLinkResponse>(base(token), { signal, session: false })).data,
    retry: false,
    staleTime: 0,
  });

export const usePaymentLink = (token: string) => useQuery(paymentLinkQuery(token));

/** The link's one payment intent. */
export async function paymentLinkIntent(token: string) {
  return (
    await apiRequest<PaymentIntentResponse>(`${base(token)}/intent`, { method: 'POST', session: false })
  ).data;
}

/** Sandbox only: the card confirmed on the link's own route (it pays that order and nothing else). */
export const confirmLinkCard =
  (token: string) =>
  async (input: { clientSecret: string; card: SandboxConfirm['card']; billing: AddressFields }) => {
    const res = await apiRequest<PaymentLinkOutcomeResponse>(`${base(token)}/sandbox-confirm`, {
      method: 'POST',
      body: { card: input.card, billing_details: input.billing },
      session: false,
    });
    const { status, error } = res.data;
    return { paymentIntent: { id: '', status }, error } satisfies CardConfirmation;
  };

/** After the card: asks the server to check with the gateway and answer whether the order is paid. */
export async function completePaymentLink(token: string): Promise<PaymentLinkOutcome> {
  return (
    await apiRequest<PaymentLinkOutcomeResponse>(`${base(token)}/complete`, {
      method: 'POST',
      session: false,
    })
  ).data;
}
