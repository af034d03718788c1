import type { Database } from '../../db/client.js';
import type { PricedLine } from '../../db/schema/index.js';
import { priceCart } from './pricing.js';
import { HttpError } from '../../lib/http-error.js';
import { fromFils, toFils } from '../../lib/money.js';
import type { ShippingChoice } from '../../db/schema/index.js';
import { cartCode, noLongerApplies } from '../discounts/index.js';
import { quote } from '../shipping/index.js';
import { cartTotals } from './totals.js';

export interface PricedCart {
  /** Each with its share of the discount (`discount`, when the code falls on it). */
  lines: PricedLine[];
  subtotalFils: number;
  /** The shipping rate's price for this subtotal and country: the one figure the totals add. */
  shippingFils: number;
  discountFils: number;
  /** The rate priced, frozen on the payment so the order ships by it. */
  shipping: ShippingChoice;
  totalFils: number;
  /** The code applied (as the owner wrote it) and the one the payment claims a use of; null: none. */
  discount: { id: number; code: string } | null;
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
  const lines: PricedLine[] = cart.lines.map((l) => ({
    productId: l.productId,
    slug: l.slug,
    color: l.color,
    size: l.size,
    quantity: l.quantity,
    price: l.price,
  }));
  // Shipping (DESIGN section 17): the chosen rate if the country's zone offers it (422 otherwise), priced for
  // the pieces' subtotal before any discount (a rate's free_over reads the price of the pieces); without a rate,
  // the cheapest of the country's zone. A free_shipping code then takes this figure off in cartTotals.
  const { fils: shippingFils, ...shipping } = await quote(
    db,
    shippingRequest.rateId,
    shippingRequest.country,
    linesTotalFils(lines),
  );
  const totals = cartTotals(cart.lines, shippingFils, code, now);
  if (totals.discount?.problem) throw noLongerApplies(totals.discount);
  const shares = totals.discount?.lineFils ?? [];
  return {
    lines: lines.map((l, i) => ({
      ...l,
      ...((shares[i] ?? 0) > 0 && { discount: fromFils(shares[i] ?? 0) }),
    })),
    subtotalFils: totals.subtotalFils,
    shippingFils: totals.shippingFils,
    discountFils: totals.discountFils,
    totalFils: totals.totalFils,
    shipping,
    discount: code && totals.discount ? { id: code.id, code: code.code } : null,
  };
}

/** What a frozen payment's shipping cost, in fils (payments from before shipping rates shipped free). */
export function paymentShippingFils(payment: { shipping: ShippingChoice | null }): number {
  return payment.shipping ? toFils(payment.shipping.price) : 0;
}

export function linesTotalFils(lines: PricedLine[]): number {
  return lines.reduce((sum, l) => sum + toFils(l.price) * l.quantity, 0);
}

/** What the lines' shares of a discount add up to, fils. */
export function linesDiscountFils(lines: PricedLine[]): number {
  return lines.reduce((sum, l) => sum + (l.discount ? toFils(l.discount) : 0), 0);
}
