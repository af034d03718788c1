import { randomBytes } from 'node:crypto';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { PaymentStatus } from '@boutique/contracts';
import type { Database } from '../../db/client.js';
import { payments, sandboxRefunds, type AddressSnapshot } from '../../db/schema/index.js';
import { fieldError, HttpError } from '../../lib/http-error.js';
import { toFils } from '../../lib/money.js';
import type {
  ApplePayCharge,
  ApplePayChargeInput,
  CancelIntentInput,
  CreateIntentInput,
  GatewayRefund,
  RefundInput,
  GatewayEvent,
  GatewayIntent,
  PaymentGateway,
  UpdateIntentInput,
} from './gateway.js';
import { GatewayRefusedError } from './gateway.js';
import { DECLINED, testCardOutcome, type CardDecline, type CardInput } from './test-cards.js';

const BASE62 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';

/** Random base62, Stripe-looking ids and secrets. */
export function randomToken(length: number): string {
  const bytes = randomBytes(length * 2);
  let out = '';
  for (const b of bytes) {
    // 248 = 4 * 62: dropping the rest keeps every character equally likely.
    if (b < 248) out += BASE62[b % 62];
    if (out.length === length) return out;
  }
  return out + randomToken(length - out.length);
}

/** Apple Pay tokens in the sandbox: `paymentData.sandbox_outcome` names a decline to simulate. */
const APPLE_PAY_OUTCOMES: Record<string, CardDecline> = {
  decline: { code: 'card_declined', decline_code: 'generic_decline', message: DECLINED },
  insufficient_funds: {
    code: 'card_declined',
    decline_code: 'insufficient_funds',
    message: 'Your card has insufficient funds.',
  },
};

export interface SandboxConfirmResult {
  intent: GatewayIntent;
  error: CardDecline | null;
  /** The sandbox's webhook: emitted when the payment succeeded, for the same reconciliation as Stripe's. */
  event: GatewayEvent | undefined;
}

const CONFIRMABLE: PaymentStatus[] = ['requires_payment_method', 'failed'];

/**
 * The default gateway: the whole Stripe flow, offline. Its intents are the rows of `payments` (the service
 * writes amount and lines, the sandbox its status, as Stripe would), its cards are Stripe's test cards, and a
 * success emits a `payment_intent.succeeded` event like Stripe's webhook. There is no network between the shop
 * and the sandbox, so idempotency keys have nothing to protect and are not kept.
 */
export class SandboxGateway implements PaymentGateway {
  readonly name = 'sandbox' as const;
  readonly publishableKey = null;
  readonly scriptUrl = null;
  readonly testMode = true;
  readonly parseWebhook = undefined;

  constructor(private readonly db: Database) {}

  async createIntent(input: CreateIntentInput): Promise<GatewayIntent> {
    const id = `pi_${randomToken(24)}`;
    return {
      id,
      clientSecret: `${id}_secret_${randomToken(24)}`,
      amountFils: input.amountFils,
      currency: input.currency,
      status: 'requires_payment_method',
      lastError: null,
      billing: undefined,
      metadata: { ...input.metadata },
    };
  }

  async updateIntentAmount(input: UpdateIntentInput): Promise<GatewayIntent> {
    const intent = await this.retrieveIntent(input.intentId);
    if (!CONFIRMABLE.includes(intent.status)) throw paidAlready(intent.status);
    return { ...intent, amountFils: input.amountFils };
  }

  async retrieveIntent(intentId: string): Promise<GatewayIntent> {
    const [row] = await this.db.select().from(payments).where(eq(payments.intentId, intentId)).limit(1);
    if (!row) throw new HttpError(404, 'Payment not found');
    return toIntent(row);
  }

  async chargeApplePay(input: ApplePayChargeInput): Promise<ApplePayCharge> {
    const data = input.token.paymentData;
    if (typeof data !== 'object' || data === null || Array.isArray(data)) {
      throw new HttpError(422, 'The Apple Pay token is not valid.', {
        'applePayToken.paymentData': [fieldError('invalid', 'The Apple Pay payment data must be an object.')],
      });
    }
    const marker = (data as Record<string, unknown>).sandbox_outcome;
    const decline = typeof marker === 'string' ? APPLE_PAY_OUTCOMES[marker] : undefined;
    const id = `pi_${randomToken(24)}`;
    return {
      intent: {
        id,
        clientSecret: `${id}_secret_${randomToken(24)}`,
        amountFils: input.amountFils,
        currency: input.currency,
        status: decline ? 'failed' : 'succeeded',
        lastError: decline?.message ?? null,
        billing: undefined,
        metadata: { ...input.metadata },
      },
      decline,
    };
  }

  /** Stock expiry: an unpaid intent becomes canceled in one conditional update, so it races no confirmation. */
  async cancelIntent(input: CancelIntentInput): Promise<GatewayIntent> {
    const [canceled] = await this.db
      .update(payments)
      .set({ status: 'canceled', updatedAt: new Date() })
      .where(and(eq(payments.intentId, input.intentId), inArray(payments.status, CONFIRMABLE)))
      .returning();
    return canceled ? toIntent(canceled) : this.retrieveIntent(input.intentId);
  }

