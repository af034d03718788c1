import { and, desc, eq, sql } from 'drizzle-orm';
import type { StockAdjustmentCreate, StockHistoryQuery, StockMove } from '@boutique/contracts/admin';
import type { Database } from '../../db/client.js';
import { orders, stockMovements, users } from '../../db/schema/index.js';
import type { StockService } from './service.js';
import { recordAudit } from '../audit/index.js';

type MoveRow = typeof stockMovements.$inferSelect;

/** A product's history of pieces as the back office shows it: newest first, per size and colour if asked. */
export async function stockHistory(
  db: Database,
  productId: number,
  query: StockHistoryQuery,
): Promise<StockMove[]> {
  const rows = await movesWith(db)
    .where(
      and(
        eq(stockMovements.productId, productId),
        query.size ? eq(stockMovements.size, query.size) : undefined,
        query.color !== undefined ? eq(stockMovements.color, query.color) : undefined,
      ),
    )
    .orderBy(desc(stockMovements.createdAt), desc(stockMovements.id))
    .limit(query.limit);
  return rows.map(toMove);
}

/**
 * The owner's stock adjustment, with its audit row, in one transaction: the count moves by `delta` (never below
 * what payments under way hold: StockService.adjust refuses with 422) and the history says who, when and why.
 */
export async function adjustStock(
  db: Database,
  stock: StockService,
  actorId: number,
  productId: number,
  input: StockAdjustmentCreate,
): Promise<StockMove> {
  const id = await db.transaction(async (tx) => {
    const done = await stock.adjust(
      {
        productId,
        size: input.size,
        color: input.color,
        delta: input.delta,
        reason: input.reason,
        note: input.note ?? null,
        actorId,
        source: 'admin',
      },
      tx,
    );
    await recordAudit(tx, {
      actorId,
      action: 'product.stock.adjust',
      entity: 'product',
      entityId: productId,
      before: { size: input.size, color: input.color, stock: done.stock - input.delta },
      after: {
        size: input.size,
        color: input.color,
        stock: done.stock,
        delta: input.delta,
        reason: input.reason,
        note: input.note ?? null,
      },
    });
    return done.move.id;
  });
  const [row] = await movesWith(db).where(eq(stockMovements.id, id));
  if (!row) throw new Error('stock movement was not stored');
  return toMove(row);
}

/** Moves with their order (named directly, or through the payment a sale was made by) and their author. */
function movesWith(db: Database) {
  return db
    .select({
      move: stockMovements,
      orderId: sql<number | null>`coalesce(${stockMovements.orderId}, ${orders.id})`,
      orderNumber: sql<string | null>`coalesce(
        (select o.order_number from orders o where o.id = ${stockMovements.orderId}), ${orders.orderNumber})`,
      actor: { id: users.id, name: users.name, email: users.email },
    })
    .from(stockMovements)
    .leftJoin(orders, eq(orders.paymentId, stockMovements.paymentId))
    .leftJoin(users, eq(users.id, stockMovements.actorId));
}

function toMove(r: {
  move: MoveRow;
  orderId: number | null;
  orderNumber: string | null;
  actor: { id: number; name: string; email: string } | null;
}): StockMove {
  return {
    id: r.move.id,
    color: r.move.color,
    size: r.move.size as StockMove['size'],
    delta: r.move.delta,
    reason: r.move.reason as StockMove['reason'],
    note: r.move.note,
    stock_after: r.move.stockAfter,
    order:
      r.orderId !== null && r.orderNumber ? { id: Number(r.orderId), order_number: r.orderNumber } : null,
    actor: r.actor?.id ? r.actor : null,
    source: r.move.source as StockMove['source'],
    at: r.move.createdAt.toISOString(),
  };
}
