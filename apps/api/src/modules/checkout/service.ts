import { randomUUID } from 'node:crypto';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { PaymentStatus } from '@boutique/contracts';
import type { Database } from '../../db/client.js';
import { payments, type AddressSnapshot } from '../../db/schema/index.js';
import { HttpError } from '../../lib/http-error.js';
import { clientAmountToFils, fromFils } from '../../lib/money.js';
import {
  GatewayUnavailableError,
  type GatewayEvent,
  type GatewayIntent,
  type PaymentGateway,
} from '../payments/index.js';
import { priceCartForPayment, type PricedCart, type ShippingRequest } from '../cart/index.js';
import { paidAlready, succeededEvent } from '../payments/index.js';
import { PAYMENT_NOT_FOUND } from '../orders/index.js';
import type { StockService } from '../stock/index.js';

export const CART_CHANGED = 'The cart changed. Please review your order.';
const CURRENCY = 'AED';

/** Statuses from which an intent may still be re-priced and (re)confirmed. */
const OPEN: PaymentStatus[] = ['requires_payment_method', 'failed'];

export interface IntentAnswer {
  clientSecret: string;
  paymentIntentId: string;
  amount: string;
}

export interface ApplePayAnswer {
  success: boolean;
  transaction_id: string | null;
  message: string;
  /** Why the wallet's card was refused, as Stripe names it (the storefront shows it in the shopper's language). */
  code?: string;
}

export interface ApplePayInput {
  token: {
    paymentData: unknown;
    paymentMethod?: { displayName?: string; network?: string; type?: string };
    transactionIdentifier?: string;
  };
  amount: number | string;
  billing: Partial<AddressSnapshot> | undefined;
  shipping: Partial<AddressSnapshot> | undefined;
  /** The rate chosen; priced for the wallet's shipping contact's country. */
  shippingRateId?: number | string;
}

/**
 * Payments as the checkout sees them. The amount of every intent is the server cart's total, never the
 * client's (which must agree, or nothing is created), and the priced lines are frozen on the payment: the
 * order made from it is exactly what was paid for.
 */
export class PaymentService {
  constructor(
    private readonly db: Database,
    private readonly gateway: PaymentGateway,
    private readonly events: { handle(event: GatewayEvent): Promise<unknown> },
    private readonly log: FastifyBaseLogger,
    private readonly stock: StockService,
  ) {}

  config() {
    return {
      gateway: this.gateway.name,
      publishableKey: this.gateway.publishableKey,
      stripeJsUrl: this.gateway.scriptUrl,
      testMode: this.gateway.testMode,
    };
  }

  async createIntent(
    userId: number,
    clientAmount: number | string,
    clientKey?: string,
    shipping: ShippingRequest = {},
  ): Promise<IntentAnswer> {
    const cart = await this.#pricedCart(userId, clientAmount, shipping);
    const row = await this.#reserve(userId, cart, 'card');
    await this.#holdPieces(row.id, userId, cart, clientKey);
    let intent: GatewayIntent;
    try {
      intent = await this.gateway.createIntent({
        amountFils: cart.totalFils,
        currency: CURRENCY.toLowerCase(),
        metadata: { userId: String(userId), paymentId: String(row.id) },
        idempotencyKey: `payment-${row.id}-create`,
      });
    } catch (err) {
      await this.#forget(row.id);
      throw err;
    }
    await this.db
      .update(payments)
      .set({
        intentId: intent.id,
        clientSecret: intent.clientSecret,
        status: intent.status,
        updatedAt: new Date(),
      })
      .where(eq(payments.id, row.id));
    return answer(intent, cart.totalFils);
  }

  /**
   * Re-prices an open intent from the cart as it is now. The row's version is taken first and names the
   * gateway call, so a retried update is the same call and two different updates are two calls.
   */
  async updateIntent(
    userId: number,
    intentId: string,
    clientAmount: number | string,
    clientKey?: string,
    shipping: ShippingRequest = {},
  ): Promise<IntentAnswer> {
    const payment = await this.#own(userId, intentId);
    if (!OPEN.includes(payment.status)) throw paidAlready(payment.status);
    // An update that names no shipping keeps the one the intent was priced with.
    const cart = await this.#pricedCart(
      userId,
      clientAmount,
      shipping.rateId !== undefined || shipping.country !== undefined
        ? shipping
        : { rateId: payment.shipping?.rateId, country: payment.shipping?.country },
    );

    const [reserved] = await this.db
      .update(payments)
      .set({ version: sql`${payments.version} + 1` })
      .where(and(eq(payments.id, payment.id), inArray(payments.status, OPEN)))
      .returning({ version: payments.version });
    if (!reserved) throw paidAlready('succeeded');
    // Stock (decision 017): the cart as it is now is held afresh, for a new STOCK_HOLD_MINUTES (409 naming
    // what is left, and the earlier hold stands, when a piece is missing).
    await this.stock.hold(payment.id, userId, cart.lines, clientKey);

