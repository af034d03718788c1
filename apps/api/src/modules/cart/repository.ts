import { and, eq, inArray, sql } from 'drizzle-orm';
import { CART_MAX_QUANTITY, type Size } from '@boutique/contracts';
import type { Database } from '../../db/client.js';
import { cartItems, colors, productColors, products, users } from '../../db/schema/index.js';

/** What adding a product to the cart needs to know about it. */
export interface CartProduct {
  id: number;
  slug: string;
  active: boolean;
  sizes: Size[];
  /** Keys of the colours the product comes in; empty for a product without colour choice. */
  colorKeys: string[];
}

/** A cart line's identity: the unique key of `cart_items` within one user's cart. */
export interface LineKey {
  productId: number;
  color: string;
  size: string;
}

export const lineKey = (l: LineKey) => `${l.productId}\u0000${l.color}\u0000${l.size}`;

/** Products by slug (lower case), with their colours, in two queries. */
export async function findCartProducts(db: Database, slugs: string[]): Promise<Map<string, CartProduct>> {
  const found = new Map<string, CartProduct>();
  if (slugs.length === 0) return found;
  const rows = await db
    .select({ id: products.id, slug: products.slug, status: products.status, sizes: products.sizes })
    .from(products)
    .where(inArray(products.slug, slugs));
  if (rows.length === 0) return found;
  const colorRows = await db
    .select({ productId: productColors.productId, key: colors.key })
    .from(productColors)
    .innerJoin(colors, eq(colors.id, productColors.colorId))
    .where(
      inArray(
        productColors.productId,
        rows.map((r) => r.id),
      ),
    );
  for (const r of rows) {
    found.set(r.slug, {
      id: r.id,
      slug: r.slug,
      active: r.status === 'active',
      sizes: r.sizes,
      colorKeys: colorRows.filter((c) => c.productId === r.id).map((c) => c.key),
    });
  }
  return found;
}

/**
 * Serialises the cart writes of one user until the transaction ends, so that the line cap holds under
 * concurrent requests. `no key update` still lets other transactions insert rows referencing the user.
 * False when the user no longer exists.
 */
export async function lockUserCart(tx: Database, userId: number): Promise<boolean> {
  const rows = await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('no key update');
  return rows.length > 0;
}

export async function lineKeys(db: Database, userId: number): Promise<Set<string>> {
  const rows = await db
    .select({ productId: cartItems.productId, color: cartItems.color, size: cartItems.size })
    .from(cartItems)
    .where(eq(cartItems.userId, userId));
  return new Set(rows.map(lineKey));
}

/**
 * Adds `quantity` to the line, creating it if need be, in one statement: concurrent adds of one line sum
 * instead of racing. The sum may not exceed CART_MAX_QUANTITY: then nothing changes and the answer is
 * undefined.
 */
export async function addToLine(db: Database, userId: number, line: LineKey & { quantity: number }) {
  const [row] = await db
    .insert(cartItems)
    .values({ userId, ...line })
    .onConflictDoUpdate({
      target: [cartItems.userId, cartItems.productId, cartItems.color, cartItems.size],
      set: {
        quantity: sql`${cartItems.quantity} + excluded.quantity`,
        updatedAt: sql`now()`,
      },
      setWhere: sql`${cartItems.quantity} + excluded.quantity <= ${CART_MAX_QUANTITY}`,
    })
    .returning({ id: cartItems.id });
  return row;
}

/** Inserts the lines the cart lacks; a line that exists meanwhile is left as it is. */
export async function insertMissingLines(
  db: Database,
  userId: number,
  lines: (LineKey & { quantity: number })[],
) {
  if (lines.length === 0) return;
  await db
    .insert(cartItems)
    .values(lines.map((l) => ({ userId, ...l })))
    .onConflictDoNothing({
      target: [cartItems.userId, cartItems.productId, cartItems.color, cartItems.size],
    });
}

/** One of the user's lines with its product's slug; undefined when the user has no such line. */
export async function findLine(db: Database, userId: number, id: number) {
  const [row] = await db
    .select({
      productId: cartItems.productId,
      slug: products.slug,
      color: cartItems.color,
      size: cartItems.size,
      quantity: cartItems.quantity,
    })
    .from(cartItems)
    .innerJoin(products, eq(products.id, cartItems.productId))
    .where(and(eq(cartItems.id, id), eq(cartItems.userId, userId)))
    .limit(1);
  return row;
}

/** Pieces of one variant (product, colour, size) in the user's cart. */
export async function quantityOfVariant(
  db: Database,
  userId: number,
  variant: { productId: number; color: string; size: string },
) {
  const [row] = await db
    .select({ n: sql<number>`coalesce(sum(${cartItems.quantity}), 0)::int` })
    .from(cartItems)
    .where(
      and(
        eq(cartItems.userId, userId),
        eq(cartItems.productId, variant.productId),
        eq(cartItems.color, variant.color),
        eq(cartItems.size, variant.size),
      ),
    );
  return Number(row?.n ?? 0);
}

/** Sets the quantity of one of the user's lines; false when the user has no such line. */
export async function setQuantity(db: Database, userId: number, id: number, quantity: number) {
  const rows = await db
    .update(cartItems)
    .set({ quantity, updatedAt: sql`now()` })
    .where(and(eq(cartItems.id, id), eq(cartItems.userId, userId)))
    .returning({ id: cartItems.id });
  return rows.length > 0;
}

/** Removes one of the user's lines; false when the user has no such line. */
export async function deleteLine(db: Database, userId: number, id: number) {
  const rows = await db
    .delete(cartItems)
    .where(and(eq(cartItems.id, id), eq(cartItems.userId, userId)))
    .returning({ id: cartItems.id });
  return rows.length > 0;
}

export async function deleteAllLines(db: Database, userId: number) {
  await db.delete(cartItems).where(eq(cartItems.userId, userId));
}
