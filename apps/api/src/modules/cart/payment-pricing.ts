import type { Database } from '../../db/client.js';
import type { PricedLine } from '../../db/schema/index.js';
import { priceCart } from './pricing.js';
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
 * The cart module's pricing decides what is available, so the cart and the checkout never disagree; the
 * payment freezes what this returns in `payments.lines`, and the order is made from that, never from the cart
 * again.
 */
export async function priceCartForPayment(db: Database, userId: number): Promise<PricedCart> {
  const cart = await priceCart(db, userId);
  if (cart.lines.length === 0) throw new HttpError(422, CART_EMPTY);
  const unavailable = cart.lines.filter((l) => !l.available);
  if (unavailable.length > 0) {
    const names = [...new Set(unavailable.map((l) => l.name.en))].join(', ');
    throw new HttpError(
      409,
      `Some items in your cart are no longer available: ${names}. Please remove them and review your order.`,
    );
  }

  const lines: PricedLine[] = cart.lines.map((l) => ({
    productId: l.productId,
    slug: l.slug,
    color: l.color,
    size: l.size,
    quantity: l.quantity,
    price: l.price,
  }));
  const subtotalFils = linesTotalFils(lines);
  return { lines, subtotalFils, shippingFils: SHIPPING_FILS, totalFils: subtotalFils + SHIPPING_FILS };
}

export function linesTotalFils(lines: PricedLine[]): number {
  return lines.reduce((sum, l) => sum + toFils(l.price) * l.quantity, 0);
}
