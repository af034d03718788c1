import type { Database } from '../../db/client.js';
import { stockMovements } from '../../db/schema/index.js';

export type StockMoveRow = typeof stockMovements.$inferInsert;

/** A variant whose count moved in one transaction: its count before the first move and after the last. */
export interface VariantMoved {
  productId: number;
  color: string;
  size: string;
  before: number;
  after: number;
  reason: string;
}

/**
 * Told of every variant whose count moved, inside the transaction that moved it (before it commits): the shop's
 * alerts (low stock, back in stock) hang here, written with the move or not at all.
 */
export type StockMovesHook = (tx: Database, moved: VariantMoved[]) => Promise<void>;

/**
 * The one place that writes the stock history (`stock_movements`): sales, cancellations, returns, exchanges,
 * the owner's adjustments and `npm run stock` all come through here, and the hook hears of each variant moved.
 * `rows` in the order the moves happened; each `stockAfter` is the count right after its own move.
 */
export async function writeMoves(tx: Database, rows: readonly StockMoveRow[], hook?: StockMovesHook) {
  if (rows.length === 0) return [];
  const written = await tx
    .insert(stockMovements)
    .values([...rows])
    .returning();
  if (hook) await hook(tx, variantsMoved(written));
  return written;
}

function variantsMoved(rows: readonly (typeof stockMovements.$inferSelect)[]): VariantMoved[] {
  const byVariant = new Map<string, VariantMoved>();
  for (const row of rows) {
    const key = `${row.productId}\u0000${row.color}\u0000${row.size}`;
    const seen = byVariant.get(key);
    if (seen) {
      seen.after = row.stockAfter;
    } else {
      byVariant.set(key, {
        productId: row.productId,
        color: row.color,
        size: row.size,
        before: row.stockAfter - row.delta,
        after: row.stockAfter,
        reason: row.reason,
      });
    }
  }
  return [...byVariant.values()];
}
