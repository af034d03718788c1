import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { z } from 'zod';
import { ConfigError } from './error.js';
import { DECIMAL_AMOUNT, toFils } from '@boutique/contracts/constants';
import { flag, optionalString } from './fields.js';
import type { ServerEnv } from './server.js';

/** How the shop takes payments: the gateway, Stripe's keys, and the sweep that makes orders of paid payments. */
export const PaymentsEnv = z.object({
  /**
   * sandbox: payments simulated offline with Stripe's test cards; stripe: real PaymentIntents. Unset: the sandbox,
   * except in production on https, where it must be chosen (see checkGatewayChosen).
   */
  PAYMENT_GATEWAY: optionalString.pipe(z.enum(['sandbox', 'stripe']).optional()),
  STRIPE_SECRET_KEY: optionalString.pipe(
    z
      .string()
      .regex(/^(sk|rk)_(test|live)_[A-Za-z0-9_]+$/, 'must be a Stripe secret key (sk_test_..., sk_live_...)')
      .optional(),
  ),
  STRIPE_PUBLISHABLE_KEY: optionalString.pipe(
    z
      .string()
      .regex(/^pk_(test|live)_[A-Za-z0-9_]+$/, 'must be a Stripe publishable key (pk_test_..., pk_live_...)')
      .optional(),
  ),
  STRIPE_WEBHOOK_SECRET: optionalString.pipe(
    z
      .string()
      .regex(/^whsec_[A-Za-z0-9_+/=]+$/, 'must be a webhook signing secret (whsec_...)')
      .optional(),
  ),
  /** Where the Stripe SDK sends its calls instead of https://api.stripe.com (a local fake in tests). */
  STRIPE_API_BASE: optionalString.pipe(z.url({ protocol: /^https?$/ }).optional()),
  /**
   * Where the storefront loads Stripe.js from instead of https://js.stripe.com (a local stand-in in tests): the
   * page's CSP admits this origin instead of Stripe's.
   */
  STRIPE_JS_URL: optionalString.pipe(z.url({ protocol: /^https?$/ }).optional()),
  /**
   * Apple Pay's domain-association file, served at /.well-known/apple-developer-merchantid-domain-association:
   * a path to the file Stripe's dashboard (or Apple) gives, or its content. Unset: that address answers 404.
   */
  APPLE_PAY_DOMAIN_ASSOCIATION: optionalString,
  /**
   * A paid payment whose order call has not arrived after this long becomes an order by reconciliation; the
   * shopper's own call, seconds after paying, normally wins.
   */
  RECONCILE_AFTER_S: z.coerce.number().int().min(0).max(86_400).default(60),
  /** How often the sweep looks for paid payments without an order; 0: only once at start. */
  RECONCILE_INTERVAL_S: z.coerce.number().int().min(0).max(86_400).default(60),
  /** Cash on delivery for addresses in the UAE: the order is placed without a card and paid to the courier. */
  COD_ENABLED: flag('true'),
  /** What cash on delivery adds to the order, in AED (VAT included), shown as its own line. */
  COD_FEE: z
    .string()
    .trim()
    .regex(DECIMAL_AMOUNT, 'must be an amount in AED, such as 10 or 12.50')
    .refine((v) => !DECIMAL_AMOUNT.test(v) || toFils(v) <= 100_000, 'must be at most 1000 AED')
    .default('0'),
  /** How long a payment link the owner e-mails for a manual order can be paid with. */
  PAYMENT_LINK_HOURS: z.coerce
    .number()
    .int()
    .min(1)
    .max(24 * 30)
    .default(72),
});
export type PaymentsEnv = z.infer<typeof PaymentsEnv>;

/** Stripe needs its three keys, of one mode (test or live). */
export function checkStripeKeys(e: PaymentsEnv, ctx: z.RefinementCtx): void {
  if (e.PAYMENT_GATEWAY !== 'stripe') return;
  for (const name of ['STRIPE_SECRET_KEY', 'STRIPE_PUBLISHABLE_KEY', 'STRIPE_WEBHOOK_SECRET'] as const) {
    if (!e[name]) {
      ctx.addIssue({ code: 'custom', path: [name], message: 'required when PAYMENT_GATEWAY is stripe' });
      return;
    }
  }
  const mode = (key: string | undefined) => (key?.includes('_live_') ? 'live' : 'test');
  if (mode(e.STRIPE_SECRET_KEY) !== mode(e.STRIPE_PUBLISHABLE_KEY)) {
    ctx.addIssue({
      code: 'custom',
      path: ['STRIPE_PUBLISHABLE_KEY'],
      message: `is a ${mode(e.STRIPE_PUBLISHABLE_KEY)} key but STRIPE_SECRET_KEY is a ${mode(e.STRIPE_SECRET_KEY)} key`,
    });
  }
}

