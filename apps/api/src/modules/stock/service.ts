import { and, eq, inArray, or, sql, type SQL } from 'drizzle-orm';
import { rowsOf } from '../../db/rows.js';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { FastifyBaseLogger } from 'fastify';
import { ERROR_CODES, type PaymentStatus, type StockShortage } from '@boutique/contracts';
import type { Database } from '../../db/client.js';
import {
  exchangeHolds,
  orderItems,
  orders,
  payments,
  productStock,
  products,
  refunds,
  stockHolds,
  type PricedLine,
} from '../../db/schema/index.js';
import { HttpError } from '../../lib/http-error.js';
import type { PaymentGateway } from '../payments/index.js';
import type { RefundSender } from '../payments/index.js';
import { alertOwnerOfRefundedPayment } from './alerts.js';
import { piecesOf, type PieceLine } from './levels.js';
import { writeMoves, type StockMovesHook } from './moves.js';
import {
  StockCounts,
  type Adjustment,
  type CommandVariant,
  type SetCountResult,
  type StockMoveReason,
  type StockMoveSource,
  type VariantCount,
} from './counts.js';

type OrderRow = typeof orders.$inferSelect;

/**
 * Payments whose pieces may be given back: not paid, and not being paid. A succeeded or processing payment
 * keeps its hold until its order takes the pieces.
 */
export const RELEASABLE: PaymentStatus[] = ['requires_payment_method', 'failed', 'canceled'];
const releasableList = sql.raw(RELEASABLE.map((s) => `'${s}'`).join(', '));

/** How far a sweep pushes the expiry of the holds it is handling, so that no other instance takes them too. */
const CLAIM_MS = 2 * 60_000;
const SWEEP_BATCH = 200;

export type {
  Adjustment,
  CommandVariant,
  SetCountResult,
  StockMoveReason,
  StockMoveSource,
  VariantCount,
} from './counts.js';

export interface StockServiceOptions {
  /** How long creating or updating a payment holds its pieces. */
  holdMinutes: number;
  /** Period of the expiry sweep; 0: only the sweep at start. */
  sweepIntervalS: number;
  /** The clock holds are measured by (tests move it). */
  now: () => Date;
  /** What one shopper may hold (docs/decisions/031); without them (the stock command) nothing is bounded. */
  limits?: HoldLimits;
  log: FastifyBaseLogger;
  /**
   * Sends the refunds of payments made without their pieces, and retries every pending refund at each sweep
   * (the shop's; a command that only counts pieces goes without).
   */
  refunds?: RefundSender;
  /**
   * A payment is marked for a refund for want of pieces, in that transaction: the owner's alert and the
   * shopper's "refunded" e-mail are written there (alerts.ts), so they exist exactly when the refund does.
   */
  onRefund?: (tx: Database, refund: RefundNotice) => Promise<void>;
  /**
   * What else these payments held besides pieces (a discount code's use), given back in the transaction that
   * gives back their pieces: when a hold is released (declined, cancelled, expired) or replaced by a new one.
   */
  onRelease?: (tx: Database, paymentIds: number[]) => Promise<void>;
  /** Told of every variant whose count moved, in the moving transaction (the shop's stock alerts). */
  onMoves?: StockMovesHook;
}

/** What one account and one network may hold at once, and for how long (STOCK_HOLD_MAX_*). */
export interface HoldLimits {
  maxHoldMinutes: number;
  maxPiecesPerAccount: number;
  maxPiecesPerNetwork: number;
}

/** What is known of a payment when it is marked for a refund. */
export interface RefundNotice {
  paymentId: number;
  userId: number;
  /** AED, decimal string. */
  amount: string;
  shortages: StockShortage[];
}

/** What taking a payment's pieces for its order came to. */
export type TakeOutcome =
  | { kind: 'taken' }
  /** The payment has its order already (a repeated or concurrent call, or reconciliation). */
  | { kind: 'ordered'; order: OrderRow }
  /** Pieces are missing: no order; the payment is to be refunded (`first`: this call found it out). */
  | { kind: 'refused'; first: boolean };

/** What puts an order's pieces back on sale: a cancellation by default; a return or a refund names its lines. */
export interface RestockOptions {
  reason?: 'cancellation' | 'return' | 'refund';
  actorId?: number | null;
  note?: string | null;
}

/** A line of a request that asks for more than is left; `slug` names it to the client. */
type Wanted = PieceLine & { slug?: string };

/**
 * Every rule about pieces in one place (docs/decisions/017-stock-reservations.md). `product_stock.stock`
 * counts the pieces not sold, `reserved` those that payments under way hold, each hold written in
 * `stock_holds`. Every change is one conditional statement (`... where stock - reserved >= n`) or works on
 * rows it has just deleted with `returning` (a hold is given back or taken once): nothing reads a count and
 * writes it back.
 */
export class StockService {
  #interval: NodeJS.Timeout | undefined;
  #running: Promise<unknown> | undefined;
  #stopped = false;

  readonly #counts: StockCounts;

