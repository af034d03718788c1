import { and, asc, desc, eq, lte, sql } from 'drizzle-orm';
import { rowsOf } from '../../db/rows.js';
import type { FastifyBaseLogger } from 'fastify';
import type { CreateOrder, Order, OrderStatusUpdate } from '@boutique/contracts';
import type { Database } from '../../db/client.js';
import { orderStatusEvents, orders, payments, type AddressSnapshot } from '../../db/schema/index.js';
import { illegalMove } from '@boutique/contracts/order-status';
import { HttpError } from '../../lib/http-error.js';
import { clientAmountToFils, toFils } from '../../lib/money.js';
import { finalizeUse, releaseClaims } from '../discounts/index.js';
import type { PublicUrl } from '../../storage/index.js';
import type { ShopMetrics } from '../../metrics/index.js';
import type { GatewayIntent, PaymentGateway } from '../payments/index.js';
import { linesTotalFils, paymentShippingFils } from '../cart/index.js';
import { type StockService } from '../stock/index.js';
import type { OrderMails } from './order-outbox.js';
import { writeOrder } from './order-writer.js';
import { UnpaidOrders } from './unpaid-orders.js';
import { loadOrderViews, toOrder, type ItemRow, type OrderAfterSale } from './order-view.js';
import { catalogueSnapshot, checkAmounts, itemsMatch, reconciledAddresses } from './order-inputs.js';
import { recordAudit } from '../audit/index.js';
import { claimVersion } from '../../db/versions.js';

type PaymentRow = typeof payments.$inferSelect;
type OrderRow = typeof orders.$inferSelect;

export const PAYMENT_NOT_FOUND = 'Payment not found';
export const ORDER_NOT_FOUND = 'Order not found';
export const ORDER_MISMATCH = 'The order does not match what was paid for. Please review your order.';

export interface PlacedOrder {
  order: Order;
  /** False when the payment already had its order: a repeated call, a concurrent one, or reconciliation. */
  created: boolean;
}

/**
 * What orders need of the after-sale modules, which build on orders (refunds and returns import this module,
 * never the reverse); app.ts hands in the refund service and the after-sale view.
 */
export interface CancellationRefunds {
  /** Opens, in the cancelling transaction, a refund of what is left paid; its id, or none when nothing is. */
  openForCancellation(tx: Database, orderId: number, actorId: number): Promise<number | undefined>;
  /** Sends an opened refund to the gateway, after the commit. */
  send(refundId: number): Promise<unknown>;
}

/** The refunds, returns and return window of orders, for their views. */
export interface AfterSaleSource {
  of(
    orders: { id: number; fulfillmentStatus: string }[],
    items: ItemRow[],
  ): Promise<Map<number, OrderAfterSale>>;
}

export interface OrderServiceOptions {
  /** The order's e-mails, written in its transaction. */
  mails: OrderMails;
  /** With SHOP_TRN: every order takes the next tax invoice number. */
  taxInvoices: boolean;
  /** Makes the pictures' addresses; an order item keeps the address its picture had when it was ordered. */
  publicUrl: PublicUrl;
  metrics: ShopMetrics;
  log: FastifyBaseLogger;
  stock: StockService;
  /** Refunds: cancelling a paid order refunds what is left of it. */
  refunds?: CancellationRefunds;
  /** The refunds, returns and return window that orders' views show. */
  afterSale?: AfterSaleSource;
}

/**
 * Orders are made from succeeded payments, and only from them: the shopper's `POST /orders` and reconciliation
 * of a payment whose order call never came both end in `#insertOrder`, where the unique `orders.payment_id`
 * decides, so a payment yields one order however many calls race for it.
 */
export class OrderService {
  /** Orders placed without a card: cash on delivery, manual orders, payment links. */
  readonly unpaid: UnpaidOrders;

