import Stripe from 'stripe';
import type { StripeSettings } from '../../env.js';
import type { AddressSnapshot } from '../../db/schema/index.js';
import { fieldError, HttpError } from '../../lib/http-error.js';
import {
  GatewayRefusedError,
  GatewayUnavailableError,
  WebhookSignatureError,
  mapStripeStatus,
  type ApplePayCharge,
  type ApplePayChargeInput,
  type CancelIntentInput,
  type CreateIntentInput,
  type GatewayRefund,
  type RefundInput,
  type GatewayEvent,
  type GatewayIntent,
  type PaymentGateway,
  type UpdateIntentInput,
} from './gateway.js';
import { paidAlready } from './sandbox-gateway.js';

/**
 * Real payments through Stripe's official SDK: PaymentIntents for the card form (Stripe.js confirms them in the
 * browser), one create-and-confirm for Apple Pay, and webhooks verified with the endpoint's signing secret.
 * Every write carries an idempotency key derived from our payment row, so a retry never makes a second intent.
 */
export class StripeGateway implements PaymentGateway {
  readonly name = 'stripe' as const;
  readonly publishableKey: string;
  readonly scriptUrl: string | null;
  readonly testMode: boolean;
  readonly #stripe: Stripe;
  readonly #webhookSecret: string;

  constructor(settings: StripeSettings) {
    this.publishableKey = settings.publishableKey;
    this.scriptUrl = settings.jsUrl ?? null;
    this.testMode = settings.testMode;
    this.#webhookSecret = settings.webhookSecret;
    this.#stripe = new Stripe(settings.secretKey, {
      maxNetworkRetries: 2,
      timeout: 20_000,
      telemetry: false,
      ...(settings.api && {
        host: settings.api.host,
        port: settings.api.port,
        protocol: settings.api.protocol,
      }),
    });
  }

  async createIntent(input: CreateIntentInput): Promise<GatewayIntent> {
    const intent = await call(() =>
      this.#stripe.paymentIntents.create(
        {
          amount: input.amountFils,
          currency: input.currency,
          // The storefront's own card fields (Stripe Elements' card element) confirm with a card, nothing else.
          allowed_payment_method_types: ['card'],
          metadata: input.metadata,
        },
        { idempotencyKey: input.idempotencyKey },
      ),
    );
    return toIntent(intent);
  }

  async updateIntentAmount(input: UpdateIntentInput): Promise<GatewayIntent> {
    try {
      const intent = await this.#stripe.paymentIntents.update(
        input.intentId,
        { amount: input.amountFils },
        { idempotencyKey: input.idempotencyKey },
      );
      return toIntent(intent);
    } catch (err) {
      // Paid (or being paid) since we last looked: Stripe refuses, and so do we.
      if (err instanceof Stripe.errors.StripeError && err.code === 'payment_intent_unexpected_state') {
        throw paidAlready(
          err.payment_intent ? mapStripeStatus(err.payment_intent.status, false) : 'succeeded',
        );
      }
      throw unavailable(err);
    }
  }

  async retrieveIntent(intentId: string): Promise<GatewayIntent> {
    const intent = await call(() =>
      this.#stripe.paymentIntents.retrieve(intentId, { expand: ['latest_charge'] }),
    );
    return toIntent(intent);
  }

  async cancelIntent(input: CancelIntentInput): Promise<GatewayIntent> {
    try {
      const intent = await this.#stripe.paymentIntents.cancel(
        input.intentId,
        { cancellation_reason: 'abandoned' },
        { idempotencyKey: input.idempotencyKey },
      );
      return toIntent(intent);
    } catch (err) {
      // Paid, being paid or already canceled: the intent as it is says which.
      if (err instanceof Stripe.errors.StripeError && err.code === 'payment_intent_unexpected_state') {
        return this.retrieveIntent(input.intentId);
      }
      throw unavailable(err);
    }
  }

  /**
   * Stripe Refunds, partial or whole, with our idempotency key: a retry after a lost answer is the same refund.
   * Stripe's `pending` (the card network has it) counts as given; an invalid request (more than is left, an
   * intent that cannot be refunded) is a refusal for good; anything else may be retried.
   */
  async refund(input: RefundInput): Promise<GatewayRefund> {
    try {
      const refund = await this.#stripe.refunds.create(
        { payment_intent: input.intentId, amount: input.amountFils, metadata: input.metadata },
        { idempotencyKey: input.idempotencyKey },
      );
      return toRefund(refund);
    } catch (err) {
      if (err instanceof Stripe.errors.StripeInvalidRequestError && err.statusCode === 400) {
        throw new GatewayRefusedError(err.message);
      }
      throw unavailable(err);
    }
  }

  async findRefund(input: { intentId: string; reference: string }): Promise<GatewayRefund | undefined> {
    const list = await call(() => this.#stripe.refunds.list({ payment_intent: input.intentId, limit: 100 }));
    const found = list.data.find((r) => r.metadata?.refundId === input.reference);
    return found && toRefund(found);
  }

  /**
   * One create-and-confirm. The token may be what Stripe.js made of the wallet's card (a PaymentMethod `pm_...`
   * or a token `tok_...`), or Apple's raw token, which is first exchanged for a Stripe token the way Stripe's
   * own mobile SDKs do (`POST /v1/tokens` with `pk_token`).
   */
  async chargeApplePay(input: ApplePayChargeInput): Promise<ApplePayCharge> {
    const paymentMethod = await this.#applePayMethod(input);
    try {
      const intent = await this.#stripe.paymentIntents.create(
        {
          amount: input.amountFils,
          currency: input.currency,
          allowed_payment_method_types: ['card'],
          metadata: input.metadata,
          confirm: true,
          ...paymentMethod,
        },
        { idempotencyKey: input.idempotencyKey },
      );
      return { intent: toIntent(intent), decline: undefined };
    } catch (err) {
      if (err instanceof Stripe.errors.StripeCardError && err.payment_intent) {
        return {
          intent: toIntent(err.payment_intent),
          decline: {
            code: err.code ?? 'card_declined',
            ...(err.decline_code && { decline_code: err.decline_code }),
            message: err.message,
          },
        };
      }
      throw unavailable(err);
    }
  }

  async #applePayMethod(input: ApplePayChargeInput): Promise<Record<string, unknown>> {
    const data = input.token.paymentData;
    if (typeof data === 'string' && /^pm_\w+$/.test(data)) return { payment_method: data };
    let token: string;
    if (typeof data === 'string' && /^tok_\w+$/.test(data)) {
      token = data;
    } else if (typeof data === 'object' && data !== null && !Array.isArray(data)) {
      const { displayName, network } = input.token.paymentMethod ?? {};
      const created = (await call(() =>
        this.#stripe.rawRequest(
          'POST',
          '/v1/tokens',
          {
            pk_token: JSON.stringify(data),
            ...(displayName && { pk_token_instrument_name: displayName }),
            ...(network && { pk_token_payment_network: network }),
            ...(input.token.transactionIdentifier && {
              pk_token_transaction_id: input.token.transactionIdentifier,
            }),
          },
          { idempotencyKey: `${input.idempotencyKey}-token` },
        ),
      )) as { id?: unknown };
      if (typeof created.id !== 'string') throw new GatewayUnavailableError();
      token = created.id;
    } else {
      throw new HttpError(422, 'The Apple Pay token is not valid.', {
        'applePayToken.paymentData': [fieldError('required', 'The Apple Pay payment data is missing.')],
      });
    }
    return { payment_method_data: { type: 'card', card: { token } } };
  }

  readonly parseWebhook = (rawBody: Buffer, signature: string | undefined): GatewayEvent => {
    if (!signature) throw new WebhookSignatureError();
    let event: Stripe.Event;
    try {
      event = this.#stripe.webhooks.constructEvent(rawBody, signature, this.#webhookSecret);
    } catch {
      throw new WebhookSignatureError();
    }
    const object = event.data.object as { object?: string };
    if (!event.type.startsWith('payment_intent.') || object.object !== 'payment_intent') {
      return { id: event.id, gateway: this.name, type: event.type, intent: undefined };
    }
    const intent = object as Stripe.PaymentIntent;
    return {
      id: event.id,
      gateway: this.name,
      type: event.type,
      intent: {
        id: intent.id,
        status: mapStripeStatus(intent.status, intent.last_payment_error != null),
        lastError: intent.last_payment_error?.message ?? null,
        paymentId: /^\d{1,9}$/.test(intent.metadata.paymentId ?? '')
          ? Number(intent.metadata.paymentId)
          : undefined,
      },
    };
  };
}

