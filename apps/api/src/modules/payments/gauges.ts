import type { GaugeDefinition } from '../../metrics/index.js';
import type { RefundSender } from './refunds.js';

/** Refunds by status and kind, for /metrics. */
export function refundGauge(sender: RefundSender): GaugeDefinition {
  return {
    name: 'boutique_payment_refunds',
    help: "Refunds by status (pending: the gateway has not confirmed; failed: it refused) and kind (the owner's, a cancellation, a return, a payment whose pieces were sold while it was made)",
    labelNames: ['status', 'kind'],
    collect: () => sender.figures(),
  };
}
