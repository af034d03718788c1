import { and, asc, desc, eq, inArray, lte, sql } from 'drizzle-orm';
import { rowsOf } from '../../db/rows.js';
import type { FastifyBaseLogger } from 'fastify';
import type { CreateOrder, LocalizedText, Order, OrderStatusUpdate } from '@boutique/contracts';
import type { Database } from '../../db/client.js';
import {
  addresses,
  colors,
  orderItems,
  orderStatusEvents,
  orders,
  payments,
  productImages,
  products,
  users,
  type AddressSnapshot,
  type PricedLine,
} from '../../db/schema/index.js';
import { illegalMove } from '@boutique/contracts/order-status';
import { HttpError } from '../../lib/http-error.js';
import { clientAmountToFils, fromFils, toFils } from '../../lib/money.js';
import { thumbnailKey } from '../catalog/index.js';
import type { PublicUrl } from '../../storage/index.js';
import type { ShopMetrics } from '../../metrics/index.js';
import type { GatewayIntent, PaymentGateway } from '../payments/index.js';
import { linesTotalFils, SHIPPING_FILS } from '../cart/index.js';
import { type StockService } from '../stock/index.js';
import { nextInvoiceNumber, type OrderMails } from './order-outbox.js';
import { toOrder, type ItemRow, type OrderAfterSale } from './order-view.js';
import { emailLanguage } from '../../lib/mail-layout.js';
import { newOrderNumber } from './order-number.js';
import { recordAudit } from '../audit/index.js';
import { claimVersion } from '../../db/versions.js';