/**
 * A shop on https in production takes real orders: the offline sandbox would accept test cards and ship for
 * free, so the gateway must be chosen, not defaulted to.
 */
export function checkGatewayChosen(e: PaymentsEnv & ServerEnv, ctx: z.RefinementCtx): void {
  if (e.NODE_ENV === 'production' && e.PUBLIC_URL?.startsWith('https://') && !e.PAYMENT_GATEWAY) {
    ctx.addIssue({
      code: 'custom',
      path: ['PAYMENT_GATEWAY'],
      message:
        'must be set in production on https: stripe to take real payments, or sandbox to take only test cards',
    });
  }
}

export interface StripeSettings {
  secretKey: string;
  publishableKey: string;
  webhookSecret: string;
  /** Live keys move real money; test keys only Stripe's test cards. */
  testMode: boolean;
  /** Set when STRIPE_API_BASE points the SDK elsewhere than api.stripe.com. */
  api: { host: string; port: number; protocol: 'http' | 'https' } | undefined;
  /** Origin the browser's Stripe.js calls (api.stripe.com, or STRIPE_API_BASE's). */
  apiOrigin: string;
  /** STRIPE_JS_URL; undefined: the storefront loads Stripe.js from js.stripe.com as @stripe/stripe-js does. */
  jsUrl: string | undefined;
}

export interface PaymentsConfig {
  gateway: 'sandbox' | 'stripe';
  /** Set when the gateway is stripe. */
  stripe: StripeSettings | undefined;
  reconcileAfterS: number;
  reconcileIntervalS: number;
  /** Content of Apple Pay's domain-association file; undefined: not served. */
  applePayDomainAssociation: string | undefined;
  /** Cash on delivery (UAE addresses only) and its fee in fils. */
  cashOnDelivery: { enabled: boolean; feeFils: number };
  /** Hours a manual order's payment link stays valid. */
  paymentLinkHours: number;
}

export function paymentsConfig(e: PaymentsEnv): PaymentsConfig {
  return {
    gateway: e.PAYMENT_GATEWAY ?? 'sandbox',
    stripe:
      e.PAYMENT_GATEWAY === 'stripe' &&
      e.STRIPE_SECRET_KEY &&
      e.STRIPE_PUBLISHABLE_KEY &&
      e.STRIPE_WEBHOOK_SECRET
        ? {
            secretKey: e.STRIPE_SECRET_KEY,
            publishableKey: e.STRIPE_PUBLISHABLE_KEY,
            webhookSecret: e.STRIPE_WEBHOOK_SECRET,
            testMode: !e.STRIPE_SECRET_KEY.includes('_live_'),
            api: e.STRIPE_API_BASE ? stripeApi(e.STRIPE_API_BASE) : undefined,
            apiOrigin: new URL(e.STRIPE_API_BASE ?? 'https://api.stripe.com').origin,
            jsUrl: e.STRIPE_JS_URL,
          }
        : undefined,
    reconcileAfterS: e.RECONCILE_AFTER_S,
    reconcileIntervalS: e.RECONCILE_INTERVAL_S,
    applePayDomainAssociation: domainAssociation(e.APPLE_PAY_DOMAIN_ASSOCIATION),
    cashOnDelivery: { enabled: e.COD_ENABLED, feeFils: toFils(e.COD_FEE) },
    paymentLinkHours: e.PAYMENT_LINK_HOURS,
  };
}

/**
 * APPLE_PAY_DOMAIN_ASSOCIATION is a path (absolute, or starting with ./ or ../) to the file, or the file's
 * content itself (one long line of hex, as Apple and Stripe hand it out). A path that cannot be read stops the
 * start: Apple Pay would otherwise fail only when Apple checks the domain.
 */
function domainAssociation(value: string | undefined): string | undefined {
  if (value === undefined || !/^\.{0,2}\//.test(value)) return value;
  try {
    const content = readFileSync(resolve(value), 'utf8');
    if (content.trim() === '') throw new Error('the file is empty');
    return content;
  } catch (err) {
    throw new ConfigError(
      `Invalid configuration: APPLE_PAY_DOMAIN_ASSOCIATION: ${value} could not be read (${(err as Error).message})`,
    );
  }
}

function stripeApi(base: string): StripeSettings['api'] {
  const url = new URL(base);
  const protocol = url.protocol === 'http:' ? 'http' : 'https';
  return { host: url.hostname, port: Number(url.port || (protocol === 'http' ? 80 : 443)), protocol };
}
