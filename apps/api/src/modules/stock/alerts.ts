import type { FastifyBaseLogger } from 'fastify';
import type { StockShortage } from '@boutique/contracts';

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
 * refund is recorded on it (`payment_refunds`), and this raises the alert. Called once per such payment.
 *
 * Today the alert is an error in the log. The owner's alert e-mail (to SHOP_EMAIL) and the shopper's
 * "refunded" e-mail belong in the e-mail outbox: when it is merged, enqueue both here.
 */
export function alertOwnerOfRefundedPayment(log: FastifyBaseLogger, alert: RefundedPaymentAlert) {
  log.error(
    { ...alert, alert: 'payment_refunded_no_stock' },
    alert.refund.status === 'failed' || alert.refund.error
      ? 'a payment succeeded with no piece behind it and its refund has not gone through yet: a person must look'
      : 'a payment succeeded with no piece behind it: refunded automatically',
  );
}