type PaymentRow = typeof payments.$inferSelect;
type OrderRow = typeof orders.$inferSelect;
type Tx = Parameters<Parameters<Database['transaction']>[0]>[0];

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
  constructor(
    private readonly db: Database,
    private readonly gateway: PaymentGateway,
    private readonly options: OrderServiceOptions,
  ) {}

  /** The shopper's order call: everything it states is checked against what was paid for. */
  async placeOrder(userId: number, input: CreateOrder): Promise<PlacedOrder> {
    const { payment, order: existing } = await this.#ownPayment(userId, input.transaction_id);
    const paidFils = linesTotalFils(payment.lines);
    const agrees =
      clientAmountToFils(input.total_amount) === paidFils + SHIPPING_FILS &&
      itemsMatch(payment.lines, input.items);

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
    this.#checkAmounts(payment, intent);
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
    if (found.order) return { order: await this.#view(found.order), created: false };

    const intent = await this.#verifiedIntent(payment);
    if (intent.status !== 'succeeded') return undefined;
    try {
      this.#checkAmounts(payment, intent);
    } catch {
      return undefined;
    }
    const { billing, shipping } = await this.#reconciledAddresses(payment, intent);
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

  /** What was charged, what was frozen and what the lines add up to must be one amount. */
  #checkAmounts(payment: PaymentRow, intent: GatewayIntent) {
    const linesFils = linesTotalFils(payment.lines) + SHIPPING_FILS;
    if (
      intent.amountFils !== linesFils ||
      toFils(payment.amount) !== linesFils ||
      intent.currency.toUpperCase() !== payment.currency
    ) {
      this.options.log.error(
        { paymentId: payment.id, charged: intent.amountFils, frozen: payment.amount, lines: linesFils },
        'paid amount differs from the payment lines: needs a person',
      );
      throw new HttpError(409, 'The amount paid does not match the order. Please contact us.');
    }
  }

  /**
   * Reconciliation knows no checkout form: the billing address is the one recorded with the payment (the
   * sandbox confirmation's or Stripe's billing details, Apple Pay's contact), else the shopper's default saved
   * address, else their most recent one; with none of those the order keeps the account's name and e-mail and
   * empty postal fields, and the log says the shop must ask the customer.
   */
  async #reconciledAddresses(payment: PaymentRow, intent: GatewayIntent) {
    const [user] = await this.db
      .select({ name: users.name, email: users.email })
      .from(users)
      .where(eq(users.id, payment.userId))
      .limit(1);
    const account: AddressSnapshot = {
      name: user?.name ?? '',
      email: user?.email ?? '',
      phone: '',
      address: '',
      city: '',
      postalCode: '',
      country: '',
    };
    const recorded = payment.billingAddress ?? intent.billing;
    let billing: AddressSnapshot;
    if (recorded?.address) {
      billing = { ...account, ...definedFields(recorded) };
    } else {
      const [saved] = await this.db
        .select()
        .from(addresses)
        .where(eq(addresses.userId, payment.userId))
        .orderBy(desc(addresses.isDefault), desc(addresses.updatedAt))
        .limit(1);
      if (saved) {
        billing = {
          name: saved.name,
          email: saved.email,
          phone: saved.phone,
          address: saved.address,
          city: saved.city,
          postalCode: saved.postalCode,
          country: saved.country,
        };
      } else {
        billing = { ...account, ...(recorded && definedFields(recorded)) };
        this.options.log.warn(
          { paymentId: payment.id, userId: payment.userId },
          'reconciled order has no postal address: ask the customer',
        );
      }
    }
    return { billing, shipping: payment.shippingAddress ?? null };
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
    const snapshot = await this.#catalogueSnapshot(payment.lines, payment.userId);
    const subtotalFils = linesTotalFils(payment.lines);

    const outcome = await this.db.transaction(async (tx) => {
      // Stock (decision 017): the payment's pieces are taken in the order's own transaction, before it is
      // written; when they are missing there is no order and the payment is refunded (below).
      const pieces = await this.options.stock.takeForOrder(tx, payment);
      if (pieces.kind === 'ordered') return { order: pieces.order, created: false as const };
      if (pieces.kind === 'refused')
        return { refused: pieces.first ? ('first' as const) : ('again' as const) };
      for (let attempt = 0; attempt < 5; attempt += 1) {
        // No conflict target: a clash on the payment (someone else made this order) and a clash on the order
        // number (draw again) both come back empty, without aborting the transaction.
        const [order] = await tx
          .insert(orders)
          .values({
            orderNumber: newOrderNumber(),
            userId: payment.userId,
            paymentId: payment.id,
            paymentStatus: 'succeeded',
            paymentMethod: payment.method,
            currency: payment.currency,
            subtotal: fromFils(subtotalFils),
            shippingAmount: fromFils(SHIPPING_FILS),
            totalAmount: fromFils(subtotalFils + SHIPPING_FILS),
            billingAddress: details.billing,
            shippingAddress: details.shipping ?? details.billing,
            source: details.source,
            locale: emailLanguage(details.locale ?? snapshot.locale),
          })
          .onConflictDoNothing()
          .returning();
        if (!order) {
          const [theirs] = await tx.select().from(orders).where(eq(orders.paymentId, payment.id)).limit(1);
          if (theirs) return { order: theirs, created: false as const };
          continue;
        }
        const items = await tx
          .insert(orderItems)
          .values(
            payment.lines.map((line) => {
              const product = snapshot.products.get(line.productId);
              return {
                orderId: order.id,
                productId: product ? line.productId : null,
                productSlug: line.slug,
                productName: product?.name ?? { en: line.slug, fr: line.slug, ar: line.slug },
                productImage: product?.image ?? null,
                color: line.color,
                colorName: line.color ? (snapshot.colors.get(line.color) ?? null) : null,
                size: line.size,
                quantity: line.quantity,
                price: line.price,
              };
            }),
          )
          .returning();
        await tx
          .insert(orderStatusEvents)
          .values({ orderId: order.id, fromStatus: null, toStatus: 'unfulfilled', actorId: details.actorId });
        await removePaidLines(tx, payment.userId, payment.lines);
        if (payment.status !== 'succeeded') {
          await tx
            .update(payments)
            .set({ status: 'succeeded', updatedAt: new Date() })
            .where(eq(payments.id, payment.id));
        }
        // Taken once the order row is certainly ours: a number is never drawn for an order that is not written.
        const numbered = this.options.taxInvoices
          ? ((
              await tx
                .update(orders)
                .set({ invoiceNumber: await nextInvoiceNumber(tx) })
                .where(eq(orders.id, order.id))
                .returning()
            )[0] ?? order)
          : order;
        // The shopper's confirmation and the owner's alert exist if and only if the order does.
        await this.options.mails.enqueueNewOrder(
          tx,
          toOrder(numbered, items, payment.intentId),
          snapshot.email,
        );
        return { order: numbered, items, created: true as const };
      }
      throw new Error('no free order number after 5 draws');
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

  /** Names, first images and colour names as the catalogue has them now: the order keeps its own copy. */
  async #catalogueSnapshot(lines: PricedLine[], userId: number) {
    const ids = [...new Set(lines.map((l) => l.productId))];
    const keys = [...new Set(lines.map((l) => l.color).filter(Boolean))];
    const [productRows, imageRows, colorRows, userRows] = await Promise.all([
      this.db
        .select({ id: products.id, name: products.name })
        .from(products)
        .where(inArray(products.id, ids)),
      this.db
        .selectDistinctOn([productImages.productId])
        .from(productImages)
        .where(inArray(productImages.productId, ids))
        .orderBy(productImages.productId, asc(productImages.sortOrder), asc(productImages.id)),
      keys.length > 0
        ? this.db.select({ key: colors.key, name: colors.name }).from(colors).where(inArray(colors.key, keys))
        : Promise.resolve([]),
      this.db
        .select({ email: users.email, locale: users.locale })
        .from(users)
        .where(eq(users.id, userId))
        .limit(1),
    ]);
    const images = new Map(
      imageRows.map((r) => [r.productId, this.options.publicUrl(thumbnailKey(r.path, r.widths))]),
    );
    return {
      products: new Map(productRows.map((p) => [p.id, { name: p.name, image: images.get(p.id) ?? null }])),
      colors: new Map<string, LocalizedText>(colorRows.map((c) => [c.key, c.name])),
      email: userRows[0]?.email,
      locale: userRows[0]?.locale ?? undefined,
    };
  }

  async #view(row: OrderRow): Promise<Order> {
    const [view] = await this.#views([row]);
    if (!view) throw new Error('order view lost');
    return view;
  }

  async #views(rows: OrderRow[]): Promise<Order[]> {
    if (rows.length === 0) return [];
    const ids = rows.map((r) => r.id);
    const [items, intents] = await Promise.all([
      this.db
        .select()
        .from(orderItems)
        .where(inArray(orderItems.orderId, ids))
        .orderBy(asc(orderItems.orderId), asc(orderItems.id)),
      this.db
        .select({ id: payments.id, intentId: payments.intentId })
        .from(payments)
        .where(inArray(payments.id, [...new Set(rows.map((r) => r.paymentId))])),
    ]);
    const itemsOf = new Map<number, ItemRow[]>();
    for (const item of items) {
      const list = itemsOf.get(item.orderId) ?? [];
      list.push(item);
      itemsOf.set(item.orderId, list);
    }
    const intentOf = new Map(intents.map((p) => [p.id, p.intentId]));
    const afterSale = await this.options.afterSale?.of(rows, items);
    return rows.map((r) =>
      toOrder(r, itemsOf.get(r.id) ?? [], intentOf.get(r.paymentId) ?? '', afterSale?.get(r.id)),
    );
  }
}

