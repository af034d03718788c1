import Stripe from 'stripe';
import type { TestApp } from '../helpers.js';
import type { FakeStripe } from './fake-stripe.js';

/** The webhook signing secret the test apps on the fake Stripe are configured with. */
export const WEBHOOK_SECRET = 'whsec_test_0123456789abcdef';
export const PUBLISHABLE_KEY = 'pk_test_fake_0123456789';

/**
 * The shop's settings with the Stripe gateway behind the fake server. The reconciliation sweep never runs on a
 * timer (the tests call it); it asks Stripe about a quiet payment after `reconcileAfterS` seconds.
 */
export const stripeSettings = (fake: FakeStripe, reconcileAfterS = 0) => ({
  PAYMENT_GATEWAY: 'stripe',
  STRIPE_SECRET_KEY: fake.secretKey,
  STRIPE_PUBLISHABLE_KEY: PUBLISHABLE_KEY,
  STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
  STRIPE_API_BASE: fake.url,
  RECONCILE_AFTER_S: String(reconcileAfterS),
  RECONCILE_INTERVAL_S: '0',
});

/** Posts an event to the shop's webhook as Stripe would, signed with the endpoint's secret (or not). */
export function deliverWebhook(t: TestApp, event: object, secret = WEBHOOK_SECRET) {
  const payload = JSON.stringify(event);
  const signature = Stripe.webhooks.generateTestHeaderString({ payload, secret });
  return t.json('/api/v1/payments/webhook', {
    method: 'POST',
    headers: { 'content-type': 'application/json; charset=utf-8', 'stripe-signature': signature },
    body: payload,
  });
}

let eventSeq = 0;
/** A `payment_intent.*` event carrying the intent as the fake holds it now, with a fresh event id. */
export function intentEvent(fake: FakeStripe, type: string, intentId: string) {
  eventSeq += 1;
  return {
    id: `evt_test_${process.pid}_${eventSeq.toString().padStart(6, '0')}`,
    object: 'event',
    type,
    api_version: '2026-10-28.endive',
    created: Math.floor(Date.now() / 1000),
    livemode: false,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
    data: { object: fake.intents.get(intentId) },
  };
}
