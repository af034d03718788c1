import { and, asc, eq, sql } from 'drizzle-orm';
import { SIZES, type Size } from '@boutique/contracts';
import { STOCK_BY_ADJUSTMENT } from '@boutique/contracts/admin';
import type { Database } from '../../db/client.js';
import { colors, productColors, productStock, products } from '../../db/schema/index.js';
import { fieldError, HttpError } from '../../lib/http-error.js';
import { writeMoves, type StockMovesHook } from './moves.js';

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

/** A change of one variant's count by hand: the back office's stock adjustments and `npm run stock`. */
export interface Adjustment {
  productId: number;
  size: string;
  /** The colour's key, or '' for a product without colours. */
  color: string;
  delta: number;
  reason: StockMoveReason;
  note?: string | null;
  actorId?: number | null;
  source: StockMoveSource;
}

/** A variant named on the command line: the colour may be left out when the product has one colour or none. */
export interface CommandVariant {
  size: string;
  color?: string;
}

/** A variant (colour key or '', size) and its first count of pieces; absent: 0 for a new one. */
export interface VariantCount {
  color: string;
  size: Size;
  stock?: number;
}

export interface SetCountResult {
  productId: number;
  slug: string;
  color: string;
  size: Size;
  stock: number;
  reserved: number;
  /** The change written to the stock history (0: the count was already that). */
  delta: number;
}

const MAX_STOCK = 100_000;

const INVALID = 'The given data was invalid';

/** The stock row of one variant. */
const ofVariant = (productId: number, color: string, size: string) =>
  and(eq(productStock.productId, productId), eq(productStock.color, color), eq(productStock.size, size));

/** "emerald, size M" or "size M". */
export const variantName = (color: string, size: string) => `${color ? `${color}, ` : ''}size ${size}`;

export class StockCounts {
  constructor(
    private readonly db: Database,
    private readonly onMoves?: StockMovesHook,
  ) {}