  /**
   * Stripe's refunds, offline: part or all of a succeeded intent, never more than is left of it (the intent's row
   * is locked while it is counted), granted at once as in Stripe's test mode. The same idempotency key answers
   * the same refund, as Stripe replays it; the refunds are kept in `sandbox_refunds`.
   */
  async refund(input: RefundInput): Promise<GatewayRefund> {
    return this.db.transaction(async (tx) => {
      const [intent] = await tx
        .select({ status: payments.status, amount: payments.amount })
        .from(payments)
        .where(eq(payments.intentId, input.intentId))
        .for('update');
      if (!intent) throw new HttpError(404, 'Payment not found');
      const [replay] = await tx
        .select()
        .from(sandboxRefunds)
        .where(eq(sandboxRefunds.idempotencyKey, input.idempotencyKey));
      if (replay) {
        if (replay.amountFils !== input.amountFils || replay.intentId !== input.intentId) {
          throw new GatewayRefusedError(
            'Keys for idempotent requests can only be used with the same parameters they were first used with.',
          );
        }
        return { id: replay.id, status: 'succeeded' };
      }
      if (intent.status !== 'succeeded') {
        throw new GatewayRefusedError(`This PaymentIntent cannot be refunded (status: ${intent.status}).`);
      }
      const [given] = await tx
        .select({ fils: sql<number>`coalesce(sum(${sandboxRefunds.amountFils}), 0)::int` })
        .from(sandboxRefunds)
        .where(eq(sandboxRefunds.intentId, input.intentId));
      const left = toFils(intent.amount) - Number(given?.fils ?? 0);
      if (input.amountFils <= 0 || input.amountFils > left) {
        throw new GatewayRefusedError(
          `Refund amount (${input.amountFils}) is greater than what is left of the charge (${left}).`,
        );
      }
      const id = `re_${randomToken(24)}`;
      await tx.insert(sandboxRefunds).values({
        id,
        intentId: input.intentId,
        amountFils: input.amountFils,
        idempotencyKey: input.idempotencyKey,
        reference: input.metadata.refundId ?? null,
      });
      return { id, status: 'succeeded' };
    });
  }

  async findRefund(input: { intentId: string; reference: string }): Promise<GatewayRefund | undefined> {
    const [found] = await this.db
      .select({ id: sandboxRefunds.id })
      .from(sandboxRefunds)
      .where(and(eq(sandboxRefunds.intentId, input.intentId), eq(sandboxRefunds.reference, input.reference)))
      .limit(1);
    return found && { id: found.id, status: 'succeeded' };
  }

  /**
   * What Stripe.js's confirmCardPayment does, done here: the card is judged as Stripe's test mode would, and
   * the payment moves to succeeded (or failed, with the card's message) only from a confirmable state, in one
   * conditional update, so two confirmations cannot both charge.
   */
  async confirmCard(
    userId: number,
    clientSecret: string,
    card: CardInput,
    billing: Partial<AddressSnapshot> | undefined,
  ): Promise<SandboxConfirmResult> {
    const [row] = await this.db
      .select()
      .from(payments)
      .where(and(eq(payments.clientSecret, clientSecret), eq(payments.gateway, this.name)))
      .limit(1);
    // Another shopper's secret is answered like an unknown one.
    if (!row || row.userId !== userId) throw new HttpError(404, 'Payment not found');

    const outcome = testCardOutcome(card);
    const [updated] = await this.db
      .update(payments)
      .set(
        outcome.ok
          ? {
              status: 'succeeded',
              lastError: null,
              ...(billing && { billingAddress: billing as AddressSnapshot }),
              updatedAt: new Date(),
            }
          : { status: 'failed', lastError: outcome.error.message, updatedAt: new Date() },
      )
      .where(and(eq(payments.id, row.id), inArray(payments.status, CONFIRMABLE)))
      .returning();

    if (!updated) {
      const current = await this.retrieveIntent(row.intentId);
      return {
        intent: current,
        error: {
          code: 'payment_intent_unexpected_state',
          message:
            current.status === 'succeeded'
              ? 'You cannot confirm this PaymentIntent because it has already succeeded after being previously confirmed.'
              : `You cannot confirm this PaymentIntent because it has a status of ${current.status}.`,
        },
        event: undefined,
      };
    }
    const intent = toIntent(updated);
    if (!outcome.ok) return { intent, error: outcome.error, event: undefined };
    return { intent, error: null, event: succeededEvent(intent) };
  }
}

export function succeededEvent(intent: GatewayIntent): GatewayEvent {
  return {
    id: `evt_${randomToken(24)}`,
    gateway: 'sandbox',
    type: 'payment_intent.succeeded',
    intent: {
      id: intent.id,
      status: intent.status,
      lastError: null,
      paymentId: Number(intent.metadata.paymentId),
    },
  };
}

function toIntent(row: typeof payments.$inferSelect): GatewayIntent {
  return {
    id: row.intentId,
    clientSecret: row.clientSecret,
    amountFils: toFils(row.amount),
    currency: row.currency.toLowerCase(),
    status: row.status,
    lastError: row.lastError,
    billing: row.billingAddress ?? undefined,
    metadata: { userId: String(row.userId), paymentId: String(row.id) },
  };
}

export function paidAlready(status: PaymentStatus) {
  return new HttpError(
    409,
    status === 'succeeded'
      ? 'This payment has already been completed and can no longer be changed.'
      : `This payment can no longer be changed (status: ${status}).`,
  );
}
