import type { Database } from '../../db/client.js';
import type { PricedLine } from '../../db/schema/index.js';
import { priceCart } from './pricing.js';
import { HttpError } from '../../lib/http-error.js';
import { toFils } from '../../lib/money.js';
import type { ShippingChoice } from '../../db/schema/index.js';
import { quote } from '../shipping/index.js';

export interface PricedCart {
  lines: PricedLine[];
  subtotalFils: number;
  /** The shipping rate's price for this subtotal and country: the one figure the totals add. */
  shippingFils: number;
  /** The rate priced, frozen on the payment so the order ships by it. */
  shipping: ShippingChoice;
  totalFils: number;
}

/** Where the shopper ships and how: the rate chosen at checkout step 2 and the address's country. */
export interface ShippingRequest {
  rateId?: number | string | null;
  country?: string | null;
}

export const CART_EMPTY = 'Your cart is empty.';

/**
 * The signed-in shopper's server cart priced from the catalogue as it is now, with its shipping. A line whose product went
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
  shippingRequest: ShippingRequest = {},
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

  const lines: PricedLine[] = cart.lines.map((l) => ({
    productId: l.productId,
    slug: l.slug,
    color: l.color,
    size: l.size,
    quantity: l.quantity,
    price: l.price,
  }));
  const subtotalFils = linesTotalFils(lines);
  // Shipping (DESIGN section 17): the chosen rate if the country's zone offers it (422 otherwise), priced for
  // this subtotal; without a rate, the cheapest of the country's zone.
  const { fils: shippingFils, ...shipping } = await quote(
    db,
    shippingRequest.rateId,
    shippingRequest.country,
    subtotalFils,
  );
  return { lines, subtotalFils, shippingFils, shipping, totalFils: subtotalFils + shippingFils };
}

/** What a frozen payment's shipping cost, in fils (payments from before shipping rates shipped free). */
export function paymentShippingFils(payment: { shipping: ShippingChoice | null }): number {
  return payment.shipping ? toFils(payment.shipping.price) : 0;
}

export function linesTotalFils(lines: PricedLine[]): number {
  return lines.reduce((sum, l) => sum + toFils(l.price) * l.quantity, 0);
}