async function call<T>(fn: () => Promise<T>): Promise<T> {
  try {
    return await fn();
  } catch (err) {
    throw unavailable(err);
  }
}

/** A Stripe 404 is an intent we do not know; anything else is the provider failing us. */
function unavailable(err: unknown): HttpError {
  if (err instanceof HttpError) return err;
  if (err instanceof Stripe.errors.StripeError && err.statusCode === 404) {
    return new HttpError(404, 'Payment not found');
  }
  return new GatewayUnavailableError(err);
}

function toRefund(refund: Stripe.Refund): GatewayRefund {
  const status =
    refund.status === 'succeeded'
      ? 'succeeded'
      : refund.status === 'failed' || refund.status === 'canceled'
        ? 'failed'
        : 'pending';
  return { id: refund.id, status };
}

function toIntent(intent: Stripe.PaymentIntent): GatewayIntent {
  const charge = typeof intent.latest_charge === 'object' ? intent.latest_charge : null;
  return {
    id: intent.id,
    clientSecret: intent.client_secret,
    amountFils: intent.amount,
    currency: intent.currency,
    status: mapStripeStatus(intent.status, intent.last_payment_error != null),
    lastError: intent.last_payment_error?.message ?? null,
    billing: charge ? billingOf(charge.billing_details) : undefined,
    metadata: { ...intent.metadata },
  };
}

/** Stripe's billing details in the shape of our checkout address; absent fields stay absent. */
function billingOf(details: Stripe.Charge.BillingDetails): Partial<AddressSnapshot> | undefined {
  const address = details.address;
  const street = [address?.line1, address?.line2].filter(Boolean).join(', ');
  const billing: Partial<AddressSnapshot> = {
    ...(details.name && { name: details.name }),
    ...(details.email && { email: details.email }),
    ...(details.phone && { phone: details.phone }),
    ...(street && { address: street }),
    ...(address?.city && { city: address.city }),
    ...(address?.postal_code && { postalCode: address.postal_code }),
    ...(address?.country && { country: address.country }),
  };
  return Object.keys(billing).length > 0 ? billing : undefined;
}
