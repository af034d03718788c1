import { and, asc, desc, eq, inArray, type SQL } from 'drizzle-orm';
import type { OrderReturn, Size } from '@boutique/contracts';
import type { Database } from '../../db/client.js';
import {
  exchangeHolds,
  orderItems,
  orderStatusEvents,
  refunds,
  returnEvents,
  returnLines,
  returns,
  users,
} from '../../db/schema/index.js';
import { toFils } from '../../lib/money.js';
import type { RefundRow } from '../payments/index.js';
import { toOrderRefund } from '../refunds/index.js';
import type { OrderAfterSale } from '../orders/index.js';

type ReturnRow = typeof returns.$inferSelect;
type ItemRow = typeof orderItems.$inferSelect;

const DAY_MS = 86_400_000;

/** A return with its lines (and their order lines), steps, refund and pieces set aside. */
export interface LoadedReturn {
  row: ReturnRow;
  lines: (typeof returnLines.$inferSelect & { item: ItemRow })[];
  events: (typeof returnEvents.$inferSelect & { by: { id: number; name: string; email: string } | null })[];
  refund: RefundRow | null;
  held: (typeof exchangeHolds.$inferSelect)[];
}

/** Returns matching `where`, newest first, with everything their views show. */
export async function loadReturns(
  db: Database,
  where: SQL | undefined,
  limit = 500,
): Promise<LoadedReturn[]> {
  const rows = await db
    .select()
    .from(returns)
    .where(where)
    .orderBy(desc(returns.createdAt), desc(returns.id))
    .limit(limit);
  if (rows.length === 0) return [];
  const ids = rows.map((r) => r.id);
  const [lines, events, refundRows] = await Promise.all([
    db
      .select({ line: returnLines, item: orderItems })
      .from(returnLines)
      .innerJoin(orderItems, eq(orderItems.id, returnLines.orderItemId))
      .where(inArray(returnLines.returnId, ids))
      .orderBy(asc(returnLines.id)),
    db
      .select({ event: returnEvents, by: { id: users.id, name: users.name, email: users.email } })
      .from(returnEvents)
      .leftJoin(users, eq(users.id, returnEvents.actorId))
      .where(inArray(returnEvents.returnId, ids))
      .orderBy(asc(returnEvents.createdAt), asc(returnEvents.id)),
    db.select().from(refunds).where(inArray(refunds.returnId, ids)).orderBy(desc(refunds.id)),
  ]);
  const lineIds = lines.map((l) => l.line.id);
  const held =
    lineIds.length > 0
      ? await db.select().from(exchangeHolds).where(inArray(exchangeHolds.returnLineId, lineIds))
      : [];
  return rows.map((row) => {
    const own = lines.filter((l) => l.line.returnId === row.id);
    const ownIds = new Set(own.map((l) => l.line.id));
    return {
      row,
      lines: own.map((l) => ({ ...l.line, item: l.item })),
      events: events
        .filter((e) => e.event.returnId === row.id)
        .map((e) => ({ ...e.event, by: e.by?.id ? e.by : null })),
      refund: refundRows.find((r) => r.returnId === row.id) ?? null,
      held: held.filter((h) => ownIds.has(h.returnLineId)),
    };
  });
}

/** A return as the shopper follows it. */
export function toOrderReturn(loaded: LoadedReturn): OrderReturn {
  const { row } = loaded;
  return {
    id: row.id,
    number: row.number,
    order_id: row.orderId,
    type: row.type,
    status: row.status,
    reason: row.reason,
    comment: row.comment,
    lines: loaded.lines.map((l) => ({
      line_id: l.orderItemId,
      product_slug: l.item.productSlug,
      product_name: l.item.productName,
      product_image: l.item.productImage,
      size: l.item.size,
      color_name: l.item.colorName ?? null,
      quantity: l.quantity,
      wanted_size: (l.wantedSize as Size | null) ?? null,
      wanted_color: l.wantedColor,
      wanted_color_name: l.wantedColorName ?? null,
    })),
    history: loaded.events.map((e) => ({ status: e.toStatus, at: e.createdAt.toISOString(), note: e.note })),
    restocked: row.restocked,
    refund: loaded.refund ? toOrderRefund(loaded.refund) : null,
    created_at: row.createdAt.toISOString(),
  };
}

