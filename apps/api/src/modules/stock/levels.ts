import { inArray, sql } from 'drizzle-orm';
import { STOCK_LEFT_SHOWN_AT, type ProductSize, type ProductVariant, type Size } from '@boutique/contracts';
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

/** The pieces of a product's variants that can be bought now, by variantKey; variants without a row are absent. */
export type VariantLevels = Map<string, number>;

/** A variant's key among a product's: its colour key ('' for none) and its size. */
export const variantKey = (color: string, size: string) => `${color}\u0000${size}`;

/** Pieces that can be bought now, per product and variant (colour × size); variants without a row have none. */
export async function availableByVariant(
  db: Database,
  productIds: number[],
): Promise<Map<number, VariantLevels>> {
  const out = new Map<number, VariantLevels>();
  if (productIds.length === 0) return out;
  const rows = await db
    .select({
      productId: productStock.productId,
      color: productStock.color,
      size: productStock.size,
      available: sql<number>`(${productStock.stock} - ${productStock.reserved})::int`,
    })
    .from(productStock)
    .where(inArray(productStock.productId, productIds));
  for (const r of rows) {
    const variants = out.get(r.productId) ?? new Map<string, number>();
    variants.set(variantKey(r.color, r.size), Number(r.available));
    out.set(r.productId, variants);
  }
  return out;
}

/**
 * A product's sizes as shoppers see them, in the product's own order: a size is in stock when any of its colours
 * is, and its `left` counts the pieces of every colour.
 */
export function publicSizes(sizes: Size[], available: VariantLevels | undefined): ProductSize[] {
  const bySize = new Map<string, number>();
  for (const [key, n] of available ?? []) {
    const size = key.slice(key.indexOf('\u0000') + 1);
    bySize.set(size, (bySize.get(size) ?? 0) + Math.max(0, n));
  }
  return sizes.map((name) => publicSize(name, bySize.get(name) ?? 0));
}

/**
 * Every variant of a product as shoppers see it: its colours (keys, in the product's order; [''] for a product
 * without colours) × its sizes. A variant without a row is not in stock.
 */
export function publicVariants(
  colorKeys: readonly string[],
  sizes: readonly Size[],
  available: VariantLevels | undefined,
): ProductVariant[] {
  const colours = colorKeys.length > 0 ? colorKeys : [''];
  return colours.flatMap((color) =>
    sizes.map((size) => {
      const { in_stock, left } = publicSize(size, available?.get(variantKey(color, size)) ?? 0);
      return { color, size, in_stock, ...(left !== undefined && { left }) };
    }),
  );
}

/** A line's identity in stock terms: pieces are counted per product, colour (key, '' for none) and size. */
export interface PieceLine {
  productId: number;
  color: string;
  size: string;
  quantity: number;
}

/**
 * Lines summed per variant (product, colour, size), sorted: every transaction that changes several stock rows
 * changes them in this order, so two of them never wait for each other in a circle.
 */
export function piecesOf(lines: readonly PieceLine[]): PieceLine[] {
  const sums = new Map<string, PieceLine>();
  for (const l of lines) {
    const key = `${l.productId}\u0000${l.color}\u0000${l.size}`;
    const seen = sums.get(key);
    if (seen) seen.quantity += l.quantity;
    else sums.set(key, { productId: l.productId, color: l.color, size: l.size, quantity: l.quantity });
  }
  return [...sums.values()].sort(
    (a, b) => a.productId - b.productId || compare(a.color, b.color) || compare(a.size, b.size),
  );
}

const compare = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