  constructor(
    private readonly db: Database,
    private readonly gateway: PaymentGateway,
    private readonly options: StockServiceOptions,
  ) {
    this.#counts = new StockCounts(db, options.onMoves);
  }

  now() {
    return this.options.now();
  }

  // ---------------------------------------------------------------- what a shopper may have

  /**
   * SQL for the pieces of a variant (product, colour key or '', size) the shopper can still have: what is free,
   * plus what their own unpaid payments hold (a shopper never competes with their own checkout).
   */
  static availableToShopper(
    productId: AnyPgColumn | SQL | number,
    color: AnyPgColumn | SQL | string,
    size: AnyPgColumn | SQL | string,
    userId: AnyPgColumn | SQL | number,
  ): SQL<number> {
    return sql<number>`(coalesce((select ps.stock - ps.reserved from product_stock ps
        where ps.product_id = ${productId} and ps.color = ${color} and ps.size = ${size}), 0)
      + coalesce((select sum(h.quantity) from stock_holds h join payments p on p.id = h.payment_id
        where h.user_id = ${userId} and h.product_id = ${productId} and h.color = ${color} and h.size = ${size}
          and p.status in (${releasableList})), 0))::int`;
  }

  /** SQL: the product comes in this variant (its row exists). */
  static variantExists(
    productId: AnyPgColumn | SQL | number,
    color: AnyPgColumn | SQL | string,
    size: AnyPgColumn | SQL | string,
  ): SQL<boolean> {
    return sql<boolean>`exists (select 1 from product_stock ps
      where ps.product_id = ${productId} and ps.color = ${color} and ps.size = ${size})`;
  }

  async availableTo(
    db: Database,
    userId: number,
    variant: { productId: number; color: string; size: string },
  ): Promise<number> {
    const { productId, color, size } = variant;
    const [row] = await db
      .execute<{ n: number }>(
        sql`select ${StockService.availableToShopper(productId, color, size, userId)} as n`,
      )
      .then(rowsOf<{ n: number }>);
    return Number(row?.n ?? 0);
  }

  // ---------------------------------------------------------------- payments

