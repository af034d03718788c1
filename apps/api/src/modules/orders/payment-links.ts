import { createHash, randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { ERROR_CODES } from '@boutique/contracts';
import type { Database } from '../../db/client.js';
import { orders, paymentLinks, payments } from '../../db/schema/index.js';
import { HttpError } from '../../lib/http-error.js';

type OrderRow = typeof orders.$inferSelect;
type PaymentRow = typeof payments.$inferSelect;

const LINK_NOT_FOUND = 'This payment link is not valid. Please check the address in your e-mail.';

/** Only the token's SHA-256 is kept: a copy of the table pays nothing. */
export const hashLinkToken = (token: string) => createHash('sha256').update(token).digest('hex');

/** The storefront's page of a link (in the customer's language once prefixed). */
export const paymentLinkPath = (token: string) => `/pay/${token}`;

/**
 * A new payment link for an order awaiting its payment, in the order's transaction: a random 256-bit token, of
 * which only the hash is stored, valid `hours`. Answers the token (it is e-mailed, never stored) and its expiry.
 */
export async function createPaymentLink(
  tx: Database,
  orderId: number,
  hours: number,
  now = new Date(),
): Promise<{ token: string; expiresAt: Date }> {
  const token = randomBytes(32).toString('base64url');
  const expiresAt = new Date(now.getTime() + hours * 3_600_000);
  await tx.insert(paymentLinks).values({ orderId, tokenHash: hashLinkToken(token), expiresAt });
  return { token, expiresAt };
}

export interface OpenLink {
  order: OrderRow;
  payment: PaymentRow;
  expiresAt: Date;
}

/** The link a token names, whatever its state: 404 for a token nobody issued. */
export async function findPaymentLink(db: Database, token: string) {
  if (!/^[A-Za-z0-9_-]{20,100}$/.test(token)) throw new HttpError(404, LINK_NOT_FOUND);
  const [found] = await db
    .select({ link: paymentLinks, order: orders, payment: payments })
    .from(paymentLinks)
    .innerJoin(orders, eq(orders.id, paymentLinks.orderId))
    .innerJoin(payments, eq(payments.id, orders.paymentId))
    .where(eq(paymentLinks.tokenHash, hashLinkToken(token)))
    .limit(1);
  if (!found) throw new HttpError(404, LINK_NOT_FOUND);
  return found;
}

/**
 * The order a link pays, if it may still be paid with it: 404 for a token nobody issued, 410 `payment_link_used`
 * once the order is paid (by the link or marked paid) or cancelled, 410 `payment_link_expired` after its hours.
 */
export async function openPaymentLink(db: Database, token: string, now = new Date()): Promise<OpenLink> {
  const { link, order, payment } = await findPaymentLink(db, token);
  if (link.usedAt || order.paymentStatus !== 'awaiting_payment' || order.fulfillmentStatus === 'cancelled') {
    throw new HttpError(
      410,
      order.fulfillmentStatus === 'cancelled'
        ? `Order ${order.orderNumber} was cancelled: this link can no longer be paid.`
        : `This link has been used: order ${order.orderNumber} is paid. Nothing more is due.`,
      undefined,
      { code: ERROR_CODES.paymentLinkUsed },
    );
  }
  if (link.expiresAt.getTime() <= now.getTime()) {
    throw new HttpError(
      410,
      `This payment link expired. Please ask us for a new one to pay order ${order.orderNumber}.`,
      undefined,
      { code: ERROR_CODES.paymentLinkExpired },
    );
  }
  return { order, payment, expiresAt: link.expiresAt };
}
