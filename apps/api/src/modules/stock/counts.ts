import { and, eq, sql } from 'drizzle-orm';
import { SIZES, type Size } from '@boutique/contracts';
import type { Database } from '../../db/client.js';
import { colors, productColors, productStock, products, stockMovements } from '../../db/schema/index.js';
import { fieldError, HttpError } from '../../lib/http-error.js';

/*
 * The owner's side of stock: counts changed by hand (the back office's adjustments and `npm run stock`), the
 * sizes a product comes in, and each change's row in the stock history. Sales, returns and holds move counts
 * in service.ts; both write the same history.
 */

/** Why a count moves (the contracts' STOCK_MOVE_REASONS), and who or what moved it. */
export type StockMoveReason =
  | 'received'
  | 'correction'
  | 'damaged'
  | 'returned'
  | 'other'
  | 'sale'
  | 'cancellation'
  | 'return'
  | 'refund'
  | 'exchange';
export type StockMoveSource = 'admin' | 'order' | 'command';

/** A change of one size's count by hand: the back office's stock adjustments and `npm run stock`. */
export interface Adjustment {
  productId: number;
  size: string;
  /** The colour's key, or '' for none (recorded; the count is the size's). */
  color: string;
  delta: number;
  reason: StockMoveReason;
  note?: string | null;
  actorId?: number | null;
  source: StockMoveSource;
}

export interface SetCountResult {
  productId: number;
  slug: string;
  size: Size;
  stock: number;
  reserved: number;
  /** The change written to the stock history (0: the count was already that). */
  delta: number;
}

const MAX_STOCK = 100_000;

export class StockCounts {
  constructor(private readonly db: Database) {}

  /**
   * Adds or takes away pieces of one size (the back office's stock adjustments, `npm run stock`): one conditional
   * statement, `stock = stock + delta where stock + delta >= reserved`, so a count never drops below what
   * payments under way hold and a sale made meanwhile is never undone; then its row in the stock history, in the
   * same transaction. A refusal is a 422 on `delta` that names what is held.
   */
  async adjust(input: Adjustment, db: Database = this.db) {
    return db.transaction(async (tx) => {
      const [product] = await tx
        .select({ id: products.id, slug: products.slug, sizes: products.sizes })
        .from(products)
        .where(eq(products.id, input.productId))
        .limit(1);
      if (!product) throw new HttpError(404, 'Product not found');
      if (!product.sizes.includes(input.size as Size)) {
        throw new HttpError(422, 'The given data was invalid', {
          size: [
            fieldError(
              'unavailable',
              `This product does not come in size ${input.size}; its sizes are ${product.sizes.join(', ')}.`,
            ),
          ],
        });
      }
      if (input.color) {
        const [color] = await tx
          .select({ key: colors.key })
          .from(productColors)
          .innerJoin(colors, eq(colors.id, productColors.colorId))
          .where(and(eq(productColors.productId, product.id), eq(colors.key, input.color)));
        if (!color) {
          throw new HttpError(422, 'The given data was invalid', {
            color: [fieldError('unavailable', `This product has no colour "${input.color}".`)],
          });
        }
      }
      const [row] =
        input.delta > 0
          ? await tx
              .insert(productStock)
              .values({ productId: product.id, size: input.size, stock: input.delta })
              .onConflictDoUpdate({
                target: [productStock.productId, productStock.size],
                set: { stock: sql`${productStock.stock} + excluded.stock`, updatedAt: sql`now()` },
                setWhere: sql`${productStock.stock} + excluded.stock <= ${MAX_STOCK}`,
              })
              .returning({ stock: productStock.stock, reserved: productStock.reserved })
          : await tx
              .update(productStock)
              .set({ stock: sql`${productStock.stock} + ${input.delta}`, updatedAt: new Date() })
              .where(
                and(
                  eq(productStock.productId, product.id),
                  eq(productStock.size, input.size),
                  sql`${productStock.stock} + ${input.delta} >= ${productStock.reserved}`,
                ),
              )
              .returning({ stock: productStock.stock, reserved: productStock.reserved });
      if (!row) {
        const [now] = await tx
          .select({ stock: productStock.stock, reserved: productStock.reserved })
          .from(productStock)
          .where(and(eq(productStock.productId, product.id), eq(productStock.size, input.size)));
        throw adjustmentRefused(input, now ?? { stock: 0, reserved: 0 });
      }
      const [move] = await tx
        .insert(stockMovements)
        .values({
          productId: product.id,
          color: input.color,
          size: input.size,
          delta: input.delta,
          reason: input.reason,
          note: input.note || null,
          stockAfter: row.stock,
          actorId: input.actorId ?? null,
          source: input.source,
        })
        .returning();
      if (!move) throw new Error('stock movement was not stored');
      return { move, slug: product.slug, stock: row.stock, reserved: row.reserved };
    });
  }

