import { createHash } from 'node:crypto';
import { and, asc, desc, eq, inArray, isNotNull, ne, or, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import {
  OFFLINE_PAYMENT_METHODS,
  vatIncludedFils,
  type Refund,
  type RefundCreate,
  type RefundKind,
} from '@boutique/contracts';
import type { AdminRefund, AdminOrderRefundsResponse } from '@boutique/contracts/admin-after-sale';
import type { Database } from '../../db/client.js';
import { orderItems, orders, refunds, returns, users, type RefundLine } from '../../db/schema/index.js';
import { fieldError, HttpError, type CodedFieldErrors } from '../../lib/http-error.js';
import { fromFils, toFils } from '../../lib/money.js';
import { recordAudit } from '../audit/index.js';
import type { RefundRow, RefundSender } from '../payments/index.js';
import type { StockService } from '../stock/index.js';
import { nextDocumentNumber } from '../orders/index.js';
import type { RefundMails } from './mails.js';

type OrderRow = typeof orders.$inferSelect;
type ItemRow = typeof orderItems.$inferSelect;

export const ORDER_NOT_FOUND = 'Order not found';
const INVALID = 'The given data was invalid.';

/** What the shopper paid for can be refunded only from these payment states. */
const REFUNDABLE = new Set<OrderRow['paymentStatus']>(['succeeded', 'partially_refunded']);

/** A refund to write in the caller's transaction. */
export interface RefundSpec {
  kind: Exclude<RefundKind, 'sold_out'>;
  actorId: number | null;
  /** Absent: what the lines were charged, or without lines everything left. */
  amount?: string | undefined;
  /** Absent: an amount alone, or (without an amount) every piece not refunded yet. */
  lines?: readonly { line_id: number; quantity: number }[] | undefined;
  restock: boolean;
  reason: string;
  returnId?: number;
  requestKey?: string | null;
  requestHash?: string | null;
}

export interface RefundServiceOptions {
  sender: RefundSender;
  stock: StockService;
  mails: RefundMails;
  /** SHOP_TRN is set: refunds of orders with a tax invoice get tax credit notes (CN-). */
  taxInvoices: boolean;
  log: FastifyBaseLogger;
}

/** What each line of an order has given back so far: pieces and fils. */
interface LineUse {
  quantity: number;
  fils: number;
}

/**
 * Refunds of orders (docs/decisions/026-refunds-and-credit-notes.md). A refund is decided in one transaction
 * with the order's row locked: what was paid and not yet refunded (pending and succeeded refunds count) bounds
 * it, by amount or by lines; its row is written `pending`, with the pieces put back when asked, and the gateway
 * is asked after the commit (payments/refunds.ts). When the gateway has given the money back, `settled` moves
 * the order's payment status, issues the credit note and writes the shopper's e-mail, in that same transaction.
 */
export class RefundService {
  constructor(
    private readonly db: Database,
    private readonly options: RefundServiceOptions,
  ) {}

  /**
   * The owner's refund (`POST /admin/orders/{id}/refunds`). The same `Idempotency-Key` on the same order answers
   * the refund it first made, whatever happened to it since; with another request it is refused.
   */
  async refundOrder(
    actorId: number,
    orderId: number,
    input: RefundCreate,
    requestKey: string | undefined,
  ): Promise<{ refund: Refund; created: boolean }> {
    const requestHash = requestKey ? fingerprint(input) : null;
    const decided = await this.db.transaction(async (tx) => {
      const order = await lockOrder(tx, orderId);
      if (requestKey) {
        const [seen] = await tx
          .select({ id: refunds.id, hash: refunds.requestHash })
          .from(refunds)
          .where(and(eq(refunds.orderId, orderId), eq(refunds.requestKey, requestKey)));
        if (seen) {
          if (seen.hash !== requestHash) {
            throw new HttpError(
              409,
              'This Idempotency-Key was already used for another refund of this order.',
            );
          }
          return { id: seen.id, created: false };
        }
      }
      const id = await this.open(tx, order, {
        kind: 'owner',
        actorId,
        amount: input.amount,
        lines: input.lines,
        restock: input.restock,
        reason: input.reason,
        requestKey: requestKey ?? null,
        requestHash,
      });
      return { id, created: true };
    });
    if (decided.created) await this.options.sender.send(decided.id);
    return { refund: await this.view(decided.id), created: decided.created };
  }

  /**
   * Writes a pending refund of `order` in `tx`, after checking it against what is left (422 with the field at
   * fault, nothing written). The caller holds the order's row (`lockOrder`) and sends the refund after commit.
   */
  async open(tx: Database, order: OrderRow, spec: RefundSpec): Promise<number> {
    if (OFFLINE_PAYMENT_METHODS.includes(order.paymentMethod)) {
      throw new HttpError(422, INVALID, {
        amount: [
          fieldError(
            'not_allowed',
            'This order was paid in cash or to the shop directly: the gateway holds none of its money, so give it back by hand.',
          ),
        ],
      });
    }
    if (!REFUNDABLE.has(order.paymentStatus)) {
      throw new HttpError(422, INVALID, {
        amount: [
          fieldError(
            'not_allowed',
            order.paymentStatus === 'refunded'
              ? 'This order has been refunded in full.'
              : 'Nothing was paid for this order that could be refunded.',
          ),
        ],
      });
    }
    const items = await tx
      .select()
      .from(orderItems)
      .where(eq(orderItems.orderId, order.id))
      .orderBy(asc(orderItems.id));
    const previous = await tx
      .select({ amount: refunds.amount, lines: refunds.lines })
      .from(refunds)
      .where(and(eq(refunds.orderId, order.id), ne(refunds.status, 'failed')));
    const leftFils = toFils(order.totalAmount) - previous.reduce((sum, r) => sum + toFils(r.amount), 0);
    const used = lineUse(previous);
    if (leftFils <= 0) {
      throw new HttpError(422, INVALID, {
        amount: [fieldError('not_allowed', 'This order has been refunded in full.')],
      });
    }

    const errors: CodedFieldErrors = {};
    const chosen: { item: ItemRow; quantity: number; value: number }[] = [];
    if (spec.lines) {
      spec.lines.forEach((line, index) => {
        const item = items.find((i) => i.id === line.line_id);
        if (!item) {
          errors[`lines.${index}.line_id`] = [fieldError('not_found', 'This line is not part of the order.')];
          return;
        }
        const left = item.quantity - (used.get(item.id)?.quantity ?? 0);
        if (line.quantity > left) {
          errors[`lines.${index}.quantity`] = [
            fieldError(
              'too_big',
              left === 0
                ? 'Every piece of this line has been refunded already.'
                : `Only ${left} piece(s) of this line can still be refunded.`,
            ),
          ];
          return;
        }
        chosen.push({
          item,
          quantity: line.quantity,
          value: lineValue(item, used.get(item.id), line.quantity),
        });
      });
    } else if (!spec.amount) {
      for (const item of items) {
        const left = item.quantity - (used.get(item.id)?.quantity ?? 0);
        if (left > 0) chosen.push({ item, quantity: left, value: lineValue(item, used.get(item.id), left) });
      }
    }
    if (Object.keys(errors).length > 0) throw new HttpError(422, INVALID, errors);

    const linesFils = chosen.reduce((sum, c) => sum + c.value, 0);
    const amountFils = spec.amount ? toFils(spec.amount) : spec.lines ? linesFils : leftFils;
    if (amountFils > leftFils) {
      throw new HttpError(422, INVALID, {
        amount: [fieldError('too_big', `At most AED ${fromFils(leftFils)} is left to refund on this order.`)],
      });
    }
    if (spec.lines && amountFils > linesFils) {
      throw new HttpError(422, INVALID, {
        amount: [
          fieldError(
            'too_big',
            `The pieces chosen were charged AED ${fromFils(linesFils)}: refund at most that, or leave the lines out.`,
          ),
        ],
      });
    }
    if (spec.restock && chosen.length === 0) {
      throw new HttpError(422, INVALID, {
        restock: [
          fieldError(
            'invalid',
            'Choose the pieces to put back on sale, or refund without putting pieces back.',
          ),
        ],
      });
    }

    const shares = share(
      Math.min(amountFils, linesFils),
      chosen.map((c) => c.value),
    );
    const lines: RefundLine[] = chosen.map((c, i) => ({
      itemId: c.item.id,
      quantity: c.quantity,
      amount: fromFils(shares[i] ?? 0),
    }));
    if (spec.restock) {
      await this.options.stock.restockItems(
        tx,
        lines.map((l) => ({ itemId: l.itemId, quantity: l.quantity })),
        { reason: 'refund', actorId: spec.actorId ?? null },
      );
    }
    const [row] = await tx
      .insert(refunds)
      .values({
        paymentId: order.paymentId,
        orderId: order.id,
        returnId: spec.returnId ?? null,
        kind: spec.kind,
        amount: fromFils(amountFils),
        reason: spec.reason,
        restock: spec.restock,
        lines,
        requestKey: spec.requestKey ?? null,
        requestHash: spec.requestHash ?? null,
        actorId: spec.actorId,
        nextAttemptAt: this.options.sender.now(),
        createdAt: this.options.sender.now(),
      })
      .returning({ id: refunds.id });
    if (!row) throw new Error('refund not written');
    if (spec.actorId !== null) {
      await recordAudit(tx, {
        actorId: spec.actorId,
        action: 'order.refund',
        entity: 'order',
        entityId: order.id,
        before: { payment_status: order.paymentStatus, left_to_refund: fromFils(leftFils) },
        after: {
          refund_id: row.id,
          kind: spec.kind,
          amount: fromFils(amountFils),
          lines: lines.map((l) => ({ line_id: l.itemId, quantity: l.quantity, amount: l.amount })),
          restock: spec.restock,
          reason: spec.reason,
        },
      });
    }
    return row.id;
  }

  /**
   * A paid order cancelled (in the cancelling transaction): what is left of its payment is refunded. Its pieces
   * are put back by the cancellation itself. Undefined when nothing is left to refund.
   */
  async openForCancellation(tx: Database, orderId: number, actorId: number): Promise<number | undefined> {
    const order = await lockOrder(tx, orderId);
    // Awaiting its payment (cash on delivery, a link), nothing was taken; paid in cash, nothing is the gateway's.
    if (!REFUNDABLE.has(order.paymentStatus) || OFFLINE_PAYMENT_METHODS.includes(order.paymentMethod))
      return undefined;
    const previous = await tx
      .select({ amount: refunds.amount })
      .from(refunds)
      .where(and(eq(refunds.orderId, orderId), ne(refunds.status, 'failed')));
    const given = previous.reduce((sum, r) => sum + toFils(r.amount), 0);
    if (given >= toFils(order.totalAmount)) return undefined;
    return this.open(tx, order, {
      kind: 'cancellation',
      actorId,
      restock: false,
      reason: 'Order cancelled',
    });
  }

  /** Asks the gateway for a refund written by `open` (after its transaction committed). */
  send(refundId: number) {
    return this.options.sender.send(refundId);
  }

  /**
   * The gateway gave the money back (RefundSender's `onSucceeded`, in the transaction recording it): the order's
   * payment status follows what succeeded, the credit note takes its number and VAT, the shopper is e-mailed.
   */
  async settled(tx: Database, refund: RefundRow): Promise<void> {
    if (refund.orderId === null) return;
    const order = await lockOrder(tx, refund.orderId);
    const done = await tx
      .select()
      .from(refunds)
      .where(and(eq(refunds.orderId, order.id), eq(refunds.status, 'succeeded')));
    const totalFils = toFils(order.totalAmount);
    const givenFils = done.reduce((sum, r) => sum + toFils(r.amount), 0);
    await tx
      .update(orders)
      .set({
        paymentStatus: givenFils >= totalFils ? 'refunded' : 'partially_refunded',
        // A page opened before the money went back is out of date (decision 028).
        version: sql`${orders.version} + 1`,
        updatedAt: new Date(),
      })
      .where(eq(orders.id, order.id));

    const earlier = done.filter((r) => r.id !== refund.id && r.creditNoteNumber !== null);
    const tax = this.options.taxInvoices && order.invoiceNumber !== null;
    const number = tax
      ? await nextDocumentNumber(tx, 'credit_note', 'CN-')
      : `${order.orderNumber}-R${earlier.length + 1}`;
    // The credit note that completes the refund of the order reverses what is left of the invoice's VAT, so
    // that the credit notes' VAT adds up to the invoice's to the fils.
    const earlierVat = earlier.reduce((sum, r) => sum + toFils(r.creditNoteVat ?? '0'), 0);
    const vatFils =
      givenFils >= totalFils
        ? Math.max(0, vatIncludedFils(totalFils) - earlierVat)
        : vatIncludedFils(toFils(refund.amount));
    const [issued] = await tx
      .update(refunds)
      .set({ creditNoteNumber: number, creditNoteVat: fromFils(vatFils) })
      .where(eq(refunds.id, refund.id))
      .returning();
    if (issued) await this.options.mails.enqueueRefunded(tx, issued);
  }

  // ---------------------------------------------------------------- views

  async view(refundId: number): Promise<Refund> {
    const [row] = await this.db
      .select({ refund: refunds, returnNumber: returns.number })
      .from(refunds)
      .leftJoin(returns, eq(returns.id, refunds.returnId))
      .where(eq(refunds.id, refundId));
    if (!row) throw new Error(`refund ${refundId} lost`);
    return toRefund(row.refund, row.returnNumber);
  }

  /** An order's refunds for the back office, and what can still be refunded of it. */
  async forOrder(orderId: number): Promise<AdminOrderRefundsResponse['data']> {
    const [order] = await this.db.select().from(orders).where(eq(orders.id, orderId));
    if (!order) throw new HttpError(404, ORDER_NOT_FOUND);
    const [list, items] = await Promise.all([
      this.adminList(eq(refunds.orderId, orderId)),
      this.db.select().from(orderItems).where(eq(orderItems.orderId, orderId)).orderBy(asc(orderItems.id)),
    ]);
    const counted = list.filter((r) => r.status !== 'failed');
    const used = lineUse(
      counted.map((r) => ({
        amount: r.amount,
        lines: r.lines.map((l) => ({ itemId: l.line_id, quantity: l.quantity, amount: l.amount })),
      })),
    );
    const left = REFUNDABLE.has(order.paymentStatus)
      ? Math.max(0, toFils(order.totalAmount) - counted.reduce((sum, r) => sum + toFils(r.amount), 0))
      : 0;
    return {
      refunds: list,
      refundable: {
        amount: fromFils(left),
        lines:
          left === 0
            ? []
            : items.flatMap((item) => {
                const quantity = item.quantity - (used.get(item.id)?.quantity ?? 0);
                return quantity > 0
                  ? [
                      {
                        line_id: item.id,
                        quantity,
                        amount: fromFils(lineValue(item, used.get(item.id), quantity)),
                      },
                    ]
                  : [];
              }),
      },
    };
  }

  /** Refunds for the back office: `attention` are those still pending after their first try, and failed ones. */
  async list(status: 'attention' | 'pending' | 'failed' | 'succeeded' | 'all'): Promise<AdminRefund[]> {
    const where =
      status === 'all'
        ? undefined
        : status === 'attention'
          ? or(eq(refunds.status, 'failed'), and(eq(refunds.status, 'pending'), sql`${refunds.attempts} > 0`))
          : eq(refunds.status, status);
    return this.adminList(where, 200);
  }

  async adminList(where: ReturnType<typeof eq> | undefined, limit = 500): Promise<AdminRefund[]> {
    const rows = await this.db
      .select({
        refund: refunds,
        orderNumber: orders.orderNumber,
        returnNumber: returns.number,
        actor: { id: users.id, name: users.name, email: users.email },
      })
      .from(refunds)
      .leftJoin(orders, eq(orders.id, refunds.orderId))
      .leftJoin(returns, eq(returns.id, refunds.returnId))
      .leftJoin(users, eq(users.id, refunds.actorId))
      .where(where)
      .orderBy(desc(refunds.createdAt), desc(refunds.id))
      .limit(limit);
    return rows.map((r) => ({
      ...toRefund(r.refund, r.returnNumber),
      order_number: r.orderNumber,
      attempts: r.refund.attempts,
      last_error: r.refund.lastError,
      actor: r.actor?.id ? r.actor : null,
    }));
  }

  /** The shop's refunds of some orders, for their views (shopper and back office). */
  async ofOrders(orderIds: number[]) {
    if (orderIds.length === 0) return [];
    return this.db
      .select()
      .from(refunds)
      .where(inArray(refunds.orderId, orderIds))
      .orderBy(asc(refunds.createdAt), asc(refunds.id));
  }

  /** An order's refund that has a credit note with this number (the shopper's own order when `userId` is given). */
  async withCreditNote(orderId: number, number: string, userId?: number) {
    const [row] = await this.db
      .select({ order: orders, refund: refunds })
      .from(refunds)
      .innerJoin(orders, eq(orders.id, refunds.orderId))
      .where(
        and(
          eq(refunds.orderId, orderId),
          eq(refunds.creditNoteNumber, number),
          isNotNull(refunds.creditNoteNumber),
          userId === undefined ? undefined : eq(orders.userId, userId),
        ),
      );
    if (!row) throw new HttpError(404, 'Credit note not found');
    const items = await this.db
      .select()
      .from(orderItems)
      .where(eq(orderItems.orderId, orderId))
      .orderBy(asc(orderItems.id));
    return { ...row, items };
  }
}

/** The order's row, locked for the rest of the transaction: refunds of one order are decided one at a time. */
export async function lockOrder(tx: Database, orderId: number): Promise<OrderRow> {
  const [order] = await tx.select().from(orders).where(eq(orders.id, orderId)).for('update');
  if (!order) throw new HttpError(404, ORDER_NOT_FOUND);
  return order;
}

/** What the refunds so far took of each line: pieces and fils. */
function lineUse(previous: { lines: RefundLine[] }[]): Map<number, LineUse> {
  const used = new Map<number, LineUse>();
  for (const refund of previous) {
    for (const line of refund.lines) {
      const seen = used.get(line.itemId) ?? { quantity: 0, fils: 0 };
      used.set(line.itemId, {
        quantity: seen.quantity + line.quantity,
        fils: seen.fils + toFils(line.amount),
      });
    }
  }
  return used;
}

/**
 * What `quantity` more pieces of a line are worth, from the line's amount as charged (today its price times its
 * quantity; with discounts, its discounted amount): a share of it, and for the last pieces whatever of it is
 * left, so that a line refunded piece by piece gives back exactly what it was charged.
 */
export function lineValue(
  item: Pick<ItemRow, 'price' | 'quantity' | 'discount'>,
  used: LineUse | undefined,
  quantity: number,
) {
  const chargedFils = Math.max(0, toFils(item.price) * item.quantity - toFils(item.discount));
  const already = used ?? { quantity: 0, fils: 0 };
  if (already.quantity + quantity >= item.quantity) return Math.max(0, chargedFils - already.fils);
  return Math.floor((chargedFils * quantity) / item.quantity);
}

/**
 * `total` fils shared over parts in proportion to their values (each at most its value); the last part takes
 * the rounding, so the shares add up to `total` exactly.
 */
export function share(total: number, values: readonly number[]): number[] {
  const sum = values.reduce((a, b) => a + b, 0);
  if (sum === 0) return values.map(() => 0);
  if (total >= sum) return [...values];
  const shares = values.map((v) => Math.floor((total * v) / sum));
  let rest = total - shares.reduce((a, b) => a + b, 0);
  for (let i = shares.length - 1; rest > 0 && i >= 0; i -= 1) {
    const room = (values[i] ?? 0) - (shares[i] ?? 0);
    const add = Math.min(room, rest);
    shares[i] = (shares[i] ?? 0) + add;
    rest -= add;
  }
  return shares;
}

/** A stable digest of a refund request: the same body, whatever its keys' order, is the same request. */
function fingerprint(input: RefundCreate): string {
  const canonical = JSON.stringify({
    amount: input.amount ? fromFils(toFils(input.amount)) : null,
    lines: input.lines?.map((l) => [l.line_id, l.quantity]) ?? null,
    restock: input.restock,
    reason: input.reason,
  });
  return createHash('sha256').update(canonical).digest('hex');
}

export function toRefund(row: RefundRow, returnNumber: string | null): Refund {
  return {
    id: row.id,
    order_id: row.orderId,
    kind: row.kind,
    amount: row.amount,
    status: row.status,
    credit_note_number: row.creditNoteNumber,
    reason: row.reason,
    restock: row.restock,
    lines: row.lines.map((l) => ({ line_id: l.itemId, quantity: l.quantity, amount: l.amount })),
    vat: row.creditNoteVat,
    return_number: returnNumber,
    created_at: row.createdAt.toISOString(),
    refunded_at: row.refundedAt?.toISOString() ?? null,
  };
}

/** The shopper's view of a refund. */
export function toOrderRefund(row: RefundRow) {
  return {
    id: row.id,
    amount: row.amount,
    status: row.status,
    credit_note_number: row.creditNoteNumber,
    created_at: row.createdAt.toISOString(),
    refunded_at: row.refundedAt?.toISOString() ?? null,
  };
}
