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
 * refund is recorded in `refunds` (kind `sold_out`), and this raises the alert. Called once per such payment.
 *
 * The alert is an error in the log here, and e-mails to the owner (SHOP_EMAIL) and the shopper written in the
 * outbox (the refunds module's enqueueSoldOutRefundMails, handed to the stock service as `onRefund`), in the transaction that marked the payment for its refund.
 */
export function alertOwnerOfRefundedPayment(log: FastifyBaseLogger, alert: RefundedPaymentAlert) {
  log.error(
    { ...alert, alert: 'payment_refunded_no_stock' },
    alert.refund.status === 'failed' || alert.refund.error
      ? 'a payment succeeded with no piece behind it and its refund has not gone through yet: a person must look'
      : 'a payment succeeded with no piece behind it: refunded automatically',
  );
}