  /**
   * Sets the pieces of a size that are not sold yet (`npm run stock -- <slug> <size> <count>`): the difference
   * with the count it finds, written as an adjustment (a correction from the command line). It cannot go below
   * what payments under way hold at that moment (409 naming it).
   */
  async setCount(slug: string, size: string, count: number): Promise<SetCountResult> {
    if (!Number.isInteger(count) || count < 0 || count > MAX_STOCK) {
      throw new HttpError(422, 'The count must be a whole number from 0 to 100000.');
    }
    const product = await this.#productOf(slug, size);
    const wanted = size.trim().toUpperCase() as Size;
    return this.db.transaction(async (tx) => {
      const [now] = await tx
        .select({ stock: productStock.stock, reserved: productStock.reserved })
        .from(productStock)
        .where(and(eq(productStock.productId, product.id), eq(productStock.size, wanted)))
        .for('update');
      const current = now ?? { stock: 0, reserved: 0 };
      if (current.reserved > count) {
        throw new HttpError(
          409,
          `${current.reserved} pieces of ${product.slug} in size ${wanted} are held by payments under way: set at least that many, or try again when they are paid or released.`,
        );
      }
      const done = { productId: product.id, slug: product.slug, size: wanted };
      if (count === current.stock) return { ...done, ...current, delta: 0 };
      const moved = await this.adjust(
        {
          productId: product.id,
          size: wanted,
          color: '',
          delta: count - current.stock,
          reason: 'correction',
          note: `set to ${count} with npm run stock`,
          source: 'command',
        },
        tx,
      );
      return { ...done, stock: moved.stock, reserved: moved.reserved, delta: moved.move.delta };
    });
  }