  /**
   * Adds or takes away pieces of one variant (the back office's stock adjustments, `npm run stock`): one
   * conditional statement, `stock = stock + delta where stock + delta >= reserved`, so a count never drops below
   * what payments under way hold and a sale made meanwhile is never undone; then its row in the stock history, in
   * the same transaction. A variant the product does not come in is refused (422 on `color` or `size`); a refused
   * change is a 422 on `delta` that names what is held.
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
        throw new HttpError(422, INVALID, {
          size: [
            fieldError(
              'unavailable',
              `This product does not come in size ${input.size}; its sizes are ${product.sizes.join(', ')}.`,
            ),
          ],
        });
      }
      const keys = await colorKeysOf(tx, product.id);
      if (keys.length === 0 ? input.color !== '' : !keys.includes(input.color)) {
        throw new HttpError(422, INVALID, {
          color: [
            fieldError(
              input.color === '' ? 'required' : 'unavailable',
              keys.length === 0
                ? `This product has no colours: send no colour.`
                : input.color === ''
                  ? `Choose one of the product’s colours: ${keys.join(', ')}.`
                  : `This product has no colour "${input.color}"; its colours are ${keys.join(', ')}.`,
            ),
          ],
        });
      }
      const [row] = await tx
        .update(productStock)
        .set({ stock: sql`${productStock.stock} + ${input.delta}`, updatedAt: new Date() })
        .where(
          and(
            ofVariant(product.id, input.color, input.size),
            input.delta > 0
              ? sql`${productStock.stock} + ${input.delta} <= ${MAX_STOCK}`
              : sql`${productStock.stock} + ${input.delta} >= ${productStock.reserved}`,
          ),
        )
        .returning({ stock: productStock.stock, reserved: productStock.reserved });
      if (!row) {
        const [now] = await tx
          .select({ stock: productStock.stock, reserved: productStock.reserved })
          .from(productStock)
          .where(ofVariant(product.id, input.color, input.size));
        if (!now) {
          throw new HttpError(422, INVALID, {
            [input.color ? 'color' : 'size']: [
              fieldError(
                'unavailable',
                `This product does not come in ${variantName(input.color, input.size)}.`,
              ),
            ],
          });
        }
        throw adjustmentRefused(input, now);
      }
      const [move] = await writeMoves(
        tx,
        [
          {
            productId: product.id,
            color: input.color,
            size: input.size,
            delta: input.delta,
            reason: input.reason,
            note: input.note || null,
            stockAfter: row.stock,
            actorId: input.actorId ?? null,
            source: input.source,
          },
        ],
        this.onMoves,
      );
      if (!move) throw new Error('stock movement was not stored');
      return { move, slug: product.slug, stock: row.stock, reserved: row.reserved };
    });
  }

  /**
   * Sets the pieces of a variant that are not sold yet (`npm run stock -- <slug> <size> <count> --color=<key>`):
   * the difference with the count it finds, written as an adjustment (a correction from the command line). It
   * cannot go below what payments under way hold at that moment (409 naming it).
   */
  async setCount(slug: string, variant: CommandVariant, count: number): Promise<SetCountResult> {
    if (!Number.isInteger(count) || count < 0 || count > MAX_STOCK) {
      throw new HttpError(422, 'The count must be a whole number from 0 to 100000.');
    }
    const { product, color, size } = await this.#variantOf(slug, variant);
    return this.db.transaction(async (tx) => {
      const [now] = await tx
        .select({ stock: productStock.stock, reserved: productStock.reserved })
        .from(productStock)
        .where(ofVariant(product.id, color, size))
        .for('update');
      const current = now ?? { stock: 0, reserved: 0 };
      if (current.reserved > count) {
        throw new HttpError(
          409,
          `${current.reserved} pieces of ${product.slug} in ${variantName(color, size)} are held by payments under way: set at least that many, or try again when they are paid or released.`,
        );
      }
      const done = { productId: product.id, slug: product.slug, color, size };
      if (count === current.stock) return { ...done, ...current, delta: 0 };
      const moved = await this.adjust(
        {
          productId: product.id,
          size,
          color,
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

  /**
   * The product of a slug and the variant the command line names (404, or 422 naming its sizes or colours): the
   * colour may be left out when the product has one colour or none.
   */
  async #variantOf(slug: string, variant: CommandVariant) {
    const [product] = await this.db
      .select({ id: products.id, slug: products.slug, sizes: products.sizes })
      .from(products)
      .where(eq(products.slug, slug.trim().toLowerCase()))
      .limit(1);
    if (!product) throw new HttpError(404, `No product has the slug "${slug}".`);
    const size = variant.size.trim().toUpperCase() as Size;
    if (!(SIZES as readonly string[]).includes(size) || !product.sizes.includes(size)) {
      throw new HttpError(
        422,
        `${product.slug} does not come in size ${variant.size}; its sizes are ${product.sizes.join(', ')}.`,
      );
    }
    const keys = await colorKeysOf(this.db, product.id);
    const asked = variant.color?.trim().toLowerCase();
    const color = asked ?? (keys.length <= 1 ? (keys[0] ?? '') : undefined);
    if (color === undefined) {
      throw new HttpError(
        422,
        `${product.slug} comes in several colours: name one with --color=<colour> (${keys.join(', ')}).`,
      );
    }
    if (keys.length === 0 ? color !== '' : !keys.includes(color)) {
      throw new HttpError(
        422,
        keys.length === 0
          ? `${product.slug} has no colours: leave out --color.`
          : `${product.slug} has no colour "${color}"; its colours are ${keys.join(', ')}.`,
      );
    }
    return { product, color, size };
  }

  /** `npm run stock -- <slug> <size> +3|-1 [--color=<key>]`: an adjustment from the command line. */
  async adjustBySlug(
    slug: string,
    variant: CommandVariant,
    delta: number,
    reason: StockMoveReason,
    note?: string,
  ) {
    const { product, color, size } = await this.#variantOf(slug, variant);
    const done = await this.adjust({
      productId: product.id,
      size,
      color,
      delta,
      reason,
      note: note ?? null,
      source: 'command',
    });
    return {
      slug: done.slug,
      color,
      size,
      stock: done.stock,
      reserved: done.reserved,
      delta: done.move.delta,
    };
  }

  /**
   * The variants a new product comes in, with their first counts (each written to the history as received),
   * inside the transaction that writes the product.
   */
  async setCounts(
    tx: Database,
    productId: number,
    counts: readonly VariantCount[],
    actorId: number | null = null,
  ) {
    // Two statements whatever the number of variants (a catalogue import creates thousands), rows in the
    // variants' order as each one-by-one write takes them.
    const rows = sortedVariants(counts).map(({ color, size, stock = 0 }) => ({ color, size, stock }));
    if (rows.length === 0) return;
    await tx
      .insert(productStock)
      .values(rows.map((r) => ({ productId, ...r })))
      .onConflictDoNothing();
    await writeMoves(
      tx,
      rows
        .filter((r) => r.stock > 0)
        .map(({ color, size, stock }) => ({
          productId,
          color,
          size,
          delta: stock,
          reason: 'received' as const,
          note: 'first count',
          stockAfter: stock,
          actorId,
          source: 'admin' as const,
        })),
      this.onMoves,
    );
  }

  /**
   * The variants a product comes in from now on (its colours × its sizes), inside the transaction that writes the
   * product: a new variant starts with its first count (0 when none is given; written as received); a variant
   * dropped loses its row, its unsold pieces written to the history. Dropping a variant whose pieces payments
   * under way or exchanges hold is refused (422 on `sizes` or `colors`), and the whole write with it; so is a
   * count for a variant that exists already (its pieces move by adjustments only, decision 028).
   */
  async setVariants(
    tx: Database,
    productId: number,
    variants: readonly VariantCount[],
    actorId: number | null,
  ) {
    const existing = await tx.select().from(productStock).where(eq(productStock.productId, productId));
    const key = (v: { color: string; size: string }) => `${v.color}\u0000${v.size}`;
    const wanted = new Map(variants.map((v) => [key(v), v]));
    const had = new Map(existing.map((r) => [key(r), r]));
    const counted = variants.filter((v) => v.stock !== undefined && had.has(key(v)));
    if (counted.length > 0) {
      throw new HttpError(422, INVALID, {
        variants: [fieldError('not_allowed', STOCK_BY_ADJUSTMENT)],
      });
    }
    const dropped = existing.filter((r) => !wanted.has(key(r)));
    const held = dropped.filter((r) => r.reserved > 0);
    if (held.length > 0) {
      const sizesKept = new Set(variants.map((v) => v.size));
      const field = held.every((h) => sizesKept.has(h.size as Size)) ? 'colors' : 'sizes';
      throw new HttpError(422, 'Some pieces are held by payments under way.', {
        [field]: [
          fieldError(
            'not_allowed',
            `Payments under way or exchanges hold pieces of this product (${held.map((h) => `${variantName(h.color, h.size)}: ${h.reserved}`).join('; ')}): keep those, or try again when they are paid or released.`,
          ),
        ],
      });
    }
    for (const row of sortedVariants(dropped)) {
      await tx.delete(productStock).where(ofVariant(productId, row.color, row.size));
      if (row.stock > 0) {
        await writeMoves(
          tx,
          [
            {
              productId,
              color: row.color,
              size: row.size,
              delta: -row.stock,
              reason: 'correction',
              note:
                row.color && !variants.some((v) => v.color === row.color)
                  ? 'colour removed from the product'
                  : 'size removed from the product',
              stockAfter: 0,
              actorId,
              source: 'admin',
            },
          ],
          this.onMoves,
        );
      }
    }
    await this.setCounts(
      tx,
      productId,
      variants.filter((v) => !had.has(key(v))),
      actorId,
    );
  }

  /**
   * Colours renamed in the product's form (same value, another name, hence another key): their variants keep
   * their pieces under the new key, each move written to the history. Refused (422 on `colors`) while payments
   * under way or exchanges hold pieces of the old one, whose holds name it.
   */
  async renameColors(
    tx: Database,
    productId: number,
    renames: readonly { from: string; to: string }[],
    actorId: number | null,
  ) {
    for (const { from, to } of renames) {
      const rows = await tx
        .select()
        .from(productStock)
        .where(and(eq(productStock.productId, productId), eq(productStock.color, from)))
        .for('update');
      const held = rows.filter((r) => r.reserved > 0);
      if (held.length > 0) {
        throw new HttpError(422, 'Some pieces are held by payments under way.', {
          colors: [
            fieldError(
              'not_allowed',
              `Payments under way or exchanges hold pieces of ${from} (${held.map((h) => `size ${h.size}: ${h.reserved}`).join('; ')}): rename it when they are paid or released.`,
            ),
          ],
        });
      }
      await tx
        .update(productStock)
        .set({ color: to, updatedAt: new Date() })
        .where(and(eq(productStock.productId, productId), eq(productStock.color, from)));
      for (const row of sortedVariants(rows).filter((r) => r.stock > 0)) {
        await writeMoves(
          tx,
          [
            {
              productId,
              color: from,
              size: row.size,
              delta: -row.stock,
              reason: 'correction',
              note: `colour renamed to ${to}`,
              stockAfter: 0,
              actorId,
              source: 'admin',
            },
            {
              productId,
              color: to,
              size: row.size,
              delta: row.stock,
              reason: 'correction',
              note: `colour renamed from ${from}`,
              stockAfter: row.stock,
              actorId,
              source: 'admin',
            },
          ],
          this.onMoves,
        );
      }
    }
  }

  /** Counts of every variant a product comes in (its colours × its sizes; without a row: 0). */
  async counts(slug: string) {
    const [product] = await this.db
      .select({ id: products.id, slug: products.slug, sizes: products.sizes, status: products.status })
      .from(products)
      .where(eq(products.slug, slug.trim().toLowerCase()))
      .limit(1);
    if (!product) return undefined;
    const [keys, rows] = await Promise.all([
      colorKeysOf(this.db, product.id),
      this.db.select().from(productStock).where(eq(productStock.productId, product.id)),
    ]);
    const byVariant = new Map(rows.map((r) => [`${r.color}\u0000${r.size}`, r]));
    return {
      ...product,
      variants: (keys.length > 0 ? keys : ['']).flatMap((color) =>
        product.sizes.map((size) => ({
          color,
          size,
          stock: byVariant.get(`${color}\u0000${size}`)?.stock ?? 0,
          reserved: byVariant.get(`${color}\u0000${size}`)?.reserved ?? 0,
        })),
      ),
    };
  }
}

/** A product's colour keys in its own order (the first is where an upgrade put the per-size counts). */
export async function colorKeysOf(db: Database, productId: number): Promise<string[]> {
  const rows = await db
    .select({ key: colors.key })
    .from(productColors)
    .innerJoin(colors, eq(colors.id, productColors.colorId))
    .where(eq(productColors.productId, productId))
    .orderBy(asc(productColors.sortOrder), asc(productColors.colorId));
  return rows.map((r) => r.key);
}

/** Variants in the order every transaction changes stock rows (levels.ts piecesOf), so none waits in a circle. */
function sortedVariants<T extends { color: string; size: string }>(list: readonly T[]): T[] {
  const cmp = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
  return [...list].sort((a, b) => cmp(a.color, b.color) || cmp(a.size, b.size));
}

/** Why an adjustment could not be made, with what is held and what the count is. */
function adjustmentRefused(input: Adjustment, now: { stock: number; reserved: number }): HttpError {
  if (input.delta > 0) {
    return new HttpError(422, 'The given data was invalid', {
      delta: [
        fieldError(
          'too_big',
          `A colour and size may count at most ${MAX_STOCK} pieces; ${variantName(input.color, input.size)} counts ${now.stock}.`,
        ),
      ],
    });
  }
  const floor = -(now.stock - now.reserved);
  const message =
    now.reserved > 0
      ? `${now.reserved} ${now.reserved === 1 ? 'piece' : 'pieces'} of ${variantName(input.color, input.size)} ${now.reserved === 1 ? 'is' : 'are'} held by payments under way: the count (${now.stock}) may not go below ${now.reserved}, so the change may be at most ${floor} now.`
      : `There ${now.stock === 1 ? 'is' : 'are'} only ${now.stock} ${now.stock === 1 ? 'piece' : 'pieces'} of ${variantName(input.color, input.size)}: the change may not be below ${floor}.`;
  return new HttpError(422, message, { delta: [fieldError('too_small', message)] }, undefined);
}
