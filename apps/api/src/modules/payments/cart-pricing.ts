import { asc, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { cartItems, products, type PricedLine } from '../../db/schema/index.js';
import { HttpError } from '../../lib/http-error.js';
import { toFils } from '../../lib/money.js';

export interface PricedCart {
  lines: PricedLine[];
  subtotalFils: number;
  shippingFils: number;
  totalFils: number;
}

/** Shipping is free (spec section 9): the total is the subtotal. */
export const SHIPPING_FILS = 0;

export const CART_EMPTY = 'Your cart is empty.';

/**
 * The signed-in shopper's server cart priced from the catalogue as it is now. A line whose product went
 * inactive, or whose size or colour the product no longer offers, cannot be paid for: the whole cart is
 * refused with the names of those lines, so the shopper reviews it before any money moves.
 *
 * Kept to this module on purpose (the cart module prices the same rows for display); the payment freezes what
 * this returns in `payments.lines`, and the order is made from that, never from the cart again.
 */
export async function priceCartForPayment(db: Database, userId: number): Promise<PricedCart> {
  const rows = await db
    .select({
      productId: cartItems.productId,
      color: cartItems.color,
      size: cartItems.size,
      quantity: cartItems.quantity,
      slug: products.slug,
      name: sql<string>`${products.name}->>'en'`,
      price: products.price,
      active: sql<boolean>`${products.status} = 'active'`,
      sizeOffered: sql<boolean>`${cartItems.size} = any(${products.sizes})`,
      // '' is "no colour chosen"; any other key must still be one of the product's colours.
      colorOffered: sql<boolean>`(${cartItems.color} = '' or exists (
        select 1 from product_colors pc join colors c on c.id = pc.color_id
        where pc.product_id = ${products.id} and c.key = ${cartItems.color}))`,
    })
    .from(cartItems)
    .innerJoin(products, eq(products.id, cartItems.productId))
    .where(eq(cartItems.userId, userId))
    .orderBy(asc(cartItems.id));

  if (rows.length === 0) throw new HttpError(422, CART_EMPTY);
  const unavailable = rows.filter((r) => !r.active || !r.sizeOffered || !r.colorOffered);
  if (unavailable.length > 0) {
    const names = [...new Set(unavailable.map((r) => r.name))].join(', ');
    throw new HttpError(
      409,
      `Some items in your cart are no longer available: ${names}. Please remove them and review your order.`,
    );
  }

  const lines: PricedLine[] = rows.map((r) => ({
    productId: r.productId,
    slug: r.slug,
    color: r.color,
    size: r.size,
    quantity: r.quantity,
    price: r.price,
  }));
  const subtotalFils = linesTotalFils(lines);
  return { lines, subtotalFils, shippingFils: SHIPPING_FILS, totalFils: subtotalFils + SHIPPING_FILS };
}

export function linesTotalFils(lines: PricedLine[]): number {
  return lines.reduce((sum, l) => sum + toFils(l.price) * l.quantity, 0);
}
