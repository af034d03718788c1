import Stripe from 'stripe';
import type { TestApp } from '../helpers.js';
import type { FakeStripe } from './fake-stripe.js';

/** The webhook signing secret the test apps on the fake Stripe are configured with. */
export const WEBHOOK_SECRET = 'whsec_test_0123456789abcdef';

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
