import type { ApplePayContact } from './api/apple-pay';

/**
 * The part of Safari's `ApplePaySession` the checkout uses (TypeScript's DOM types do not describe it). Version 3
 * is the one the spec names.
 */
export const APPLE_PAY_VERSION = 3;

export interface ApplePayPaymentRequest {
  countryCode: string;
  currencyCode: string;
  supportedNetworks: string[];
  merchantCapabilities: string[];
  total: { label: string; amount: string; type?: 'final' | 'pending' };
  lineItems?: { label: string; amount: string; type?: 'final' | 'pending' }[];
  requiredBillingContactFields?: string[];
  requiredShippingContactFields?: string[];
}

export interface ApplePayPaymentAuthorizedEvent {
  payment: {
    token: { paymentData: unknown; paymentMethod?: unknown; transactionIdentifier?: string };
    billingContact?: ApplePayContact;
    shippingContact?: ApplePayContact;
  };
}

export interface ApplePaySessionInstance {
  onvalidatemerchant: ((event: { validationURL?: string }) => void) | null;
  onpaymentauthorized: ((event: ApplePayPaymentAuthorizedEvent) => void) | null;
  oncancel: ((event: unknown) => void) | null;
  begin(): void;
  abort(): void;
  completeMerchantValidation(merchantSession: unknown): void;
  completePayment(result: number | { status: number }): void;
}

export interface ApplePaySessionClass {
  new (version: number, request: ApplePayPaymentRequest): ApplePaySessionInstance;
  canMakePayments(): boolean;
  STATUS_SUCCESS?: number;
  STATUS_FAILURE?: number;
}

/** The wallet, when this browser offers it and can pay with it now; never on the server. */
export function applePaySession(): ApplePaySessionClass | null {
  if (typeof window === 'undefined') return null;
  const session = (window as { ApplePaySession?: ApplePaySessionClass }).ApplePaySession;
  try {
    return session?.canMakePayments() ? session : null;
  } catch {
    // Safari throws when the page is not served securely: no wallet then.
    return null;
  }
}

/** The spec's wallet defaults, for whatever the configuration leaves out. */
export const WALLET_DEFAULTS = {
  countryCode: 'AE',
  currencyCode: 'AED',
  supportedNetworks: ['visa', 'masterCard', 'amex'],
  merchantCapabilities: ['supports3DS', 'supportsCredit', 'supportsDebit'],
  contactFields: ['postalAddress', 'name', 'phone', 'email'],
} as const;

/**
 * Merchant validation is simulated on the client, as the spec describes: a placeholder session. A real
 * deployment asks Apple through the server here; the payment itself is still charged by the server.
 */
export function placeholderMerchantSession(merchantName: string) {
  return {
    epochTimestamp: Date.now(),
    expiresAt: Date.now() + 5 * 60_000,
    merchantSessionIdentifier: `SSH-simulated-${Date.now()}`,
    nonce: Math.random().toString(36).slice(2, 10),
    merchantIdentifier: 'merchant.simulated',
    domainName: typeof location === 'undefined' ? '' : location.hostname,
    displayName: merchantName,
    signature: 'simulated',
  };
}
