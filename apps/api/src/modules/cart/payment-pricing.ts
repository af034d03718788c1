import type { Database } from '../../db/client.js';
import type { PricedLine } from '../../db/schema/index.js';
import { priceCart } from './pricing.js';
import { HttpError } from '../../lib/http-error.js';
import { fromFils, toFils } from '../../lib/money.js';
import { cartCode, noLongerApplies } from '../discounts/index.js';
import { cartTotals } from './totals.js';

export interface PricedCart {
  /** Each with its share of the discount (`discount`, when the code falls on it). */
  lines: PricedLine[];
  subtotalFils: number;
  shippingFils: number;
  discountFils: number;
  totalFils: number;
  /** The code applied (as the owner wrote it) and the one the payment claims a use of; null: none. */
  discount: { id: number; code: string } | null;
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
export async function priceCartForPayment(
  db: Database,
  userId: number,
  now: Date = new Date(),
): Promise<PricedCart> {
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

  // A code that stopped applying (dates, minimum, pieces, switched off) is never dropped silently: the
  // shopper removes it or changes the cart, and sees the new total before paying.
  const code = await cartCode(db, userId);
  const totals = cartTotals(cart.lines, SHIPPING_FILS, code, now);
  if (totals.discount?.problem) throw noLongerApplies(totals.discount);
  const shares = totals.discount?.lineFils ?? [];
  const lines: PricedLine[] = cart.lines.map((l, i) => ({
    productId: l.productId,
    slug: l.slug,
    color: l.color,
    size: l.size,
    quantity: l.quantity,
    price: l.price,
    ...((shares[i] ?? 0) > 0 && { discount: fromFils(shares[i] ?? 0) }),
  }));
  return {
    lines,
    subtotalFils: totals.subtotalFils,
    shippingFils: totals.shippingFils,
    discountFils: totals.discountFils,
    totalFils: totals.totalFils,
    discount: code && totals.discount ? { id: code.id, code: code.code } : null,
  };
}

export function linesTotalFils(lines: PricedLine[]): number {
  return lines.reduce((sum, l) => sum + toFils(l.price) * l.quantity, 0);
}

/** What the lines' shares of a discount add up to, fils. */
export function linesDiscountFils(lines: PricedLine[]): number {
  return lines.reduce((sum, l) => sum + (l.discount ? toFils(l.discount) : 0), 0);
}