  /** The product of a slug that comes in `size`, for the command line (404 or 422 naming its sizes). */
  async #productOf(slug: string, size: string) {
    const [product] = await this.db
      .select({ id: products.id, slug: products.slug, sizes: products.sizes })
      .from(products)
      .where(eq(products.slug, slug.trim().toLowerCase()))
      .limit(1);
    if (!product) throw new HttpError(404, `No product has the slug "${slug}".`);
    const wanted = size.trim().toUpperCase() as Size;
    if (!(SIZES as readonly string[]).includes(wanted) || !product.sizes.includes(wanted)) {
      throw new HttpError(
        422,
        `${product.slug} does not come in size ${size}; its sizes are ${product.sizes.join(', ')}.`,
      );
    }
    return product;
  }

  /** `npm run stock -- <slug> <size> +3|-1`: an adjustment from the command line. */
  async adjustBySlug(slug: string, size: string, delta: number, reason: StockMoveReason, note?: string) {
    const product = await this.#productOf(slug, size);
    const done = await this.adjust({
      productId: product.id,
      size: size.trim().toUpperCase(),
      color: '',
      delta,
      reason,
      note: note ?? null,
      source: 'command',
    });
    return { slug: done.slug, stock: done.stock, reserved: done.reserved, delta: done.move.delta };
  }

  /**
   * The sizes a new product comes in, with their first counts (each written to the history as received), inside
   * the transaction that writes the product.
   */
  async setCounts(
    tx: Database,
    productId: number,
    sizes: readonly { name: Size; stock: number }[],
    actorId: number | null = null,
  ) {
    for (const { name, stock } of [...sizes].sort((a, b) =>
      a.name < b.name ? -1 : a.name > b.name ? 1 : 0,
    )) {
      await tx.insert(productStock).values({ productId, size: name, stock }).onConflictDoNothing();
      if (stock > 0) {
        await tx.insert(stockMovements).values({
          productId,
          size: name,
          delta: stock,
          reason: 'received',
          note: 'first count',
          stockAfter: stock,
          actorId,
          source: 'admin',
        });
      }
    }
  }

  /**
   * The sizes a product comes in from now on, inside the transaction that writes the product: a new size starts
   * with no piece (adjustments add them); a size dropped loses its row, its unsold pieces written to the history.
   * Dropping a size whose pieces payments under way hold is refused (422 on `sizes`), and the whole write with it.
   */
  async setSizes(tx: Database, productId: number, names: readonly Size[], actorId: number | null) {
    const dropped = and(
      eq(productStock.productId, productId),
      sql`${productStock.size} <> all(${sql.param([...names])}::text[])`,
    );
    const held = await tx
      .select({ size: productStock.size, reserved: productStock.reserved })
      .from(productStock)
      .where(and(dropped, sql`${productStock.reserved} > 0`));
    if (held.length > 0) {
      throw new HttpError(422, 'Some pieces are held by payments under way.', {
        sizes: [
          fieldError(
            'not_allowed',
            `Payments under way hold pieces of this product (${held.map((h) => `${h.size}: ${h.reserved}`).join(', ')}): keep those sizes, or try again when they are paid or released.`,
          ),
        ],
      });
    }
    const gone = await tx.delete(productStock).where(dropped).returning();
    for (const row of gone.filter((r) => r.stock > 0)) {
      await tx.insert(stockMovements).values({
        productId,
        size: row.size,
        delta: -row.stock,
        reason: 'correction',
        note: 'size removed from the product',
        stockAfter: 0,
        actorId,
        source: 'admin',
      });
    }
    for (const name of names) {
      await tx.insert(productStock).values({ productId, size: name, stock: 0 }).onConflictDoNothing();
    }
  }

  /** Counts of every size a product comes in (sizes without a row: 0). */
  async counts(slug: string) {
    const [product] = await this.db
      .select({ id: products.id, slug: products.slug, sizes: products.sizes, status: products.status })
      .from(products)
      .where(eq(products.slug, slug.trim().toLowerCase()))
      .limit(1);
    if (!product) return undefined;
    const rows = await this.db.select().from(productStock).where(eq(productStock.productId, product.id));
    const bySize = new Map(rows.map((r) => [r.size, r]));
    return {
      ...product,
      sizes: product.sizes.map((size) => ({
        size,
        stock: bySize.get(size)?.stock ?? 0,
        reserved: bySize.get(size)?.reserved ?? 0,
      })),
    };
  }
}

/** Why an adjustment could not be made, with what is held and what the count is. */
function adjustmentRefused(input: Adjustment, now: { stock: number; reserved: number }): HttpError {
  if (input.delta > 0) {
    return new HttpError(422, 'The given data was invalid', {
      delta: [fieldError('too_big', `A size may count at most ${MAX_STOCK} pieces; it counts ${now.stock}.`)],
    });
  }
  const floor = -(now.stock - now.reserved);
  const message =
    now.reserved > 0
      ? `${now.reserved} ${now.reserved === 1 ? 'piece' : 'pieces'} of size ${input.size} ${now.reserved === 1 ? 'is' : 'are'} held by payments under way: the count (${now.stock}) may not go below ${now.reserved}, so the change may be at most ${floor} now.`
      : `There ${now.stock === 1 ? 'is' : 'are'} only ${now.stock} ${now.stock === 1 ? 'piece' : 'pieces'} of size ${input.size}: the change may not be below ${floor}.`;
  return new HttpError(422, message, { delta: [fieldError('too_small', message)] }, undefined);
}
