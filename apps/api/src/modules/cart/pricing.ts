import { asc, eq, sql } from 'drizzle-orm';
import type { LocalizedText, Size } from '@boutique/contracts';
import type { Database } from '../../db/client.js';
import { cartItems, colors, productColors, products } from '../../db/schema/index.js';
import type { PricedLine } from '../../db/schema/orders.js';
import { toFils } from '../../lib/money.js';
import { lineImages } from '../catalog/index.js';
import { lineStock } from '../stock/index.js';
import { StockService } from '../stock/index.js';

/** What a line shows when its product has no image; the storefront serves this file. */
export const PLACEHOLDER_IMAGE = '/placeholder.svg';

/** One cart line priced from the catalogue as it is now. A `PricedLine` plus what a cart or an order shows. */
export interface CartLine extends PricedLine {
  /** The cart item's id. */
  id: number;
  /** The product's category (what a discount code may be limited to). */
  categoryId: number | null;
  name: LocalizedText;
  size: Size;
  /** Current unit price, decimal string (the `PricedLine` price), and the same in fils. */
  unitFils: number;
  /** unitFils x quantity, whether or not the line is available. */
  lineFils: number;
  /**
   * The line can be bought: the product is active, still offers the line's size and colour (or, for a line
   * without colour, still has none) and comes in that variant (its stock row exists). Checkout must refuse a
   * cart with an unavailable line.
   */
  available: boolean;
  colorHex: string | null;
  colorName: LocalizedText | null;
  /**
   * Storage key of the line's picture (its thumbnail rendition): the product's first of the line's colour, else its
   * first (catalog/line-images.ts); null: none.
   */
  imageKey: string | null;
  /** Pieces of the line's variant (product, colour, size) the shopper can still have. */
  piecesLeft: number;
  /** The line's say on stock (see lineStock). */
  stock: { left: number | null; exceedsStock: boolean };
}

export interface PricedCart {
  /** In the order they were first added. */
  lines: CartLine[];
  /** Quantities of every line, unavailable ones included. */
  totalItems: number;
  /** Sum of the available lines only, in fils: what checkout charges once the cart is all available. */
  totalFils: number;
  /** Every line is available (true for an empty cart). */
  allAvailable: boolean;
  /** Some line asks for more pieces than are left of its variant. */
  exceedsStock: boolean;
}

export interface PriceCartOptions {
  /**
   * Lock the user's cart rows (`for update`) until the transaction ends, so that the cart cannot change
   * between pricing it and acting on it (e.g. writing an order and clearing the cart). Only inside a transaction.
   */
  lock?: boolean;
}

/**
 * Prices a user's cart from the database: every price is the product's current price, never one the client
 * sent. Takes the database or a transaction (`db.transaction((tx) => priceCart(tx, userId, { lock: true }))`).
 */
export async function priceCart(
  db: Database,
  userId: number,
  options: PriceCartOptions = {},
): Promise<PricedCart> {
  // The line's colour as the product offers it now; a colour key nobody has any more leaves these null.
  const colorOffered = sql<boolean>`exists (select 1 from ${productColors}
    where ${productColors.productId} = ${products.id} and ${productColors.colorId} = ${colors.id})`;
  const hasColors = sql<boolean>`exists (select 1 from ${productColors}
    where ${productColors.productId} = ${products.id})`;
  const query = db
    .select({
      id: cartItems.id,
      productId: products.id,
      categoryId: products.categoryId,
      slug: products.slug,
      name: products.name,
      status: products.status,
      sizes: products.sizes,
      price: products.price,
      color: cartItems.color,
      size: cartItems.size,
      quantity: cartItems.quantity,
      colorHex: colors.hex,
      colorName: colors.name,
      colorOffered,
      hasColors,
      variantExists: StockService.variantExists(cartItems.productId, cartItems.color, cartItems.size),
      piecesLeft: StockService.availableToShopper(
        cartItems.productId,
        cartItems.color,
        cartItems.size,
        cartItems.userId,
      ),
    })
    .from(cartItems)
    .innerJoin(products, eq(products.id, cartItems.productId))
    .leftJoin(colors, eq(colors.key, cartItems.color))
    .where(eq(cartItems.userId, userId))
    .orderBy(asc(cartItems.createdAt), asc(cartItems.id));
  const rows = await (options.lock ? query.for('update', { of: cartItems }) : query);

  const imageOf = await lineImages(
    db,
    rows.map((r) => r.productId),
  );
  let totalItems = 0;
  let totalFils = 0;
  let allAvailable = true;
  let exceedsStock = false;
  // Pieces are counted per variant (colour × size): each colour of a size has its own.
  const variantOf = (r: { productId: number; color: string; size: string }) =>
    `${r.productId}\u0000${r.color}\u0000${r.size}`;
  const askedOfVariant = new Map<string, number>();
  for (const r of rows) {
    askedOfVariant.set(variantOf(r), (askedOfVariant.get(variantOf(r)) ?? 0) + r.quantity);
  }
  const lines = rows.map((r): CartLine => {
    const unitFils = toFils(r.price);
    const lineFils = unitFils * r.quantity;
    const available =
      r.status === 'active' &&
      r.sizes.includes(r.size as Size) &&
      (r.color === '' ? !r.hasColors : r.colorOffered) &&
      r.variantExists;
    const piecesLeft = Number(r.piecesLeft);
    const stock = lineStock(piecesLeft, askedOfVariant.get(variantOf(r)) ?? r.quantity);
    totalItems += r.quantity;
    if (available) totalFils += lineFils;
    else allAvailable = false;
    if (available && stock.exceedsStock) exceedsStock = true;
    return {
      id: r.id,
      productId: r.productId,
      categoryId: r.categoryId,
      slug: r.slug,
      name: r.name,
      color: r.color,
      colorHex: r.colorHex,
      colorName: r.colorName,
      size: r.size as Size,
      quantity: r.quantity,
      price: r.price,
      unitFils,
      lineFils,
      available,
      imageKey: imageOf(r.productId, r.color),
      piecesLeft,
      stock,
    };
  });
  return { lines, totalItems, totalFils, allAvailable, exceedsStock };
}