  constructor(
    private readonly db: Database,
    private readonly gateway: PaymentGateway,
    private readonly options: OrderServiceOptions,
  ) {
    this.unpaid = new UnpaidOrders(db, { ...options, view: (row) => this.#view(row) });
  }

  /** The shopper's order call: everything it states is checked against what was paid for. */
  async placeOrder(userId: number, input: CreateOrder): Promise<PlacedOrder> {
    const { payment, order: existing } = await this.#ownPayment(userId, input.transaction_id);
    const paidFils = linesTotalFils(payment.lines) - toFils(payment.discountAmount);
    // The shipping was priced for a country: the order ships there (DESIGN section 17).
    const shipsTo = (input.shipping_address ?? input.billing_address).country.trim().toUpperCase();
    const agrees =
      clientAmountToFils(input.total_amount) === paidFils + paymentShippingFils(payment) &&
      itemsMatch(payment.lines, input.items) &&
      (!payment.shipping?.country || payment.shipping.country === shipsTo);

    if (!agrees) {
      throw new HttpError(
        409,
        existing ? `This payment has already been used for order ${existing.orderNumber}.` : ORDER_MISMATCH,
      );
    }
    if (existing) return { order: await this.#view(existing), created: false };

    const intent = await this.#verifiedIntent(payment);
    if (intent.status !== 'succeeded') {
      throw new HttpError(
        402,
        intent.lastError
          ? `The payment has not been completed: ${intent.lastError}`
          : `The payment has not been completed (status: ${intent.status}).`,
      );
    }
    checkAmounts(this.options.log, payment, intent);
    return this.#insertOrder(payment, {
      billing: input.billing_address,
      shipping: input.shipping_address ?? null,
      source: 'checkout',
      actorId: userId,
      locale: input.locale,
    });
  }

  /**
   * Makes the order of a succeeded payment that has none (its shopper's call never arrived). Asks the gateway
   * first: only money actually taken becomes an order. Undefined when there is nothing (yet) to do.
   */
  async reconcilePayment(paymentId: number): Promise<PlacedOrder | undefined> {
    const [found] = await this.db
      .select({ payment: payments, order: orders })
      .from(payments)
      .leftJoin(orders, eq(orders.paymentId, payments.id))
      .where(eq(payments.id, paymentId))
      .limit(1);
    const payment = found?.payment;
    if (!payment || !payment.intentId.startsWith('pi_')) return undefined;
    if (found.order) {
      // A manual order's payment link: the order exists, awaiting this payment; paid once it succeeded.
      if (found.order.paymentStatus === 'awaiting_payment') {
        if (await this.unpaid.settleLinkPayment(payment, await this.#verifiedIntent(payment)))
          return { order: await this.getById(found.order.id), created: false };
      }
      return { order: await this.#view(found.order), created: false };
    }

    const intent = await this.#verifiedIntent(payment);
    if (intent.status !== 'succeeded') return undefined;
    try {
      checkAmounts(this.options.log, payment, intent);
    } catch {
      return undefined;
    }
    const { billing, shipping } = await reconciledAddresses(this.db, this.options.log, payment, intent);
    try {
      return await this.#insertOrder(payment, {
        billing,
        shipping,
        source: 'reconciliation',
        actorId: null,
        locale: undefined,
      });
    } catch (err) {
      // Stock (decision 017): no piece behind the payment: refunded, not made into an order.
      if (err instanceof HttpError && err.details?.refunded) return undefined;
      throw err;
    }
  }

  /** `POST /payments/process-payment`: confirms that this paid intent is the one behind this order. */
  async linkPayment(userId: number, intentId: string, orderId: number) {
    const { payment } = await this.#ownPayment(userId, intentId);
    const [order] = await this.db
      .select({ id: orders.id, paymentId: orders.paymentId })
      .from(orders)
      .where(and(eq(orders.id, orderId), eq(orders.userId, userId)))
      .limit(1);
    if (!order) throw new HttpError(404, ORDER_NOT_FOUND);
    if (order.paymentId !== payment.id) {
      throw new HttpError(409, 'This payment does not belong to that order.');
    }
    return { paymentIntentId: payment.intentId, order_id: order.id, status: payment.status };
  }

  async listForUser(userId: number): Promise<Order[]> {
    const rows = await this.db
      .select()
      .from(orders)
      .where(eq(orders.userId, userId))
      .orderBy(desc(orders.createdAt), desc(orders.id));
    return this.#views(rows);
  }

  async getForUser(userId: number, orderId: number): Promise<Order> {
    const [row] = await this.db
      .select()
      .from(orders)
      .where(and(eq(orders.id, orderId), eq(orders.userId, userId)))
      .limit(1);
    if (!row) throw new HttpError(404, ORDER_NOT_FOUND);
    return this.#view(row);
  }

  /** Any order, for the back office. */
  async getById(orderId: number): Promise<Order> {
    const [row] = await this.db.select().from(orders).where(eq(orders.id, orderId)).limit(1);
    if (!row) throw new HttpError(404, ORDER_NOT_FOUND);
    return this.#view(row);
  }

  /**
   * Moves an order along its life, if it is still at `expected`, the version the admin's page showed: the check
   * (db/versions.ts) is the transaction's first statement and locks the order, so of two admins moving one order
   * at the same moment the second is refused with 409 `stale` (the route adds the order as it is now). The move,
   * its carrier, tracking number and note, its audit row and the shopper's e-mail (outbox) are written together.
   */
  async updateStatus(
    actorId: number,
    orderId: number,
    input: OrderStatusUpdate,
    expected: number,
  ): Promise<Order & { version: number }> {
    const to = input.status;
    const details = {
      carrier: input.carrier ?? null,
      trackingNumber: input.tracking_number ?? null,
      note: input.note ?? null,
    };
    const moved = await this.db.transaction(async (tx) => {
      const current = await claimVersion(tx, orders, orderId, expected, {
        notFound: new HttpError(404, ORDER_NOT_FOUND),
      });
      const from = current.fulfillmentStatus;
      const refusal = illegalMove(from, to);
      if (refusal) throw new HttpError(409, refusal);
      const [row] = await tx
        .update(orders)
        .set({ fulfillmentStatus: to, updatedAt: new Date() })
        .where(eq(orders.id, orderId))
        .returning();
      if (!row) throw new HttpError(404, ORDER_NOT_FOUND);
      await tx
        .insert(orderStatusEvents)
        .values({ orderId, fromStatus: from, toStatus: to, actorId, ...details });
      // Stock (decision 017): cancelled before it shipped, its pieces are for sale again.
      const restocked = to === 'cancelled' ? await this.options.stock.restock(tx, orderId, { actorId }) : 0;
      // Cancelled after it was paid: what is left of the payment goes back, decided in this transaction and
      // sent to the gateway once it commits.
      const refundId =
        to === 'cancelled'
          ? await this.options.refunds?.openForCancellation(tx, orderId, actorId)
          : undefined;
      await recordAudit(tx, {
        actorId,
        action: 'order.status',
        entity: 'order',
        entityId: orderId,
        before: { fulfillment_status: from, version: expected },
        after: {
          fulfillment_status: to,
          carrier: details.carrier,
          tracking_number: details.trackingNumber,
          note: details.note,
          version: row.version,
          ...(to === 'cancelled' && { restocked, refund_id: refundId ?? null }),
        },
      });
      // The shopper hears of the move in the same transaction: the e-mail exists if and only if the move does.
      await this.options.mails.enqueueOrderStatusMail(tx, orderId, {
        status: to,
        carrier: input.carrier ?? undefined,
        trackingNumber: input.tracking_number ?? undefined,
        note: input.note ?? undefined,
      });
      return { row, refundId };
    });
    if (moved.refundId === undefined) return { ...(await this.#view(moved.row)), version: moved.row.version };
    // The refund's answer may have changed the order (its payment status and version): read it again.
    await this.options.refunds?.send(moved.refundId);
    const [row] = await this.db.select().from(orders).where(eq(orders.id, orderId)).limit(1);
    return { ...(await this.#view(row!)), version: row!.version };
  }

  /** Payments that succeeded at least `graceS` ago and have no order: what reconciliation must turn into orders. */
  async paidWithoutOrder(graceS: number, limit = 100): Promise<number[]> {
    const rows = await this.db
      .select({ id: payments.id })
      .from(payments)
      .where(
        and(
          eq(payments.status, 'succeeded'),
          lte(payments.updatedAt, sql`now() - make_interval(secs => ${graceS})`),
          // Spelled out: in a one-table query Drizzle leaves columns unqualified, and a bare "id" inside the
          // subquery would be the order's.
          sql`not exists (select 1 from orders o where o.payment_id = payments.id)`,
          // Stock (decision 017): refunded for want of pieces, never an order.
          sql`not exists (select 1 from refunds r where r.payment_id = payments.id and r.kind = 'sold_out')`,
        ),
      )
      .orderBy(asc(payments.updatedAt))
      .limit(limit);
    return rows.map((r) => r.id);
  }

  /**
   * Payments whose outcome no gateway event has told us yet (a Stripe webhook lost, late, or never configured),
   * due for a question to the gateway: made within `windowS`, quiet for at least `graceS` and for a tenth of
   * their age (a payment an hour old is asked about every six minutes, not every minute). Each is claimed by
   * moving its `updated_at` to now, with `skip locked`, so instances sweeping together ask once. Answers the
   * status each had before the question.
   */
  async claimUnsettled(
    graceS: number,
    windowS: number,
    limit = 50,
  ): Promise<{ id: number; status: PaymentRow['status'] }[]> {
    const result = await this.db.execute(sql`
      update payments set updated_at = now()
      where id in (
        select p.id from payments p
        where p.intent_id like 'pi\_%'
          and p.status in ('requires_payment_method', 'processing', 'failed')
          and p.created_at >= now() - make_interval(secs => ${windowS})
          and p.updated_at <= now() - greatest(make_interval(secs => ${graceS}), (now() - p.created_at) / 10)
          and not exists (select 1 from orders o where o.payment_id = p.id)
        order by p.updated_at
        limit ${limit}
        for update of p skip locked)
      returning id, status`);
    return rowsOf<{ id: number; status: PaymentRow['status'] }>(result).map((r) => ({
      id: Number(r.id),
      status: r.status,
    }));
  }

  /** Asks the gateway about one payment and records its answer; undefined when the payment is not there. */
  async refreshPayment(paymentId: number): Promise<GatewayIntent | undefined> {
    const [payment] = await this.db.select().from(payments).where(eq(payments.id, paymentId)).limit(1);
    if (!payment) return undefined;
    return this.#verifiedIntent(payment);
  }

  // ---------------------------------------------------------------- internals

  /** The shopper's payment with its order, if it has one, in one query. */
  async #ownPayment(
    userId: number,
    intentId: string,
  ): Promise<{ payment: PaymentRow; order: OrderRow | null }> {
    const [found] = await this.db
      .select({ payment: payments, order: orders })
      .from(payments)
      .leftJoin(orders, eq(orders.paymentId, payments.id))
      .where(eq(payments.intentId, intentId))
      .limit(1);
    // Someone else's payment is answered exactly like one that does not exist.
    if (!found || found.payment.userId !== userId) throw new HttpError(404, PAYMENT_NOT_FOUND);
    return found;
  }

  /** The gateway's word on the payment, mirrored into our row (status, and the payer's details if new). */
  async #verifiedIntent(payment: PaymentRow): Promise<GatewayIntent> {
    const intent = await this.gateway.retrieveIntent(payment.intentId);
    const learnedBilling = !payment.billingAddress && intent.billing;
    if (intent.status !== payment.status || learnedBilling) {
      await this.db
        .update(payments)
        .set({
          status: intent.status,
          lastError: intent.lastError,
          ...(learnedBilling && { billingAddress: intent.billing as AddressSnapshot }),
          updatedAt: new Date(),
        })
        // A succeeded payment never goes back, whatever a stale answer says.
        .where(and(eq(payments.id, payment.id), sql`${payments.status} <> 'succeeded'`));
    }
    return intent;
  }

  async #insertOrder(
    payment: PaymentRow,
    details: {
      billing: AddressSnapshot;
      shipping: AddressSnapshot | null;
      source: 'checkout' | 'reconciliation';
      actorId: number | null;
      /** The language of the order call; reconciliation uses the account's. */
      locale: string | undefined;
    },
  ): Promise<PlacedOrder> {
    const snapshot = await catalogueSnapshot(this.db, this.options.publicUrl, payment.lines, payment.userId);
    const subtotalFils = linesTotalFils(payment.lines);
    const shippingFils = paymentShippingFils(payment);
    const discountFils = toFils(payment.discountAmount);

    const outcome = await this.db.transaction(async (tx) => {
      // Stock (decision 017): the payment's pieces are taken in the order's own transaction, before it is
      // written; when they are missing there is no order and the payment is refunded (below).
      const pieces = await this.options.stock.takeForOrder(tx, payment);
      if (pieces.kind === 'ordered') return { order: pieces.order, created: false as const };
      // Refunded for want of pieces: its use of a discount code goes back.
      if (pieces.kind === 'refused') await releaseClaims(tx, [payment.id]);
      if (pieces.kind === 'refused')
        return { refused: pieces.first ? ('first' as const) : ('again' as const) };
      const written = await writeOrder(tx, this.options, payment, snapshot, {
        paymentStatus: 'succeeded',
        amounts: {
          subtotalFils,
          shippingFils,
          codFeeFils: 0,
          discountFils,
          totalFils: subtotalFils + shippingFils - discountFils,
        },
        billing: details.billing,
        shipping: details.shipping,
        source: details.source,
        actorId: details.actorId,
        locale: details.locale,
        clearCart: true,
      });
      if (written.created) {
        // The payment's use of its discount code becomes the order's (the code's row keeps counting it).
        await finalizeUse(tx, {
          paymentId: payment.id,
          orderId: written.order.id,
          userId: payment.userId,
          code: payment.discountCode,
          amount: payment.discountAmount,
        });
      }
      if (written.created && payment.status !== 'succeeded') {
        await tx
          .update(payments)
          .set({ status: 'succeeded', updatedAt: new Date() })
          .where(eq(payments.id, payment.id));
      }
      return written;
    });

    if ('refused' in outcome)
      throw await this.options.stock.refuseUnbacked(payment, outcome.refused === 'first');
    if (!outcome.created) return { order: await this.#view(outcome.order), created: false };
    this.options.metrics.orderCreated(details.source);
    const order = toOrder(outcome.order, outcome.items, payment.intentId);
    this.options.log.info(
      { orderId: order.id, orderNumber: order.order_number, source: details.source },
      'order created',
    );
    return { order, created: true };
  }

  async #view(row: OrderRow): Promise<Order> {
    const [view] = await this.#views([row]);
    if (!view) throw new Error('order view lost');
    return view;
  }

  #views(rows: OrderRow[]): Promise<Order[]> {
    return loadOrderViews(this.db, rows, this.options.afterSale);
  }
}