/**
 * The paid lines leave the cart; a line the shopper has since raised keeps the extra quantity. Two statements
 * whatever the number of lines, each over the lines as one VALUES list.
 */
async function removePaidLines(tx: Tx, userId: number, lines: PricedLine[]) {
  const paid = sql.join(
    lines.map((l) => sql`(${l.productId}::int, ${l.color}::text, ${l.size}::text, ${l.quantity}::int)`),
    sql`, `,
  );
  await tx.execute(sql`
    update cart_items c set quantity = c.quantity - v.quantity, updated_at = now()
    from (values ${paid}) as v(product_id, color, size, quantity)
    where c.user_id = ${userId} and c.product_id = v.product_id and c.color = v.color and c.size = v.size
      and c.quantity > v.quantity`);
  await tx.execute(sql`
    delete from cart_items c using (values ${paid}) as v(product_id, color, size, quantity)
    where c.user_id = ${userId} and c.product_id = v.product_id and c.color = v.color and c.size = v.size
      and c.quantity <= v.quantity`);
}

/**
 * The client's items are the paid lines: same products, colours and sizes, same quantities, same unit prices
 * (order of lines and repeated lines do not matter).
 */
export function itemsMatch(lines: PricedLine[], items: CreateOrder['items']): boolean {
  const key = (slug: string, color: string | null | undefined, size: string) =>
    `${slug.trim().toLowerCase()}|${(color ?? '').trim().toLowerCase()}|${size}`;
  const tally = (entries: { key: string; quantity: number; priceFils: number | undefined }[]) => {
    const out = new Map<string, { quantity: number; priceFils: number | undefined }>();
    for (const e of entries) {
      const seen = out.get(e.key);
      if (seen && seen.priceFils !== e.priceFils) return undefined;
      out.set(e.key, { quantity: (seen?.quantity ?? 0) + e.quantity, priceFils: e.priceFils });
    }
    return out;
  };
  const paid = tally(
    lines.map((l) => ({
      key: key(l.slug, l.color, l.size),
      quantity: l.quantity,
      priceFils: toFils(l.price),
    })),
  );
  const sent = tally(
    items.map((i) => ({
      key: key(i.product_slug, i.options.color, i.options.size),
      quantity: i.quantity,
      priceFils: clientAmountToFils(i.price),
    })),
  );
  if (!paid || !sent || paid.size !== sent.size) return false;
  for (const [k, p] of paid) {
    const s = sent.get(k);
    if (!s || s.quantity !== p.quantity || s.priceFils !== p.priceFils) return false;
  }
  return true;
}

/** Only the fields that hold something, so they can be laid over defaults. */
function definedFields(address: Partial<AddressSnapshot>): Partial<AddressSnapshot> {
  return Object.fromEntries(
    Object.entries(address).filter(([, v]) => typeof v === 'string' && v.trim() !== ''),
  );
}
