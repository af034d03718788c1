import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { payments, users } from '../../db/schema/index.js';
import { emailLanguage } from '../../lib/mail-layout.js';
import { enqueueMail } from '../outbox/index.js';
import { ownerRefundMail, refundedMail, type ShopIdentity } from '../orders/index.js';
import type { RefundNotice } from '../stock/index.js';

/**
 * A payment was marked for a refund because its pieces were sold meanwhile (the stock sweep's `onRefund`): the
 * owner's alert and the shopper's "refunded" e-mail (in the account's language), in the refund's transaction.
 */
export async function enqueueSoldOutRefundMails(tx: Database, refund: RefundNotice, shop: ShopIdentity) {
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