  /**
   * Holds the pieces of a payment's lines until `now + STOCK_HOLD_MINUTES`, in one transaction: first what this
   * payment and the shopper's other unpaid payments held is given back, then each piece is taken with
   * `reserved = reserved + n where stock - reserved >= n`. When a piece is missing nothing changes and the
   * answer is 409 naming what is left. Bounded by `limits`: the pieces of one account (422) and of one network
   * (429), and how long a shopper's holds last from the first one however often renewed (429). Answers when
   * the hold expires.
   */
  async hold(
    paymentId: number,
    userId: number,
    lines: readonly (PricedLine | Wanted)[],
    /** The shopper's network (lib/rate-limit.ts clientKey); undefined: not bounded per network. */
    clientKey?: string,
    /**
     * Runs in the hold's transaction once the pieces are taken (a discount code's use claimed): what it throws
     * undoes the hold.
     */
    alongside?: (tx: Database) => Promise<void>,
  ): Promise<Date> {
    const now = this.now();
    const { limits, holdMinutes } = this.options;
    let expiresAt = new Date(now.getTime() + holdMinutes * 60_000);
    const wanted = piecesOf(lines);
    const slugs = slugsOf(lines);
    const total = wanted.reduce((n, p) => n + p.quantity, 0);
    if (limits && total > limits.maxPiecesPerAccount) {
      throw new HttpError(
        422,
        `One checkout holds at most ${limits.maxPiecesPerAccount} pieces: please lower the quantities in your cart.`,
        undefined,
        { code: ERROR_CODES.holdTooManyPieces },
      );
    }
    await this.db.transaction(async (tx) => {
      // The network's lock comes before any row lock: taken after giving back the previous holds, it let two
      // shoppers of one network deadlock (one holding a size's row and waiting for the lock, the other holding
      // the lock and waiting for the row).
      if (limits && clientKey) await lockNetwork(tx, clientKey);
      if (limits) expiresAt = await this.#holdWindow(tx, userId, now, expiresAt, limits);
      const previous = await tx
        .delete(stockHolds)
        .where(
          or(
            eq(stockHolds.paymentId, paymentId),
            and(
              eq(stockHolds.userId, userId),
              sql`${stockHolds.paymentId} in (select p.id from payments p
                where p.user_id = ${userId} and p.status in (${releasableList}))`,
            ),
          ),
        )
        .returning();
      await giveBack(tx, previous);
      if (this.options.onRelease) {
        const open = await tx
          .select({ id: payments.id })
          .from(payments)
          .where(and(eq(payments.userId, userId), inArray(payments.status, RELEASABLE)));
        await this.options.onRelease(tx, [...new Set([paymentId, ...open.map((p) => p.id)])]);
      }
      if (limits && clientKey) await this.#networkRoom(tx, clientKey, total, now, limits);

      const missing: Wanted[] = [];
      for (const piece of wanted) if (!(await reserve(tx, piece))) missing.push(piece);
      if (missing.length > 0) {
        const shortages = await this.#shortages(tx, missing, slugs, userId);
        throw new HttpError(409, await this.#checkoutMessage(tx, shortages, missing), undefined, {
          shortages,
        });
      }
      if (wanted.length > 0) {
        await tx
          .insert(stockHolds)
          .values(wanted.map((p) => ({ paymentId, userId, ...p, expiresAt, clientKey })));
      }
      await alongside?.(tx);
    });
    return expiresAt;
  }

  /**
   * When this shopper's holds must end at the latest: STOCK_HOLD_MAX_MINUTES after the first hold of their
   * window, however often it is renewed. A window over, the shopper waits one hold's time before a new one
   * starts (429 with Retry-After), so nobody keeps pieces from everyone by renewing a payment forever.
   */
  async #holdWindow(
    tx: Database,
    userId: number,
    now: Date,
    wanted: Date,
    limits: HoldLimits,
  ): Promise<Date> {
    const maxMs = limits.maxHoldMinutes * 60_000;
    const restMs = this.options.holdMinutes * 60_000;
    const stale = new Date(now.getTime() - maxMs - restMs).toISOString();
    const [row] = await tx
      .execute<{ started_at: string | Date }>(
        sql`insert into stock_hold_windows (user_id, started_at) values (${userId}, ${now.toISOString()}::timestamptz)
          on conflict (user_id) do update set started_at = case
            when stock_hold_windows.started_at <= ${stale}::timestamptz then excluded.started_at
            else stock_hold_windows.started_at end
          returning started_at`,
      )
      .then(rowsOf<{ started_at: string | Date }>);
    const ends = new Date(new Date(row?.started_at ?? now).getTime() + maxMs);
    if (ends.getTime() <= now.getTime()) {
      const waitS = Math.max(1, Math.ceil((ends.getTime() + restMs - now.getTime()) / 1000));
      const minutes = Math.ceil(waitS / 60);
      throw new HttpError(
        429,
        `Your pieces were held for the longest time we can hold them. You may hold them again in ${minutes} ${minutes === 1 ? 'minute' : 'minutes'}.`,
        undefined,
        { code: ERROR_CODES.holdTimeUsed },
        waitS,
      );
    }
    return ends < wanted ? ends : wanted;
  }

  /**
   * Refuses (429) a hold that would take the pieces held by the accounts of one network over
   * STOCK_HOLD_MAX_PIECES_PER_IP. Holds of one network are counted one after the other (under lockNetwork,
   * taken first in the transaction), so two of its accounts cannot both pass at the same moment.
   */
  async #networkRoom(tx: Database, clientKey: string, adding: number, now: Date, limits: HoldLimits) {
    const [row] = await tx
      .execute<{ held: number; first_end: string | Date | null }>(
        sql`select coalesce(sum(h.quantity), 0)::int as held, min(h.expires_at) as first_end
          from stock_holds h join payments p on p.id = h.payment_id
          where h.client_key = ${clientKey} and h.expires_at > ${now.toISOString()}::timestamptz
            and p.status in (${releasableList})`,
      )
      .then(rowsOf<{ held: number; first_end: string | Date | null }>);
    if (Number(row?.held ?? 0) + adding <= limits.maxPiecesPerNetwork) return;
    const firstEnd = row?.first_end ? new Date(row.first_end).getTime() : now.getTime();
    const waitS = Math.max(1, Math.ceil((firstEnd - now.getTime()) / 1000));
    throw new HttpError(
      429,
      'Too many pieces are being held from your network right now. Please try again in a few minutes.',
      undefined,
      { code: ERROR_CODES.holdNetworkBusy },
      waitS,
    );
  }

  /**
   * Gives back what a payment holds (declined, cancelled, expired, or its row about to go). Answers the number
   * of pieces given back: 0 when another call gave them back first.
   */
  async release(paymentId: number, db: Database = this.db): Promise<number> {
    return db.transaction(async (tx) => {
      const held = await tx.delete(stockHolds).where(eq(stockHolds.paymentId, paymentId)).returning();
      await giveBack(tx, held);
      await this.options.onRelease?.(tx, [paymentId]);
      return held.reduce((n, h) => n + h.quantity, 0);
    });
  }

  /**
   * Inside the order's transaction, before the order is written: the pieces behind a succeeded payment are
   * taken, or the payment is marked for a refund. The payment row is locked first, so attempts at one payment's
   * order (the shopper's call, a retry, reconciliation) run one after the other: the second sees the first's
   * order or refund. The payment's hold is taken; what it does not cover (it expired) is taken from the free
   * pieces if there are enough. All of the payment's pieces or none of them (a savepoint).
   */
  async takeForOrder(
    tx: Database,
    payment: { id: number; userId: number; amount: string; lines: PricedLine[] },
  ): Promise<TakeOutcome> {
    await tx.select({ id: payments.id }).from(payments).where(eq(payments.id, payment.id)).for('update');
    const [existing] = await tx.select().from(orders).where(eq(orders.paymentId, payment.id)).limit(1);
    if (existing) return { kind: 'ordered', order: existing };
    const [refund] = await tx
      .select({ id: refunds.id })
      .from(refunds)
      .where(and(eq(refunds.paymentId, payment.id), eq(refunds.kind, 'sold_out')))
      .limit(1);
    if (refund) return { kind: 'refused', first: false };

    const missing = await this.#consume(tx, payment.id, payment.lines);
    if (missing.length === 0) {
      await this.#recordSale(tx, payment.id, payment.lines);
      return { kind: 'taken' };
    }
    const shortages = await this.#shortages(tx, missing, slugsOf(payment.lines), payment.userId);
    await tx.insert(refunds).values({
      paymentId: payment.id,
      nextAttemptAt: this.now(),
      kind: 'sold_out',
      amount: payment.amount,
      reason: `sold out while paying: ${shortages.map((s) => `${s.slug} ${s.color ? `${s.color} ` : ''}${s.size} (${s.left} left)`).join(', ')}`,
    });
    await this.options.onRefund?.(tx, {
      paymentId: payment.id,
      userId: payment.userId,
      amount: payment.amount,
      shortages,
    });
    this.options.log.error(
      { paymentId: payment.id, shortages },
      'a payment succeeded but its pieces were sold meanwhile: no order, refunding it',
    );
    return { kind: 'refused', first: true };
  }

  /**
   * Inside the transaction of an order placed without a card (cash on delivery, a manual order): its pieces
   * are taken from the free ones, all or none. When one is missing nothing changes and the answer is 409 naming
   * what is left; nobody has paid, so nothing is refunded.
   */
  async takeUnpaid(
    tx: Database,
    payment: { id: number; userId: number; lines: PricedLine[] },
    /** The shopper's own checkout: what their unpaid card payments hold is given back first, as `hold` does. */
    options: { releaseOwnHolds: boolean },
  ): Promise<void> {
    if (options.releaseOwnHolds) {
      const previous = await tx
        .delete(stockHolds)
        .where(
          and(
            eq(stockHolds.userId, payment.userId),
            sql`${stockHolds.paymentId} in (select p.id from payments p
              where p.user_id = ${payment.userId} and p.status in (${releasableList}))`,
          ),
        )
        .returning();
      await giveBack(tx, previous);
    }
    const missing = await this.#consume(tx, payment.id, payment.lines);
    if (missing.length > 0) {
      const shortages = await this.#shortages(tx, missing, slugsOf(payment.lines), payment.userId);
      throw new HttpError(409, await this.#checkoutMessage(tx, shortages, missing), undefined, { shortages });
    }
    await this.#recordSale(tx, payment.id, payment.lines);
  }

  /**
   * After `takeForOrder` refused: refunds the payment through the gateway (the first time; later calls only
   * read where the refund stands) and answers the error the shopper's order call gets.
   */
  async refuseUnbacked(
    payment: { id: number; intentId: string; userId: number; amount: string; lines: PricedLine[] },
    first: boolean,
  ): Promise<HttpError> {
    const shortages = (
      await this.#shortages(this.db, piecesOf(payment.lines), slugsOf(payment.lines), payment.userId)
    ).filter((s) => s.left < wantedOf(payment.lines, s));
    const refund = first ? await this.refundUnbacked(payment.id) : await this.#refundState(payment.id);
    if (first) {
      alertOwnerOfRefundedPayment(this.options.log, {
        paymentId: payment.id,
        intentId: payment.intentId,
        userId: payment.userId,
        amount: payment.amount,
        shortages,
        refund,
      });
    }
    const given = refund.status === 'succeeded';
    return new HttpError(
      409,
      'Sorry: the pieces you were paying for were sold while your payment was being made, so no order was made. ' +
        (given
          ? `Your payment of AED ${payment.amount} has been refunded in full.`
          : `Your payment of AED ${payment.amount} is being refunded in full.`),
      undefined,
      { shortages, refunded: true },
    );
  }

  /**
   * Gives the money of a payment marked for refund back through the gateway (payments/refunds.ts: once, whatever
   * the number of tries). Errors are recorded on the refund, not thrown.
   */
  async refundUnbacked(
    paymentId: number,
  ): Promise<{ status: 'succeeded' | 'pending' | 'failed'; id: string | null; error: string | null }> {
    const [row] = await this.db
      .select({ id: refunds.id })
      .from(refunds)
      .where(and(eq(refunds.paymentId, paymentId), eq(refunds.kind, 'sold_out')))
      .limit(1);
    if (!row) throw new Error(`payment ${paymentId} is not marked for a refund`);
    if (!this.options.refunds) throw new Error('no refund sender');
    const state = await this.options.refunds.send(row.id);
    return { status: state.status, id: state.gatewayRefundId, error: state.error };
  }

  // ---------------------------------------------------------------- orders

  /**
   * An order cancelled before it shipped: its pieces are for sale again, in the order's own transaction (those
   * a refund or a return put back already are not counted twice). Answers the pieces put back.
   */
  async restock(tx: Database, orderId: number, options: RestockOptions = {}): Promise<number> {
    const items = await tx
      .select({ id: orderItems.id, quantity: orderItems.quantity })
      .from(orderItems)
      .where(eq(orderItems.orderId, orderId));
    return this.restockItems(
      tx,
      items.map((i) => ({ itemId: i.id, quantity: i.quantity })),
      { reason: 'cancellation', ...options },
    );
  }

  /**
   * Puts pieces of order lines back on sale (a refund with restock, a return received in good condition), in the
   * caller's transaction. Each line gives back at most what it has not given back yet (`restocked_quantity`),
   * taken with one conditional update, so that two hands never put one piece back twice; each line is written to
   * the stock history with its order. Answers the pieces.
   */
  async restockItems(
    tx: Database,
    lines: readonly { itemId: number; quantity: number }[],
    options: RestockOptions,
  ): Promise<number> {
    let total = 0;
    const moved: { orderId: number; productId: number; size: string; color: string; quantity: number }[] = [];
    const counts = new Map<string, number>();
    for (const line of [...lines].sort((a, b) => a.itemId - b.itemId)) {
      const [item] = await tx
        .select({
          orderId: orderItems.orderId,
          productId: orderItems.productId,
          size: orderItems.size,
          color: orderItems.color,
          left: sql<number>`${orderItems.quantity} - ${orderItems.restockedQuantity}`,
        })
        .from(orderItems)
        .where(eq(orderItems.id, line.itemId))
        .for('update');
      const pieces = Math.min(line.quantity, Number(item?.left ?? 0));
      if (!item || pieces <= 0) continue;
      await tx
        .update(orderItems)
        .set({ restockedQuantity: sql`${orderItems.restockedQuantity} + ${pieces}` })
        .where(eq(orderItems.id, line.itemId));
      total += pieces;
      // A product deleted since keeps its order lines, but there is no size left to count the piece in.
      if (item.productId === null) continue;
      const piece = { ...item, productId: item.productId, quantity: pieces };
      const [row] = await tx
        .insert(productStock)
        .values({ productId: item.productId, color: item.color, size: item.size, stock: pieces })
        .onConflictDoUpdate({
          target: [productStock.productId, productStock.color, productStock.size],
          set: { stock: sql`${productStock.stock} + excluded.stock`, updatedAt: sql`now()` },
        })
        .returning({ stock: productStock.stock });
      counts.set(pieceKey(piece), row?.stock ?? piece.quantity);
      moved.push(piece);
    }
    for (const orderId of new Set(moved.map((m) => m.orderId))) {
      const ofOrder = moved.filter((m) => m.orderId === orderId);
      await recordMoves(
        tx,
        ofOrder,
        counts,
        +1,
        {
          reason: options.reason ?? 'cancellation',
          orderId,
          actorId: options.actorId ?? null,
          note: options.note ?? null,
          source: 'order',
        },
        this.options.onMoves,
      );
    }
    return total;
  }

  // ---------------------------------------------------------------- exchanges

  /**
   * Sets pieces aside for an approved exchange, in the return's transaction: counted in `reserved` like a
   * payment's hold (no shopper can buy them), with no expiry. All of them or none: a missing piece is 409 naming
   * it, and the caller's transaction rolls back.
   */
  async holdForExchange(
    tx: Database,
    pieces: readonly {
      returnLineId: number;
      productId: number;
      color: string;
      size: string;
      quantity: number;
    }[],
  ): Promise<void> {
    for (const piece of pieces) {
      if (!(await reserve(tx, piece))) {
        const names = await productNames(tx, [piece.productId]);
        throw new HttpError(
          409,
          `${names.get(piece.productId) ?? 'This piece'} is sold out in ${piece.color ? `${piece.color}, ` : ''}size ${piece.size}: reject the exchange, or offer a refund instead.`,
        );
      }
      await tx.insert(exchangeHolds).values(piece);
    }
  }

  /** Gives back what an exchange set aside (rejected or closed): answers the pieces given back. */
  async releaseExchange(tx: Database, returnLineIds: readonly number[]): Promise<number> {
    if (returnLineIds.length === 0) return 0;
    const held = await tx
      .delete(exchangeHolds)
      .where(inArray(exchangeHolds.returnLineId, [...returnLineIds]))
      .returning();
    await giveBack(tx, held);
    return held.reduce((n, h) => n + h.quantity, 0);
  }

  /** The exchange's new pieces leave the workshop: what was set aside is sold. Answers the pieces. */
  async shipExchange(
    tx: Database,
    returnLineIds: readonly number[],
    about: { orderId: number; actorId: number | null },
  ): Promise<number> {
    if (returnLineIds.length === 0) return 0;
    const held = await tx
      .delete(exchangeHolds)
      .where(inArray(exchangeHolds.returnLineId, [...returnLineIds]))
      .returning();
    const counts = new Map<string, number>();
    for (const piece of piecesOf(held)) {
      const [row] = await tx
        .update(productStock)
        .set({
          stock: sql`${productStock.stock} - ${piece.quantity}`,
          reserved: sql`${productStock.reserved} - ${piece.quantity}`,
          updatedAt: new Date(),
        })
        .where(ofVariant(piece))
        .returning({ stock: productStock.stock });
      if (row) counts.set(pieceKey(piece), row.stock);
    }
    await recordMoves(
      tx,
      held,
      counts,
      -1,
      { reason: 'exchange', ...about, source: 'order' },
      this.options.onMoves,
    );
    return held.reduce((n, h) => n + h.quantity, 0);
  }

  // ---------------------------------------------------------------- the shop owner (counts.ts)

  /** Adds or takes away pieces of one variant (StockCounts.adjust). */
  adjust(input: Adjustment, db: Database = this.db) {
    return this.#counts.adjust(input, db);
  }

  /** Sets the unsold pieces of a variant from the command line (StockCounts.setCount). */
  setCount(slug: string, variant: CommandVariant, count: number): Promise<SetCountResult> {
    return this.#counts.setCount(slug, variant, count);
  }

  /** An adjustment from the command line (StockCounts.adjustBySlug). */
  adjustBySlug(slug: string, variant: CommandVariant, delta: number, reason: StockMoveReason, note?: string) {
    return this.#counts.adjustBySlug(slug, variant, delta, reason, note);
  }

  /** A new product's variants and first counts, in its transaction (StockCounts.setCounts). */
  setCounts(tx: Database, productId: number, counts: readonly VariantCount[], actorId: number | null = null) {
    return this.#counts.setCounts(tx, productId, counts, actorId);
  }

  /**
   * The variants a product comes in from now on (its colours × its sizes), in its transaction, with the first
   * counts of those it adds (StockCounts.setVariants).
   */
  setVariants(tx: Database, productId: number, variants: readonly VariantCount[], actorId: number | null) {
    return this.#counts.setVariants(tx, productId, variants, actorId);
  }

  /** Colours renamed in the product's form keep their pieces (StockCounts.renameColors). */
  renameColors(
    tx: Database,
    productId: number,
    renames: readonly { from: string; to: string }[],
    actorId: number | null,
  ) {
    return this.#counts.renameColors(tx, productId, renames, actorId);
  }

  /** Counts of every variant a product comes in (StockCounts.counts). */
  counts(slug: string) {
    return this.#counts.counts(slug);
  }

  // ---------------------------------------------------------------- expiry

  /**
   * Gives back the pieces of unpaid payments whose hold expired, cancelling their gateway intent first so that
   * they can no longer be paid (one paid meanwhile keeps its pieces for its order), then retries refunds that
   * did not go through. Any instance may run it at any time: the holds it handles are claimed with
   * `for update skip locked` (their expiry pushed ahead while it works), and a release deletes its holds with
   * `returning`, so two sweeps never give back one piece twice.
   */
  async sweep(): Promise<{ expired: number; refunds: number }> {
    const now = this.now();
    const claimed = await this.db
      .execute(
        sql`update stock_holds set expires_at = ${new Date(now.getTime() + CLAIM_MS).toISOString()}::timestamptz
          where (payment_id, product_id, color, size) in (
            select h.payment_id, h.product_id, h.color, h.size from stock_holds h
            join payments p on p.id = h.payment_id
            where h.expires_at <= ${now.toISOString()}::timestamptz and p.status in (${releasableList})
            order by h.expires_at
            limit ${SWEEP_BATCH}
            for update of h skip locked)
          returning payment_id`,
      )
      .then(rowsOf<{ payment_id: number }>);
    let expired = 0;
    for (const paymentId of new Set(claimed.map((r) => Number(r.payment_id)))) {
      if (this.#stopped) break;
      try {
        if (await this.#expire(paymentId)) expired += 1;
      } catch (err) {
        this.options.log.error(
          { err, paymentId },
          'an expired stock hold could not be released: retried later',
        );
      }
    }

    const refunds = this.#stopped ? 0 : ((await this.options.refunds?.retryDue()) ?? 0);
    if (expired > 0) this.options.log.info({ expired }, 'expired stock holds released');
    return { expired, refunds };
  }

  /**
   * For the metrics: pieces held by payments under way, and holds past their time that the sweep has not given
   * back yet. Read from the database: the shop's figure.
   */
  async figures() {
    const now = this.now().toISOString();
    const [holds] = await this.db
      .select({
        held: sql<number>`coalesce(sum(${stockHolds.quantity}), 0)::int`,
        overdue: sql<number>`coalesce(sum(${stockHolds.quantity}) filter (where ${stockHolds.expiresAt} <= ${now}::timestamptz), 0)::int`,
      })
      .from(stockHolds);
    return { heldPieces: Number(holds?.held ?? 0), overduePieces: Number(holds?.overdue ?? 0) };
  }

  start() {
    this.#track(this.sweep());
    if (this.options.sweepIntervalS > 0) {
      this.#interval = setInterval(() => {
        if (!this.#running) this.#track(this.sweep());
      }, this.options.sweepIntervalS * 1000);
      this.#interval.unref();
    }
  }

  async stop() {
    this.#stopped = true;
    clearInterval(this.#interval);
    await this.#running;
  }

  // ---------------------------------------------------------------- internals

  #track(work: Promise<unknown>) {
    const tracked = work
      .catch((err: unknown) => this.options.log.error({ err }, 'stock sweep failed'))
      .finally(() => {
        if (this.#running === tracked) this.#running = undefined;
      });
    this.#running = tracked;
  }

  /** One expired payment: its intent cancelled at the gateway, then its pieces given back. */
  async #expire(paymentId: number): Promise<boolean> {
    const [payment] = await this.db.select().from(payments).where(eq(payments.id, paymentId)).limit(1);
    if (!payment) return false;
    let status = payment.status;
    if (payment.intentId.startsWith('pi_')) {
      const intent = await this.gateway.cancelIntent({
        intentId: payment.intentId,
        idempotencyKey: `payment-${payment.id}-cancel`,
      });
      status = intent.status;
    }
    if (status === 'succeeded' || status === 'processing') {
      // Paid after all, at the last moment: the hold stays for its order (the shopper's or reconciliation's).
      await this.db
        .update(payments)
        .set({ status, updatedAt: new Date() })
        .where(and(eq(payments.id, payment.id), sql`${payments.status} <> 'succeeded'`));
      return false;
    }
    await this.db.transaction(async (tx) => {
      await this.release(payment.id, tx);
      await tx
        .update(payments)
        .set({ status: 'canceled', updatedAt: new Date() })
        .where(and(eq(payments.id, payment.id), inArray(payments.status, RELEASABLE)));
    });
    this.options.log.info({ paymentId: payment.id }, 'stock hold expired: intent cancelled, pieces released');
    return true;
  }

  /**
   * Takes a payment's pieces: its holds are deleted (`returning`), then each size is taken with one
   * conditional update covering what the hold lacks from the free pieces. Answers what is missing; then
   * nothing changed (the savepoint is rolled back).
   */
  async #consume(tx: Database, paymentId: number, lines: PricedLine[]): Promise<PieceLine[]> {
    const missing: PieceLine[] = [];
    try {
      await tx.transaction(async (sp) => {
        const held = piecesOf(
          await sp.delete(stockHolds).where(eq(stockHolds.paymentId, paymentId)).returning(),
        );
        const needs = piecesOf(lines);
        const keys = piecesOf([...needs, ...held].map((p) => ({ ...p, quantity: 0 })));
        for (const key of keys) {
          const need = needs.find((p) => samePiece(p, key))?.quantity ?? 0;
          const hold = held.find((p) => samePiece(p, key))?.quantity ?? 0;
          const fromFree = Math.max(0, need - hold);
          const [taken] = await sp
            .update(productStock)
            .set({
              stock: sql`${productStock.stock} - ${need}`,
              reserved: sql`${productStock.reserved} - ${hold}`,
              updatedAt: new Date(),
            })
            .where(and(ofVariant(key), sql`${productStock.stock} - ${productStock.reserved} >= ${fromFree}`))
            .returning({ productId: productStock.productId });
          if (!taken && need > 0) missing.push({ ...key, quantity: need });
        }
        if (missing.length > 0) throw new PiecesMissing();
        // Bought: the shopper's next checkout starts a new hold window (docs/decisions/031).
        await sp.execute(sql`delete from stock_hold_windows
          where user_id = (select user_id from payments where id = ${paymentId})`);
      });
    } catch (err) {
      if (!(err instanceof PiecesMissing)) throw err;
    }
    return missing;
  }

  /** The history of a payment's pieces just taken for its order: one sale per line, before its order is written. */
  async #recordSale(tx: Database, paymentId: number, lines: PricedLine[]) {
    const pieces = piecesOf(lines);
    const rows = await tx
      .select({
        productId: productStock.productId,
        color: productStock.color,
        size: productStock.size,
        stock: productStock.stock,
      })
      .from(productStock)
      .where(or(...pieces.map(ofVariant)));
    const counts = new Map(rows.map((r) => [pieceKey(r), r.stock]));
    await recordMoves(
      tx,
      lines,
      counts,
      -1,
      { reason: 'sale', paymentId, source: 'order' },
      this.options.onMoves,
    );
  }

  async #refundState(paymentId: number) {
    const [row] = await this.db
      .select()
      .from(refunds)
      .where(and(eq(refunds.paymentId, paymentId), eq(refunds.kind, 'sold_out')))
      .limit(1);
    return {
      status: row?.status ?? ('pending' as const),
      id: row?.gatewayRefundId ?? null,
      error: row?.lastError ?? null,
    };
  }

  /** What is left, for this shopper, of each piece asked for. */
  async #shortages(
    db: Database,
    pieces: PieceLine[],
    slugs: Map<number, string>,
    userId: number,
  ): Promise<StockShortage[]> {
    const out: StockShortage[] = [];
    for (const p of pieces) {
      out.push({
        slug: slugs.get(p.productId) ?? String(p.productId),
        color: p.color,
        size: p.size,
        left: Math.max(0, await this.availableTo(db, userId, p)),
      });
    }
    return out;
  }

  /** "Only 1 left of Zahra Emerald Velvet Caftan in emerald, size M." for each missing piece, in English. */
  async #checkoutMessage(db: Database, shortages: StockShortage[], pieces: PieceLine[]) {
    const names = await productNames(
      db,
      pieces.map((p) => p.productId),
    );
    const parts = shortages.map((s, i) => {
      const name = names.get(pieces[i]?.productId ?? 0) ?? s.slug;
      const variant = `${s.color ? `${s.color}, ` : ''}size ${s.size}`;
      return s.left === 0
        ? `${name} is sold out in ${variant}.`
        : `Only ${s.left} left of ${name} in ${variant}.`;
    });
    return `Some pieces in your cart are no longer in stock: ${parts.join(' ')} Please review your cart.`;
  }
}

