import { and, eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { PaymentLinkResponse, PaymentStatus } from '@boutique/contracts';
import type { Database } from '../../db/client.js';
import { orderItems, payments, users, type AddressSnapshot } from '../../db/schema/index.js';
import { HttpError } from '../../lib/http-error.js';
import { fromFils, toFils } from '../../lib/money.js';
import {
  findPaymentLink,
  openPaymentLink,
  toOrder,
  type OpenLink,
  type OrderService,
  type Reconciler,
} from '../orders/index.js';
import type { PaymentGateway, SandboxGateway } from '../payments/index.js';

type CardInput = Parameters<SandboxGateway['confirmCard']>[2];

/** Statuses from which the link's intent may still be confirmed (a declined card may be tried again). */
const OPEN: PaymentStatus[] = ['requires_payment_method', 'failed'];

export interface LinkOutcome {
  paid: boolean;
  order_number: string;
  status: PaymentStatus;
  error: { code: string; decline_code?: string; message: string } | null;
}

/**
 * Paying a manual order through its link (`/pay/{token}`): the token alone names the order, so a link pays
 * its own order and nothing else. The card goes through the shop's gateway on the order's own payment row,
 * with one intent per link (its idempotency key derives from the row); the gateway's success, however it
 * arrives (this page, the webhook, the reconciler), marks that order paid once (UnpaidOrders.settleLinkPayment).
 */
export class PaymentLinkPayments {
  constructor(
    private readonly db: Database,
    private readonly gateway: PaymentGateway,
    private readonly orders: OrderService,
    private readonly reconciler: Pick<Reconciler, 'handle'>,
    private readonly log: FastifyBaseLogger,
  ) {}

  async view(token: string): Promise<PaymentLinkResponse['data']> {
    const { order, payment, expiresAt } = await openPaymentLink(this.db, token);
    const [items, [customer]] = await Promise.all([
      this.db.select().from(orderItems).where(eq(orderItems.orderId, order.id)).orderBy(orderItems.id),
      this.db.select({ name: users.name }).from(users).where(eq(users.id, order.userId)).limit(1),
    ]);
    const view = toOrder(order, items, payment.intentId);
    return {
      order: {
        order_number: view.order_number,
        created_at: view.created_at,
        items: view.items,
        subtotal: view.subtotal,
        shipping_amount: view.shipping_amount,
        cod_fee: view.cod_fee ?? '0.00',
        total_amount: view.total_amount,
        customer_name: order.billingAddress.name || customer?.name || '',
        locale: view.locale ?? 'en',
      },
      expires_at: expiresAt.toISOString(),
      gateway: this.gateway.name,
      publishableKey: this.gateway.publishableKey,
      stripeJsUrl: this.gateway.scriptUrl,
    };
  }

  /** The link's intent: made once through the gateway, then answered again while it can still be confirmed. */
  async intent(token: string) {
    const link = await openPaymentLink(this.db, token);
    const { clientSecret, intentId } = await this.#intentOf(link);
    return { clientSecret, paymentIntentId: intentId, amount: link.payment.amount };
  }

  /** Sandbox only: the page's card form, confirmed as Stripe.js would, then the order settled at once. */
  async sandboxConfirm(
    sandbox: SandboxGateway,
    token: string,
    card: CardInput,
    billing: Partial<AddressSnapshot> | undefined,
  ): Promise<LinkOutcome> {
    const link = await openPaymentLink(this.db, token);
    const { clientSecret } = await this.#intentOf(link);
    const result = await sandbox.confirmCard(link.payment.userId, clientSecret, card, billing);
    if (result.event) await this.reconciler.handle(result.event);
    const outcome = await this.complete(token);
    return { ...outcome, status: result.intent.status, error: result.error ?? null };
  }

  /**
   * After the browser confirmed the card (Stripe.js): the gateway is asked, and a success pays the order now
   * rather than when its webhook or the reconciler arrives. A link already used answers that its order is paid.
   */
  async complete(token: string): Promise<LinkOutcome> {
    const { order, payment } = await findPaymentLink(this.db, token);
    if (order.paymentStatus === 'awaiting_payment' && payment.intentId.startsWith('pi_')) {
      await this.orders.reconcilePayment(payment.id);
    }
    const { order: now, payment: after } = await findPaymentLink(this.db, token);
    return {
      paid: now.paymentStatus === 'succeeded' && after.status === 'succeeded',
      order_number: now.orderNumber,
      status: after.status,
      error:
        after.status === 'failed' && after.lastError
          ? { code: 'card_declined', message: after.lastError }
          : null,
    };
  }

  async #intentOf({ payment }: OpenLink): Promise<{ intentId: string; clientSecret: string }> {
    if (payment.intentId.startsWith('pi_') && payment.clientSecret) {
      if (!OPEN.includes(payment.status)) throw new HttpError(409, 'This payment is already under way.');
      return { intentId: payment.intentId, clientSecret: payment.clientSecret };
    }
    const intent = await this.gateway.createIntent({
      amountFils: toFils(payment.amount),
      currency: 'aed',
      metadata: { userId: String(payment.userId), paymentId: String(payment.id) },
      idempotencyKey: `payment-${payment.id}-link`,
    });
    if (!intent.clientSecret) throw new HttpError(502, 'No client secret returned');
    const [taken] = await this.db
      .update(payments)
      .set({
        intentId: intent.id,
        clientSecret: intent.clientSecret,
        status: intent.status,
        updatedAt: new Date(),
      })
      .where(and(eq(payments.id, payment.id), eq(payments.intentId, payment.intentId)))
      .returning({ intentId: payments.intentId, clientSecret: payments.clientSecret });
    if (taken?.clientSecret) {
      this.log.info(
        { paymentId: payment.id, intentId: intent.id, amount: fromFils(intent.amountFils) },
        'payment link intent',
      );
      return { intentId: taken.intentId, clientSecret: taken.clientSecret };
    }
    // Two pages asked at once: the first intent written is the link's.
    const [row] = await this.db.select().from(payments).where(eq(payments.id, payment.id)).limit(1);
    if (!row?.clientSecret) throw new HttpError(409, 'This payment is already under way.');
    return { intentId: row.intentId, clientSecret: row.clientSecret };
  }
}
