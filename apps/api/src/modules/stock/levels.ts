import { inArray, sql } from 'drizzle-orm';
import { STOCK_LEFT_SHOWN_AT, type ProductSize, type Size } from '@boutique/contracts';
import type { Database } from '../../db/client.js';
import { productStock } from '../../db/schema/index.js';

/**
 * What shoppers may know of a size: in stock or not and, at STOCK_LEFT_SHOWN_AT or fewer, how many are left.
 * `available` is what can be bought now (pieces not sold and not held by a payment under way).
 */
export function publicSize(name: Size, available: number): ProductSize {
  const left = Math.max(0, available);
  return { name, in_stock: left > 0, ...(left <= STOCK_LEFT_SHOWN_AT && { left }) };
}

/**
 * What a cart line says of its stock: the pieces left when few (or fewer than the line asks for: the shopper
 * must know how far to lower it), else null; and whether the line asks for more than that.
 */
export function lineStock(available: number, quantity: number) {
  const left = Math.max(0, available);
  return {
    left: left <= STOCK_LEFT_SHOWN_AT || left < quantity ? left : null,
    exceedsStock: quantity > left,
  };
}

/** Pieces that can be bought now, per product and size; sizes without a row have none. */
export async function availableBySize(
  db: Database,
  productIds: number[],
): Promise<Map<number, Map<string, number>>> {
  const out = new Map<number, Map<string, number>>();
  if (productIds.length === 0) return out;
  const rows = await db
    .select({
      productId: productStock.productId,
      size: productStock.size,
      available: sql<number>`(${productStock.stock} - ${productStock.reserved})::int`,
    })
    .from(productStock)
    .where(inArray(productStock.productId, productIds));
  for (const r of rows) {
    const sizes = out.get(r.productId) ?? new Map<string, number>();
    sizes.set(r.size, r.available);
    out.set(r.productId, sizes);
  }
  return out;
}

/** A product's sizes as shoppers see them, in the product's own order. */
export function publicSizes(sizes: Size[], available: Map<string, number> | undefined): ProductSize[] {
  return sizes.map((name) => publicSize(name, available?.get(name) ?? 0));
}

/** A line's identity in stock terms: pieces are counted per product and size, whatever the colour. */
export interface PieceLine {
  productId: number;
  size: string;
  quantity: number;
}

/**
 * Lines summed per product and size, sorted: every transaction that changes several stock rows changes them in
 * this order, so two of them never wait for each other in a circle.
 */
export function piecesOf(lines: readonly PieceLine[]): PieceLine[] {
  const sums = new Map<string, PieceLine>();
  for (const l of lines) {
    const key = `${l.productId}\u0000${l.size}`;
    const seen = sums.get(key);
    if (seen) seen.quantity += l.quantity;
    else sums.set(key, { productId: l.productId, size: l.size, quantity: l.quantity });
  }
  return [...sums.values()].sort((a, b) =>
    a.productId !== b.productId ? a.productId - b.productId : a.size < b.size ? -1 : a.size > b.size ? 1 : 0,
  );
}