const pieceKey = (p: { productId: number; color: string; size: string }) =>
  `${p.productId}\u0000${p.color}\u0000${p.size}`;

/** The stock row of one variant. */
const ofVariant = (p: { productId: number; color: string; size: string }) =>
  and(
    eq(productStock.productId, p.productId),
    eq(productStock.color, p.color),
    eq(productStock.size, p.size),
  );

/**
 * The stock history of lines that moved together (`sign` +1: pieces back, -1: taken), one row per line.
 * `counts` holds each variant's count after all of them; each row gets the count right after itself.
 */
async function recordMoves(
  tx: Database,
  lines: readonly { productId: number; size: string; color: string; quantity: number }[],
  counts: Map<string, number>,
  sign: 1 | -1,
  about: {
    reason: StockMoveReason;
    orderId?: number;
    paymentId?: number;
    actorId?: number | null;
    note?: string | null;
    source: StockMoveSource;
  },
  hook: StockMovesHook | undefined,
) {
  const after = new Map(counts);
  // Walked backwards from the final counts, so that each row says the count right after its own move.
  const rows = [...lines].reverse().flatMap((line) => {
    const key = pieceKey(line);
    const count = after.get(key);
    if (count === undefined || line.quantity <= 0) return [];
    after.set(key, count - sign * line.quantity);
    return [
      {
        productId: line.productId,
        color: line.color,
        size: line.size,
        delta: sign * line.quantity,
        reason: about.reason,
        note: about.note ?? null,
        stockAfter: count,
        orderId: about.orderId ?? null,
        paymentId: about.paymentId ?? null,
        actorId: about.actorId ?? null,
        source: about.source,
      },
    ];
  });
  await writeMoves(tx, rows.reverse(), hook);
}

