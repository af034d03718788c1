import { queryOptions } from '@tanstack/react-query';
import type { AddressFields } from '@boutique/contracts';
import { applePayContactFields, type ApplePayContact } from '@boutique/contracts/apple-pay';
import { apiRequest } from '@/lib/api-client';

export interface ApplePayConfig {
  countryCode: string;
  currencyCode: string;
  supportedNetworks: string[];
  merchantCapabilities: string[];
  merchantName: string;
}

export async function getApplePayConfig(signal?: AbortSignal): Promise<ApplePayConfig> {
  const res = await apiRequest<{ success: true; data: ApplePayConfig }>('/v1/apple-pay/config', { signal });
  return res.data;
}

export const applePayConfigQuery = () =>
  queryOptions({
    queryKey: ['checkout', 'apple-pay-config'],
    queryFn: ({ signal }) => getApplePayConfig(signal),
    staleTime: Infinity,
    retry: 1,
  });

export type { ApplePayContact };

export interface ApplePayResult {
  success: boolean;
  transaction_id: string | null;
  message: string;
  /** Why the card was refused (Stripe's code), shown in the shopper's language. */
  code?: string;
}

/** Charges the wallet's token for the cart's total. */
export async function processApplePayment(input: {
  token: unknown;
  billingContact: ApplePayContact | undefined;
  shippingContact: ApplePayContact | undefined;
  amount: string;
  /** The rate chosen at step 2; the server prices it for the wallet's shipping contact's country. */
  shippingRateId: string;
}): Promise<ApplePayResult> {
  const res = await apiRequest<{ success: true; data: ApplePayResult }>('/v1/apple-pay/process-payment', {
    method: 'POST',
    body: {
      applePayToken: input.token,
      billing_contact: input.billingContact,
      shipping_contact: input.shippingContact,
      amount: input.amount,
      shipping_rate_id: input.shippingRateId,
      currency: 'AED',
    },
  });
  return res.data;
}

/** A wallet contact as a checkout address, or undefined when it lacks a part the order needs. */
export function contactAddress(contact: ApplePayContact | undefined): AddressFields | undefined {
  if (!contact) return undefined;
  const address = applePayContactFields(contact);
  return Object.values(address).every(Boolean) ? address : undefined;
}
