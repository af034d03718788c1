import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { StockShortage } from '@boutique/contracts';
import type { Database } from '../../db/client.js';
import { payments, users } from '../../db/schema/index.js';
import { emailLanguage } from '../../lib/mail-layout.js';
import { enqueueMail } from '../outbox/index.js';
import { ownerRefundMail, refundedMail, type ShopIdentity } from '../orders/order-mails.js';
import type { RefundNotice } from './service.js';

export interface RefundedPaymentAlert {
  paymentId: number;
  intentId: string;
  userId: number;
  /** AED, decimal string. */
  amount: string;
  /** What was missing when the order was to be written. */
  shortages: StockShortage[];
  /** The provider's word on the refund; `pending` until it answers (the stock sweep asks again). */
  refund: { status: 'succeeded' | 'pending' | 'failed'; id: string | null; error: string | null };
}

/**
 * The one place where the shop owner hears of a payment that succeeded with no piece behind it (its hold
 * expired and someone else bought the last piece meanwhile): the payment is refunded automatically and the
 * refund is recorded in `refunds` (kind `sold_out`), and this raises the alert. Called once per such payment.
 *
 * The alert is an error in the log here, and e-mails to the owner (SHOP_EMAIL) and the shopper written in the
 * outbox by enqueueRefundMails, in the transaction that marked the payment for its refund.
 */
export function alertOwnerOfRefundedPayment(log: FastifyBaseLogger, alert: RefundedPaymentAlert) {
  log.error(
    { ...alert, alert: 'payment_refunded_no_stock' },
    alert.refund.status === 'failed' || alert.refund.error
      ? 'a payment succeeded with no piece behind it and its refund has not gone through yet: a person must look'
      : 'a payment succeeded with no piece behind it: refunded automatically',
  );
}

/** The owner's alert and the shopper's "refunded" e-mail (in the account's language), in the refund's transaction. */
export async function enqueueRefundMails(tx: Database, refund: RefundNotice, shop: ShopIdentity) {
  const [row] = await tx
    .select({ intentId: payments.intentId, name: users.name, email: users.email, locale: users.locale })
    .from(payments)
    .innerJoin(users, eq(users.id, payments.userId))
    .where(eq(payments.id, refund.paymentId))
    .limit(1);
  if (!row) return;
  const input = {
    paymentIntentId: row.intentId,
    amount: refund.amount,
    customer: { name: row.name, email: row.email, lang: emailLanguage(row.locale) },
    shortages: refund.shortages,
  };
  const about = `payment:${refund.paymentId}`;
  await enqueueMail(
    tx,
    { kind: 'payment_refunded', about, message: refundedMail(input, shop) },
    { kind: 'owner_payment_refunded', about, message: ownerRefundMail(input, shop) },
  );
}