/** The transaction lock under which one network's holds are counted and made, one after the other. */
async function lockNetwork(tx: Database, clientKey: string) {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`stock-hold:${clientKey}`}))`);
}

/** Raised inside the consuming savepoint to roll it back. */
class PiecesMissing extends Error {}

const samePiece = (a: PieceLine, b: PieceLine) =>
  a.productId === b.productId && a.color === b.color && a.size === b.size;

function slugsOf(lines: readonly (PieceLine & { slug?: string })[]): Map<number, string> {
  return new Map(lines.flatMap((l) => (l.slug ? [[l.productId, l.slug] as const] : [])));
}

function wantedOf(lines: PricedLine[], shortage: StockShortage): number {
  return lines
    .filter(
      (l) =>
        l.slug === shortage.slug &&
        l.size === shortage.size &&
        (shortage.color === undefined || l.color === shortage.color),
    )
    .reduce((n, l) => n + l.quantity, 0);
}

/** Holds `quantity` free pieces of a variant in one conditional update: false when fewer are free. */
async function reserve(tx: Database, piece: PieceLine): Promise<boolean> {
  const [taken] = await tx
    .update(productStock)
    .set({ reserved: sql`${productStock.reserved} + ${piece.quantity}`, updatedAt: new Date() })
    .where(and(ofVariant(piece), sql`${productStock.stock} - ${productStock.reserved} >= ${piece.quantity}`))
    .returning({ productId: productStock.productId });
  return taken !== undefined;
}

/** Gives back the pieces of holds just deleted (with `returning`): `reserved` goes down by what they held. */
async function giveBack(tx: Database, held: PieceLine[]) {
  for (const piece of piecesOf(held)) {
    await tx
      .update(productStock)
      .set({ reserved: sql`${productStock.reserved} - ${piece.quantity}`, updatedAt: new Date() })
      .where(ofVariant(piece));
  }
}

export async function productNames(db: Database, ids: number[]): Promise<Map<number, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ id: products.id, name: products.name })
    .from(products)
    .where(inArray(products.id, [...new Set(ids)]));
  return new Map(rows.map((r) => [r.id, r.name.en]));
}
