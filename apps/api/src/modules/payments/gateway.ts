import type { PaymentStatus } from '@boutique/contracts';
import type { AddressSnapshot } from '../../db/schema/index.js';
import { HttpError } from '../../lib/http-error.js';
import type { CardDecline } from './test-cards.js';

/**
 * What the shop needs from a payment provider. Two implementations: `SandboxGateway` (offline, Stripe's test
 * cards, state in the `payments` table) and `StripeGateway` (the official SDK). Routes and services speak only
 * to this interface; amounts are integer fils and currencies lower-case ISO codes, as Stripe counts them.
 */
export interface PaymentGateway {
  readonly name: GatewayName;
  /** For the storefront's Stripe.js; null in the sandbox. */
  readonly publishableKey: string | null;
  /** Stripe.js for the storefront when it is not js.stripe.com's (STRIPE_JS_URL); null otherwise. */
  readonly scriptUrl: string | null;
  /** No real money moves. */
  readonly testMode: boolean;

  createIntent(input: CreateIntentInput): Promise<GatewayIntent>;
  /** Changes the amount of an intent that has not been paid yet. */
  updateIntentAmount(input: UpdateIntentInput): Promise<GatewayIntent>;
  /** The intent as the provider knows it now: the only source of truth on whether money was taken. */
  retrieveIntent(intentId: string): Promise<GatewayIntent>;
  /** Creates and confirms an intent with an Apple Pay token in one step. A decline is an answer, not a throw. */
  chargeApplePay(input: ApplePayChargeInput): Promise<ApplePayCharge>;
  /**
   * Cancels an intent that was not paid (its stock hold expired), so that it can no longer be paid. Answers the
   * intent as it is afterwards: one paid in the meantime stays succeeded (or processing), and says so.
   */
  cancelIntent(input: CancelIntentInput): Promise<GatewayIntent>;
  /**
   * Gives back part or all of a succeeded intent. A refusal for good (more than is left, an intent that cannot
   * be refunded) throws `GatewayRefusedError`; anything else that throws may be retried with the same key.
   */
  refund(input: RefundInput): Promise<GatewayRefund>;
  /**
   * The refund made earlier for our refund `reference` (the metadata `refundId`), if the provider has one: a
   * retry asks first, so a refund whose answer was lost is found rather than asked again.
   */
  findRefund(input: { intentId: string; reference: string }): Promise<GatewayRefund | undefined>;
  /**
   * Verifies and reads a webhook delivery; throws `WebhookSignatureError` when it is not the provider's.
   * Undefined when the provider sends no webhooks (the sandbox emits its events itself).
   */
  readonly parseWebhook: ((rawBody: Buffer, signature: string | undefined) => GatewayEvent) | undefined;
}

export type GatewayName = 'sandbox' | 'stripe';

export interface CreateIntentInput {
  amountFils: number;
  currency: string;
  metadata: { userId: string; paymentId: string };
  /** The same key always yields the same intent: a retried call never makes a second one. */
  idempotencyKey: string;
}

export interface UpdateIntentInput {
  intentId: string;
  amountFils: number;
  idempotencyKey: string;
}

export interface CancelIntentInput {
  intentId: string;
  idempotencyKey: string;
}

export interface RefundInput {
  intentId: string;
  amountFils: number;
  /** `refundId`: our refund row, found again by `findRefund`. */
  metadata: { paymentId: string; reason: string; refundId?: string };
  /** The same key always yields the same refund: a retry never gives the money back twice. */
  idempotencyKey: string;
}

export interface GatewayRefund {
  id: string;
  /** `pending`: the provider accepted it and will complete it (some cards take days). */
  status: 'succeeded' | 'pending' | 'failed';
}

export interface ApplePayChargeInput {
  amountFils: number;
  currency: string;
  metadata: { userId: string; paymentId: string };
  idempotencyKey: string;
  /** `ApplePayPayment.token` as the browser handed it over. */
  token: {
    paymentData: unknown;
    paymentMethod?: { displayName?: string; network?: string; type?: string };
    transactionIdentifier?: string;
  };
}

export interface ApplePayCharge {
  intent: GatewayIntent;
  /** Set when the wallet's card was refused. */
  decline: CardDecline | undefined;
}

export interface GatewayIntent {
  id: string;
  clientSecret: string | null;
  amountFils: number;
  currency: string;
  status: PaymentStatus;
  /** The provider's message for the last failed attempt. */
  lastError: string | null;
  /** The payer's details the provider recorded with the charge, when it has any. */
  billing: Partial<AddressSnapshot> | undefined;
  metadata: Record<string, string>;
}

/**
 * A provider's event, normalised. Only events about an intent matter to the shop; `intent` carries its state
 * as the event reports it.
 */
export interface GatewayEvent {
  id: string;
  gateway: GatewayName;
  type: string;
  intent:
    | {
        id: string;
        status: PaymentStatus;
        lastError: string | null;
        /** Our payment row, from the intent's metadata: finds a row whose intent id was never stored. */
        paymentId: number | undefined;
      }
    | undefined;
}

export class WebhookSignatureError extends HttpError {
  constructor() {
    super(400, 'The webhook signature could not be verified.');
    this.name = 'WebhookSignatureError';
  }
}

/** The provider could not be reached or answered with an error we did not expect. */
export class GatewayUnavailableError extends HttpError {
  constructor(cause?: unknown) {
    super(502, 'The payment provider could not be reached. Please try again.');
    this.name = 'GatewayUnavailableError';
    this.cause = cause;
  }
}

/** The provider answered that this refund will not be made (not a failure to reach it): asking again is useless. */
export class GatewayRefusedError extends HttpError {
  constructor(message: string) {
    super(422, message);
    this.name = 'GatewayRefusedError';
  }
}

/** Stripe's statuses folded into the shop's five. */
export function mapStripeStatus(status: string, hasError: boolean): PaymentStatus {
  switch (status) {
    case 'succeeded':
      return 'succeeded';
    case 'processing':
    case 'requires_capture':
      return 'processing';
    case 'canceled':
      return 'canceled';
    default:
      // requires_payment_method after a refused attempt is a failure the shopper may retry with another card.
      return hasError ? 'failed' : 'requires_payment_method';
  }
}
