import { and, eq, isNull, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { ERROR_CODES, type Order } from '@boutique/contracts';
import type { Database } from '../../db/client.js';
import {
  orders,
  paymentLinks,
  payments,
  users,
  type AddressSnapshot,
  type PricedLine,
  type ShippingChoice,
} from '../../db/schema/index.js';
import { claimVersion } from '../../db/versions.js';
import { HttpError } from '../../lib/http-error.js';
import { fromFils, toFils } from '../../lib/money.js';
import type { ShopMetrics } from '../../metrics/index.js';
import type { PublicUrl } from '../../storage/index.js';
import { recordAudit } from '../audit/index.js';
import { redeemForOrder } from '../discounts/index.js';
import type { GatewayIntent } from '../payments/index.js';
import type { StockService } from '../stock/index.js';
import { catalogueSnapshot } from './order-inputs.js';
import type { OrderMails } from './order-outbox.js';
import { toOrder } from './order-view.js';
import { writeOrder, type OrderAmounts } from './order-writer.js';

type OrderRow = typeof orders.$inferSelect;
type PaymentRow = typeof payments.$inferSelect;

const ORDER_NOT_FOUND = 'Order not found';

/** How an order placed without a card is paid. */
export type UnpaidMethod = 'cash_on_delivery' | 'paid_offline' | 'payment_link';

export interface UnpaidOrderInput {
  /** Whose order: an account, or how to find or make it in the order's transaction (a manual order). */
  userId: number | ((tx: Database) => Promise<number>);
  /**
   * The payment's id in this shop, made from the caller's idempotency key: a retry with the same key is answered
   * the order it made; the same key with another order is refused.
   */
  key: string;
  method: UnpaidMethod;
  /** The gateway a payment link will be paid through; `offline` for cash and money taken by the owner. */
  gateway: string;
  lines: PricedLine[];
  amounts: OrderAmounts;
  billing: AddressSnapshot;
  shipping: AddressSnapshot | null;
  /** The discount code priced into the amounts (the lines carry their shares); its use is counted here. */
  discount?: { id: number; code: string } | null;
  /** The shipping rate priced into the amounts, frozen on the payment and the order. */
  shippingMethod: ShippingChoice;
  source: 'checkout' | 'manual';
  actorId: number;
  locale: string | undefined;
  note?: string | null;
  /** The shopper's own checkout empties their cart; an order the owner writes leaves the customer's alone. */
  clearCart: boolean;
  /** Runs in the order's transaction once it is written: the audit of a manual order, its payment link. */
  alsoInTx?: (tx: Database, order: OrderRow) => Promise<void>;
}

export interface UnpaidOrdersOptions {
  mails: OrderMails;
  taxInvoices: boolean;
  publicUrl: PublicUrl;
  stock: StockService;
  metrics: ShopMetrics;
  log: FastifyBaseLogger;
  /** Reads an order as the API answers it. */
  view: (row: OrderRow) => Promise<Order>;
}

/**
 * Orders whose money is not taken by card at checkout: cash on delivery, a manual order paid to the owner, a
 * manual order paid later through its link. Their pieces are taken when they are placed, in the order's
 * transaction, with a payment row that no gateway has seen (`awaiting_payment` until the money comes).
 */
export class UnpaidOrders {
  constructor(
    private readonly db: Database,
    private readonly options: UnpaidOrdersOptions,
  ) {}

  async place(input: UnpaidOrderInput): Promise<{ order: Order; created: boolean }> {
    const known = typeof input.userId === 'number' ? input.userId : 0;
    const catalogue = await catalogueSnapshot(this.db, this.options.publicUrl, input.lines, known);
    const paidNow = input.method === 'paid_offline';
    const outcome = await this.db.transaction(async (tx) => {
      const userId = typeof input.userId === 'number' ? input.userId : await input.userId(tx);
      // The customer's address and language as this transaction sees them (a manual order may have just made
      // the account).
      const [user] = await tx
        .select({ email: users.email, locale: users.locale })
        .from(users)
        .where(eq(users.id, userId))
        .limit(1);
      const snapshot = { ...catalogue, email: user?.email, locale: user?.locale ?? undefined };
      const [payment] = await tx
        .insert(payments)
        .values({
          intentId: input.key,
          gateway: input.gateway,
          userId,
          method: input.method,
          amount: fromFils(input.amounts.totalFils),
          currency: 'AED',
          status: paidNow ? 'succeeded' : 'requires_payment_method',
          lines: input.lines,
          shipping: input.shippingMethod,
          discountCode: input.discount?.code ?? null,
          discountAmount: fromFils(input.amounts.discountFils),
          billingAddress: input.billing,
          shippingAddress: input.shipping ?? input.billing,
        })
        .onConflictDoNothing({ target: payments.intentId })
        .returning();
      if (!payment) return { again: await this.#repeated(tx, input, userId) };
      // Stock (decision 017): the pieces are taken now, all or none (409 naming what is left).
      await this.options.stock.takeUnpaid(tx, payment, { releaseOwnHolds: input.clearCart });
      const written = await writeOrder(tx, this.options, payment, snapshot, {
        paymentStatus: paidNow ? 'succeeded' : 'awaiting_payment',
        amounts: input.amounts,
        billing: input.billing,
        shipping: input.shipping,
        source: input.source,
        actorId: input.actorId,
        locale: input.locale,
        note: input.note,
        clearCart: input.clearCart,
      });
      if (!written.created) return { again: written.order };
      // The code's use, counted under its limits in this transaction (422 and no order when none is left).
      if (input.discount) {
        await redeemForOrder(tx, {
          discountId: input.discount.id,
          userId,
          orderId: written.order.id,
          amountFils: input.amounts.discountFils,
        });
      }
      await input.alsoInTx?.(tx, written.order);
      return { written, intentId: payment.intentId };
    });
    if (outcome.again) return { order: await this.options.view(outcome.again), created: false };
    this.options.metrics.orderCreated(input.source);
    const order = toOrder(outcome.written.order, outcome.written.items, outcome.intentId);
    this.options.log.info(
      { orderId: order.id, orderNumber: order.order_number, method: input.method },
      'order placed without a card',
    );
    return { order, created: true };
  }

  /**
   * The owner was paid (cash to the courier, a transfer): from `awaiting_payment` only, at the version the page
   * showed (409 `stale` otherwise), with its audit row; a payment link of the order can no longer be paid.
   */
  async markPaid(actorId: number, orderId: number, expected: number) {
    const row = await this.db.transaction(async (tx) => {
      const current = await claimVersion(tx, orders, orderId, expected, {
        notFound: new HttpError(404, ORDER_NOT_FOUND),
      });
      if (current.paymentStatus !== 'awaiting_payment') {
        throw new HttpError(
          409,
          `Only an order awaiting its payment can be marked paid; this one is ${current.paymentStatus}.`,
          undefined,
          { code: ERROR_CODES.notAwaitingPayment },
        );
      }
      if (current.fulfillmentStatus === 'cancelled') {
        throw new HttpError(409, 'A cancelled order cannot be marked paid.', undefined, {
          code: ERROR_CODES.notAwaitingPayment,
        });
      }
      const [paid] = await tx
        .update(orders)
        .set({ paymentStatus: 'succeeded', updatedAt: new Date() })
        .where(eq(orders.id, orderId))
        .returning();
      await tx
        .update(payments)
        .set({ status: 'succeeded', updatedAt: new Date() })
        .where(eq(payments.id, current.paymentId));
      await tx
        .update(paymentLinks)
        .set({ usedAt: new Date() })
        .where(and(eq(paymentLinks.orderId, orderId), isNull(paymentLinks.usedAt)));
      await recordAudit(tx, {
        actorId,
        action: 'order.payment',
        entity: 'order',
        entityId: orderId,
        before: { payment_status: current.paymentStatus, version: expected },
        after: { payment_status: 'succeeded', version: paid!.version },
      });
      return paid!;
    });
    return { ...(await this.options.view(row)), version: row.version };
  }

  /**
   * A payment link's payment, as the gateway answered: when it succeeded for exactly the order's amount, the
   * order awaiting it is paid and its link used, once (a conditional update: the webhook, the reconciler and
   * the payer's page may all arrive). Answers whether this call paid it.
   */
  async settleLinkPayment(payment: PaymentRow, intent: GatewayIntent): Promise<boolean> {
    if (intent.status !== 'succeeded') return false;
    if (intent.amountFils !== toFils(payment.amount) || intent.currency.toUpperCase() !== payment.currency) {
      this.options.log.error(
        { paymentId: payment.id, charged: intent.amountFils, due: payment.amount },
        'a payment link was paid another amount than its order: needs a person',
      );
      return false;
    }
    return this.db.transaction(async (tx) => {
      const [paid] = await tx
        .update(orders)
        .set({ paymentStatus: 'succeeded', updatedAt: new Date(), version: sql`${orders.version} + 1` })
        .where(and(eq(orders.paymentId, payment.id), eq(orders.paymentStatus, 'awaiting_payment')))
        .returning({ id: orders.id });
      if (!paid) return false;
      await tx
        .update(payments)
        .set({ status: 'succeeded', updatedAt: new Date() })
        .where(eq(payments.id, payment.id));
      await tx.update(paymentLinks).set({ usedAt: new Date() }).where(eq(paymentLinks.orderId, paid.id));
      this.options.log.info({ orderId: paid.id, paymentId: payment.id }, 'payment link paid');
      return true;
    });
  }

  /**
   * The order an idempotency key already placed for this user, if any: a retry after a lost answer finds it
   * before anything is priced again (the cart it emptied cannot be).
   */
  async placedWith(key: string, userId?: number): Promise<Order | undefined> {
    const [found] = await this.db
      .select({ order: orders })
      .from(payments)
      .innerJoin(orders, eq(orders.paymentId, payments.id))
      .where(and(eq(payments.intentId, key), userId === undefined ? undefined : eq(payments.userId, userId)))
      .limit(1);
    return found && this.options.view(found.order);
  }

  /** The same key again: the same order is answered; a different one is refused. */
  async #repeated(tx: Database, input: UnpaidOrderInput, userId: number): Promise<OrderRow> {
    const [found] = await tx
      .select({ payment: payments, order: orders })
      .from(payments)
      .leftJoin(orders, eq(orders.paymentId, payments.id))
      .where(eq(payments.intentId, input.key))
      .limit(1);
    const same =
      found?.order &&
      found.payment.userId === userId &&
      toFils(found.payment.amount) === input.amounts.totalFils &&
      sameLines(found.payment.lines, input.lines);
    if (!same) {
      throw new HttpError(
        409,
        'This idempotency key was already used for another order: send a new one for a new order.',
        undefined,
        { code: ERROR_CODES.idempotencyKeyReused },
      );
    }
    return found.order!;
  }
}

function sameLines(a: PricedLine[], b: PricedLine[]): boolean {
  const key = (l: PricedLine) => `${l.productId}|${l.color}|${l.size}|${l.quantity}|${toFils(l.price)}`;
  const ka = a.map(key).sort();
  const kb = b.map(key).sort();
  return ka.length === kb.length && ka.every((k, i) => k === kb[i]);
}
