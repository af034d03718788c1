import type { AddressFields, PaymentConfirmResponse, SandboxConfirm } from '@boutique/contracts';
import { apiRequest } from '@/lib/api-client';

export type CardConfirmation = PaymentConfirmResponse['data'];

/** Sandbox only: what Stripe.js's confirmCardPayment does, with one of Stripe's test cards. */
export async function confirmSandboxPayment(input: {
  clientSecret: string;
  card: SandboxConfirm['card'];
  billing: AddressFields;
}): Promise<CardConfirmation> {
  const res = await apiRequest<PaymentConfirmResponse>('/v1/payments/sandbox/confirm', {
    method: 'POST',
    body: { clientSecret: input.clientSecret, card: input.card, billing_details: input.billing },
  });
  return res.data;
}