    const intent = await this.gateway.updateIntentAmount({
      intentId,
      amountFils: cart.totalFils,
      idempotencyKey: `payment-${payment.id}-v${reserved.version}`,
    });
    const [updated] = await this.db
      .update(payments)
      .set({
        amount: fromFils(cart.totalFils),
        lines: cart.lines,
        shipping: cart.shipping,
        ...(intent.clientSecret && { clientSecret: intent.clientSecret }),
        updatedAt: new Date(),
      })
      .where(
        and(
          eq(payments.id, payment.id),
          eq(payments.version, reserved.version),
          inArray(payments.status, OPEN),
        ),
      )
      .returning({ id: payments.id });
    // Confirmed in between (the sandbox holds its state in this row): the amount that was paid stands.
    if (!updated) throw paidAlready('succeeded');
    return answer(intent, cart.totalFils);
  }

  /** Apple Pay: one create-and-confirm through the gateway, for exactly the cart's total. */
  async applePay(userId: number, input: ApplePayInput, clientKey?: string): Promise<ApplePayAnswer> {
    // The wallet sends its own shipping contact: the shipping is priced for its country.
    const cart = await this.#pricedCart(userId, input.amount, {
      rateId: input.shippingRateId,
      country: input.shipping?.country || input.billing?.country || undefined,
    });
    const row = await this.#reserve(userId, cart, 'apple_pay', input.billing, input.shipping);
    await this.#holdPieces(row.id, userId, cart, clientKey);
    let charge;
    try {
      charge = await this.gateway.chargeApplePay({
        amountFils: cart.totalFils,
        currency: CURRENCY.toLowerCase(),
        metadata: { userId: String(userId), paymentId: String(row.id) },
        idempotencyKey: `payment-${row.id}-apple-pay`,
        token: input.token,
      });
    } catch (err) {
      // A refused request took nothing: forget it. A provider that did not answer may have charged the
      // wallet: the row stays under its placeholder, and the intent's first event adopts it.
      if (!(err instanceof GatewayUnavailableError)) await this.#forget(row.id);
      throw err;
    }
    const { intent, decline } = charge;
    await this.db
      .update(payments)
      .set({
        intentId: intent.id,
        clientSecret: intent.clientSecret,
        status: intent.status,
        lastError: decline?.message ?? intent.lastError,
        updatedAt: new Date(),
      })
      .where(eq(payments.id, row.id));

    if (intent.status === 'succeeded') {
      if (this.gateway.name === 'sandbox') await this.events.handle(succeededEvent(intent));
      return { success: true, transaction_id: intent.id, message: 'Payment successful' };
    }
    this.log.info({ paymentId: row.id, code: decline?.code }, 'apple pay payment refused');
    // Stock (decision 017): a refused wallet payment gives its pieces back.
    await this.stock.release(row.id);
    return {
      success: false,
      transaction_id: intent.id,
      message: decline?.message ?? intent.lastError ?? `Payment status: ${intent.status}`,
      code: decline ? (decline.decline_code ?? decline.code) : `status_${intent.status}`,
    };
  }

  /**
   * Stock (decision 017): the cart's pieces are held for the new payment before the provider is asked, so
   * nobody is sent to pay for a piece that is gone. When one is missing the payment row goes and the answer
   * is 409 naming what is left.
   */
  async #holdPieces(paymentId: number, userId: number, cart: PricedCart, clientKey?: string) {
    try {
      await this.stock.hold(paymentId, userId, cart.lines, clientKey);
    } catch (err) {
      await this.db.delete(payments).where(eq(payments.id, paymentId));
      throw err;
    }
  }

  /** A payment whose provider call was refused: its pieces go back, then its row. */
  async #forget(paymentId: number) {
    await this.stock.release(paymentId);
    await this.db.delete(payments).where(eq(payments.id, paymentId));
  }

  async #own(userId: number, intentId: string) {
    const [payment] = await this.db.select().from(payments).where(eq(payments.intentId, intentId)).limit(1);
    if (!payment || payment.userId !== userId) throw new HttpError(404, PAYMENT_NOT_FOUND);
    return payment;
  }

  async #pricedCart(
    userId: number,
    clientAmount: number | string,
    shipping: ShippingRequest,
  ): Promise<PricedCart> {
    const cart = await priceCartForPayment(this.db, userId, shipping);
    if (clientAmountToFils(clientAmount) !== cart.totalFils) throw new HttpError(409, CART_CHANGED);
    return cart;
  }

  /**
   * The payment row exists before the gateway's intent, under a placeholder id: its id derives the
   * idempotency key, so a retry of the provider call can never create a second intent for it.
   */
  async #reserve(
    userId: number,
    cart: PricedCart,
    method: 'card' | 'apple_pay',
    billing?: Partial<AddressSnapshot>,
    shipping?: Partial<AddressSnapshot>,
  ) {
    const [row] = await this.db
      .insert(payments)
      .values({
        intentId: `pending_${randomUUID()}`,
        gateway: this.gateway.name,
        userId,
        method,
        amount: fromFils(cart.totalFils),
        currency: CURRENCY,
        lines: cart.lines,
        shipping: cart.shipping,
        ...(billing && { billingAddress: billing as AddressSnapshot }),
        ...(shipping && { shippingAddress: shipping as AddressSnapshot }),
      })
      .returning({ id: payments.id });
    if (!row) throw new Error('payment row not stored');
    return row;
  }
}

function answer(intent: GatewayIntent, totalFils: number): IntentAnswer {
  if (!intent.clientSecret) throw new HttpError(502, 'No client secret returned');
  return { clientSecret: intent.clientSecret, paymentIntentId: intent.id, amount: fromFils(totalFils) };
}
