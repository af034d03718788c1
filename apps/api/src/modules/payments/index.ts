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
