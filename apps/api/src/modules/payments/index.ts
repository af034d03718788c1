/**
 * The payments module: the gateway (Stripe, or the sandbox that behaves like it), its events, and refunds sent
 * through it exactly once (decision 026). It builds on no other module; checkout, orders, stock and refunds use
 * it through this file only.
 */
import type { Config } from '../../env.js';
import type { Database } from '../../db/client.js';
import type { PaymentGateway } from './gateway.js';
import { SandboxGateway } from './sandbox-gateway.js';
import { StripeGateway } from './stripe-gateway.js';

/** The configured gateway: Stripe when PAYMENT_GATEWAY=stripe (env.ts made sure its keys are there). */
export function createGateway(config: Config, db: Database): PaymentGateway {
  if (config.payments.gateway === 'stripe') {
    if (!config.payments.stripe) throw new Error('Stripe gateway without its settings');
    return new StripeGateway(config.payments.stripe);
  }
  return new SandboxGateway(db);
}

export {
  GatewayRefusedError,
  GatewayUnavailableError,
  WebhookSignatureError,
  mapStripeStatus,
  type GatewayEvent,
  type GatewayIntent,
  type GatewayName,
  type GatewayRefund,
  type PaymentGateway,
} from './gateway.js';
export { SandboxGateway, paidAlready, succeededEvent } from './sandbox-gateway.js';
export { RefundSender, refundKey, type RefundRow, type RefundState } from './refunds.js';
export { registerApplePayDomain, APPLE_PAY_DOMAIN_PATH } from './apple-pay-domain.js';
export { refundGauge } from './gauges.js';