/**
 * Pieces of each order line already spoken for: refunded outside a return (a failed refund gave nothing), or
 * in a return that is under way or done (a rejected one, or one closed before its parcel came, gave nothing
 * back). What is left may still be returned.
 */
export function takenPieces(
  refundRows: Pick<RefundRow, 'status' | 'returnId' | 'lines'>[],
  returnRows: {
    status: ReturnRow['status'];
    receivedAt: Date | null;
    lines: { orderItemId: number; quantity: number }[];
  }[],
): Map<number, number> {
  const taken = new Map<number, number>();
  const add = (itemId: number, quantity: number) => taken.set(itemId, (taken.get(itemId) ?? 0) + quantity);
  for (const refund of refundRows) {
    if (refund.status === 'failed' || refund.returnId !== null) continue;
    for (const line of refund.lines) add(line.itemId, line.quantity);
  }
  for (const ret of returnRows) {
    if (ret.status === 'rejected' || (ret.status === 'closed' && ret.receivedAt === null)) continue;
    for (const line of ret.lines) add(line.orderItemId, line.quantity);
  }
  return taken;
}

/** When each order was delivered (its last move to `delivered`). */
export async function deliveredAt(db: Database, orderIds: number[]): Promise<Map<number, Date>> {
  if (orderIds.length === 0) return new Map();
  const rows = await db
    .select({ orderId: orderStatusEvents.orderId, at: orderStatusEvents.createdAt })
    .from(orderStatusEvents)
    .where(and(inArray(orderStatusEvents.orderId, orderIds), eq(orderStatusEvents.toStatus, 'delivered')))
    .orderBy(asc(orderStatusEvents.createdAt));
  return new Map(rows.map((r) => [r.orderId, r.at]));
}

/** The last moment a return may be asked: RETURN_DAYS after delivery. */
export const returnDeadline = (delivered: Date | undefined, days: number) =>
  delivered ? new Date(delivered.getTime() + days * DAY_MS) : null;

/**
 * The after-sale side of orders for their views: refunds, returns, the return window (RETURN_DAYS after
 * delivery, on the shop's clock) and each line's pieces refunded and still returnable.
 */
export class AfterSaleView {
  constructor(
    private readonly db: Database,
    private readonly options: { now: () => Date; returnDays: number },
  ) {}

  async of(
    orders: { id: number; fulfillmentStatus: string }[],
    items: ItemRow[],
  ): Promise<Map<number, OrderAfterSale>> {
    const ids = orders.map((o) => o.id);
    if (ids.length === 0) return new Map();
    const [refundRows, loaded, delivered] = await Promise.all([
      this.db
        .select()
        .from(refunds)
        .where(inArray(refunds.orderId, ids))
        .orderBy(asc(refunds.createdAt), asc(refunds.id)),
      loadReturns(this.db, inArray(returns.orderId, ids)),
      deliveredAt(this.db, ids),
    ]);
    const now = this.options.now().getTime();
    const out = new Map<number, OrderAfterSale>();
    for (const order of orders) {
      const own = refundRows.filter((r) => r.orderId === order.id);
      const ownReturns = loaded.filter((r) => r.row.orderId === order.id);
      const at = order.fulfillmentStatus === 'delivered' ? delivered.get(order.id) : undefined;
      const until = returnDeadline(at, this.options.returnDays);
      const open = until !== null && now <= until.getTime();
      const taken = takenPieces(
        own,
        ownReturns.map((r) => ({ status: r.row.status, receivedAt: r.row.receivedAt, lines: r.lines })),
      );
      const refunded = new Map<number, number>();
      for (const refund of own) {
        if (refund.status === 'failed') continue;
        for (const line of refund.lines)
          refunded.set(line.itemId, (refunded.get(line.itemId) ?? 0) + line.quantity);
      }
      out.set(order.id, {
        refunds: own.map(toOrderRefund),
        refundedFils: own
          .filter((r) => r.status === 'succeeded')
          .reduce((sum, r) => sum + toFils(r.amount), 0),
        returns: ownReturns.map(toOrderReturn),
        deliveredAt: at ?? null,
        returnUntil: until,
        items: new Map(
          items
            .filter((i) => i.orderId === order.id)
            .map((i) => [
              i.id,
              {
                refunded: refunded.get(i.id) ?? 0,
                returnable: open ? Math.max(0, i.quantity - (taken.get(i.id) ?? 0)) : 0,
              },
            ]),
        ),
      });
    }
    return out;
  }
}
