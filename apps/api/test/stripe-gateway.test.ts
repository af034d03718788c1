import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import Stripe from 'stripe';
import { orders, paymentEvents, payments } from '../src/db/schema/index.js';
import { startTestApp, type TestApp } from './helpers.js';
import { startFakeStripe, type FakeStripe } from './support/fake-stripe.js';
import {
  PUBLISHABLE_KEY,
  WEBHOOK_SECRET,
  deliverWebhook,
  intentEvent as makeIntentEvent,
  stripeSettings,
} from './support/stripe-webhook.js';
import {
  address,
  articles,
  call,
  countRows,
  createIntent,
  eventually,
  fillCart,
  generousLimits,
  newShopper,
  orderPayload,
  paymentOf,
  plentyOfStock,
  totalOf,
  type Article,
  type CartLine,
  type Shopper,
} from './support/shop.js';

let fake: FakeStripe;
let t: TestApp;
let stock: Article[];
beforeAll(async () => {
  fake = await startFakeStripe();
  t = await startTestApp({
    ...generousLimits,
    ...stripeSettings(fake),
  });
  await plentyOfStock(t);
  stock = await articles(t, 3);
});
afterAll(async () => {
  await t?.close();
  await fake?.close();
});

const line = (i: number, quantity = 1): CartLine => ({ ...stock[i]!, quantity });

const deliver = (event: object, secret?: string) => deliverWebhook(t, event, secret);
const intentEvent = (type: string, intentId: string) => makeIntentEvent(fake, type, intentId);

async function prepare(shopper: Shopper, lines: CartLine[]) {
  await fillCart(t, shopper, lines);
  const res = await createIntent(t, shopper, Number(totalOf(lines)));
  expect(res.status).toBe(201);
  return res.body.data as { paymentIntentId: string; clientSecret: string; amount: string };
}

describe('the Stripe gateway', () => {
  it('gives the storefront the publishable key, in test mode, and has no sandbox', async () => {
    const shopper = await newShopper(t);
    const res = await call(t, 'GET', '/api/v1/payments/config', shopper.token);
    expect(res.body.data).toEqual({
      gateway: 'stripe',
      publishableKey: PUBLISHABLE_KEY,
      stripeJsUrl: null,
      testMode: true,
      cash_on_delivery: { enabled: true, fee: '0.00', country: 'AE' },
    });
    const sandbox = await call(t, 'POST', '/api/v1/payments/sandbox/confirm', shopper.token, {});
    expect(sandbox.status).toBe(404);
  });

  it('creates the intent in fils and AED, with an idempotency key derived from the payment row', async () => {
    const shopper = await newShopper(t);
    const lines = [line(0, 2), line(1)];
    const intent = await prepare(shopper, lines);

    const sent = fake.requests.filter((r) => r.method === 'POST' && r.path === '/v1/payment_intents').at(-1);
    const row = await paymentOf(t, intent.paymentIntentId);
    expect(sent?.headers['idempotency-key']).toBe(`payment-${row.id}-create`);
    expect(sent?.body).toMatchObject({
      amount: String(Math.round(Number(totalOf(lines)) * 100)),
      currency: 'aed',
      allowed_payment_method_types: ['card'],
      metadata: { userId: String(shopper.id), paymentId: String(row.id) },
    });
    const created = fake.intents.get(intent.paymentIntentId);
    expect(intent.clientSecret).toBe(created?.client_secret);
    expect(row).toMatchObject({
      gateway: 'stripe',
      status: 'requires_payment_method',
      amount: totalOf(lines),
    });
  });

  it('updates the amount with a key per version, so a retry is the same call', async () => {
    const shopper = await newShopper(t);
    const intent = await prepare(shopper, [line(0)]);
    const now = [line(0), line(2)];
    await fillCart(t, shopper, now);
    const res = await call(t, 'POST', '/api/v1/payments/update-payment-intent', shopper.token, {
      paymentIntentId: intent.paymentIntentId,
      amount: Number(totalOf(now)),
    });
    expect(res.status).toBe(200);
    const row = await paymentOf(t, intent.paymentIntentId);
    const sent = fake.requests
      .filter((r) => r.path === `/v1/payment_intents/${intent.paymentIntentId}`)
      .at(-1);
    expect(sent?.method).toBe('POST');
    expect(sent?.headers['idempotency-key']).toBe(`payment-${row.id}-v1`);
    expect(sent?.body).toEqual({ amount: String(Math.round(Number(totalOf(now)) * 100)) });
    expect(fake.intents.get(intent.paymentIntentId)?.amount).toBe(Math.round(Number(totalOf(now)) * 100));
    expect(row?.amount).toBe(totalOf(now));
  });

  it('refuses to re-price an intent Stripe already took the money for', async () => {
    const shopper = await newShopper(t);
    const lines = [line(1)];
    const intent = await prepare(shopper, lines);
    fake.succeed(intent.paymentIntentId);
    const res = await call(t, 'POST', '/api/v1/payments/update-payment-intent', shopper.token, {
      paymentIntentId: intent.paymentIntentId,
      amount: Number(totalOf(lines)),
    });
    expect(res.status).toBe(409);
  });

  it('asks Stripe whether the intent succeeded before recording the order', async () => {
    const shopper = await newShopper(t);
    const lines = [line(0)];
    const intent = await prepare(shopper, lines);

    const unpaid = await call(
      t,
      'POST',
      '/api/v1/orders',
      shopper.token,
      orderPayload(lines, intent.paymentIntentId),
    );
    expect(unpaid.status).toBe(402);

    fake.decline(intent.paymentIntentId);
    const declined = await call(
      t,
      'POST',
      '/api/v1/orders',
      shopper.token,
      orderPayload(lines, intent.paymentIntentId),
    );
    expect(declined.status).toBe(402);
    expect(declined.body.message).toBe('The payment has not been completed: Your card was declined.');
    expect((await paymentOf(t, intent.paymentIntentId))?.status).toBe('failed');

    fake.succeed(intent.paymentIntentId);
    const before = fake.requests.length;
    const paid = await call(
      t,
      'POST',
      '/api/v1/orders',
      shopper.token,
      orderPayload(lines, intent.paymentIntentId),
    );
    expect(paid.status).toBe(201);
    const retrieved = fake.requests
      .slice(before)
      .find((r) => r.method === 'GET' && r.path === `/v1/payment_intents/${intent.paymentIntentId}`);
    expect(retrieved?.query).toEqual({ expand: ['latest_charge'] });
    expect((await paymentOf(t, intent.paymentIntentId))?.status).toBe('succeeded');
  });

  it('refuses an order when the amount Stripe charged differs from the frozen lines', async () => {
    const shopper = await newShopper(t);
    const lines = [line(0)];
    const intent = await prepare(shopper, lines);
    const charged = fake.intents.get(intent.paymentIntentId)!;
    charged.amount -= 100;
    fake.succeed(intent.paymentIntentId);
    const before = await countRows(t, 'orders');
    const res = await call(
      t,
      'POST',
      '/api/v1/orders',
      shopper.token,
      orderPayload(lines, intent.paymentIntentId),
    );
    expect(res.status).toBe(409);
    expect(res.body.message).toBe('The amount paid does not match the order. Please contact us.');
    expect(await countRows(t, 'orders')).toBe(before);
  });
});

describe("Stripe's webhook", () => {
  it('reconciles a paid intent into one order, billed to the charge’s billing details', async () => {
    const shopper = await newShopper(t, 'Latifa Al Suwaidi');
    const lines = [line(1), line(2, 2)];
    const intent = await prepare(shopper, lines);
    fake.succeed(intent.paymentIntentId, {
      name: 'Latifa Al Suwaidi',
      email: 'latifa@example.ae',
      phone: '+971 4 123 4567',
      line1: 'Tower 3, Sheikh Zayed Road',
      city: 'Dubai',
      postal_code: '12345',
      country: 'AE',
    });

    const res = await deliver(intentEvent('payment_intent.succeeded', intent.paymentIntentId));
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ success: true, data: { received: true, duplicate: false } });

    const row = await paymentOf(t, intent.paymentIntentId);
    const [order] = await eventually(async () => {
      const found = await t.database.db.select().from(orders).where(eq(orders.paymentId, row.id));
      return found.length > 0 ? found : undefined;
    });
    expect(order).toMatchObject({
      source: 'reconciliation',
      totalAmount: totalOf(lines),
      billingAddress: {
        name: 'Latifa Al Suwaidi',
        email: 'latifa@example.ae',
        phone: '+971 4 123 4567',
        address: 'Tower 3, Sheikh Zayed Road',
        city: 'Dubai',
        postalCode: '12345',
        country: 'AE',
      },
    });

    const late = await call(
      t,
      'POST',
      '/api/v1/orders',
      shopper.token,
      orderPayload(lines, intent.paymentIntentId),
    );
    expect(late.status).toBe(200);
    expect(late.body.data.order_id).toBe(order!.id);
  });

  it('skips a redelivered event', async () => {
    const shopper = await newShopper(t);
    const lines = [line(0)];
    const intent = await prepare(shopper, lines);
    fake.succeed(intent.paymentIntentId, {
      name: 'Shamma',
      line1: 'Corniche Road',
      city: 'Abu Dhabi',
      country: 'AE',
    });
    const event = intentEvent('payment_intent.succeeded', intent.paymentIntentId);
    expect((await deliver(event)).body.data.duplicate).toBe(false);
    const row = await paymentOf(t, intent.paymentIntentId);
    await eventually(async () =>
      (await t.database.db.select().from(orders).where(eq(orders.paymentId, row.id))).length > 0
        ? true
        : undefined,
    );
    const counts = { orders: await countRows(t, 'orders'), events: await countRows(t, 'payment_events') };
    const again = await deliver(event);
    expect(again.status).toBe(200);
    expect(again.body.data).toEqual({ received: true, duplicate: true });
    expect({ orders: await countRows(t, 'orders'), events: await countRows(t, 'payment_events') }).toEqual(
      counts,
    );
  });

  it('answers 400 to a bad or missing signature and does nothing', async () => {
    const shopper = await newShopper(t);
    const intent = await prepare(shopper, [line(0)]);
    fake.succeed(intent.paymentIntentId);
    const event = intentEvent('payment_intent.succeeded', intent.paymentIntentId);
    const counts = { orders: await countRows(t, 'orders'), events: await countRows(t, 'payment_events') };

    const forged = await deliver(event, 'whsec_not_the_shops_secret');
    expect(forged.status).toBe(400);
    expect(forged.body).toMatchObject({
      success: false,
      message: 'The webhook signature could not be verified.',
    });

    const unsigned = await t.json('/api/v1/payments/webhook', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(event),
    });
    expect(unsigned.status).toBe(400);

    const payload = JSON.stringify(event);
    const signature = Stripe.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET });
    const altered = await t.json('/api/v1/payments/webhook', {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'stripe-signature': signature },
      body: payload.replace('"livemode":false', '"livemode":true'),
    });
    expect(altered.status).toBe(400);

    expect({ orders: await countRows(t, 'orders'), events: await countRows(t, 'payment_events') }).toEqual(
      counts,
    );
    expect((await paymentOf(t, intent.paymentIntentId))?.status).toBe('requires_payment_method');
    expect(await t.database.db.select().from(paymentEvents).where(eq(paymentEvents.id, event.id))).toEqual(
      [],
    );
  });

  it('records a failed payment, and a later success is not undone by a late failure event', async () => {
    const shopper = await newShopper(t);
    const intent = await prepare(shopper, [line(0)]);
    fake.decline(intent.paymentIntentId, 'Your card has insufficient funds.');
    await deliver(intentEvent('payment_intent.payment_failed', intent.paymentIntentId));
    expect(await paymentOf(t, intent.paymentIntentId)).toMatchObject({
      status: 'failed',
      lastError: 'Your card has insufficient funds.',
    });

    fake.succeed(intent.paymentIntentId);
    const success = intentEvent('payment_intent.succeeded', intent.paymentIntentId);
    fake.decline(intent.paymentIntentId);
    const lateFailure = intentEvent('payment_intent.payment_failed', intent.paymentIntentId);
    fake.succeed(intent.paymentIntentId);
    await deliver(success);
    await deliver(lateFailure);
    expect((await paymentOf(t, intent.paymentIntentId))?.status).toBe('succeeded');
  });

  it('adopts an intent whose id never reached our payment row, by the metadata, and makes its order', async () => {
    const shopper = await newShopper(t);
    const lines = [line(2)];
    const [row] = await t.database.db
      .insert(payments)
      .values({
        intentId: 'pending_00000000-0000-4000-8000-000000000001',
        gateway: 'stripe',
        userId: shopper.id,
        method: 'apple_pay',
        amount: totalOf(lines),
        lines: lines.map((l) => ({
          productId: l.productId,
          slug: l.slug,
          color: l.color,
          size: l.size,
          quantity: l.quantity,
          price: l.price,
        })),
      })
      .returning();
    const intent = fake.createIntent(Math.round(Number(totalOf(lines)) * 100), {
      userId: String(shopper.id),
      paymentId: String(row!.id),
    });
    fake.succeed(intent.id);
    const res = await deliver(intentEvent('payment_intent.succeeded', intent.id));
    expect(res.status).toBe(200);
    expect(await paymentOf(t, intent.id)).toMatchObject({ id: row!.id, status: 'succeeded' });
    await eventually(async () =>
      (await t.database.db.select().from(orders).where(eq(orders.paymentId, row!.id))).length === 1
        ? true
        : undefined,
    );
  });

  it('acknowledges events about other objects without acting on them', async () => {
    const res = await deliver({
      id: 'evt_test_customer_created',
      object: 'event',
      type: 'customer.created',
      data: { object: { id: 'cus_123', object: 'customer' } },
    });
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({ received: true, duplicate: false });
  });
});

describe('Apple Pay through Stripe', () => {
  const process = (shopper: Shopper, amount: number, paymentData: unknown) =>
    call(t, 'POST', '/api/v1/apple-pay/process-payment', shopper.token, {
      applePayToken: {
        paymentData,
        paymentMethod: { displayName: 'Visa 0326', network: 'Visa', type: 'debit' },
        transactionIdentifier: 'F00D',
      },
      billing_contact: {
        givenName: 'Moza',
        familyName: 'Al Mazrouei',
        addressLines: ['Al Reem Island'],
        locality: 'Abu Dhabi',
        countryCode: 'AE',
      },
      amount,
    });

  it("exchanges Apple's token for a Stripe token, then creates and confirms the intent in one call", async () => {
    const shopper = await newShopper(t);
    const lines = [line(2)];
    await fillCart(t, shopper, lines);
    const res = await process(shopper, Number(totalOf(lines)), {
      version: 'EC_v1',
      data: 'opaque',
      signature: 'sig',
    });
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({
      success: true,
      transaction_id: expect.stringMatching(/^pi_/),
      message: 'Payment successful',
    });

    const row = await paymentOf(t, res.body.data.transaction_id);
    const token = fake.requests.filter((r) => r.path === '/v1/tokens').at(-1);
    expect(JSON.parse(token?.body.pk_token as string)).toEqual({
      version: 'EC_v1',
      data: 'opaque',
      signature: 'sig',
    });
    expect(token?.body).toMatchObject({ pk_token_payment_network: 'Visa', pk_token_transaction_id: 'F00D' });
    const create = fake.requests.filter((r) => r.path === '/v1/payment_intents').at(-1);
    expect(create?.headers['idempotency-key']).toBe(`payment-${row.id}-apple-pay`);
    expect(create?.body).toMatchObject({
      confirm: 'true',
      currency: 'aed',
      payment_method_data: { type: 'card', card: { token: expect.stringMatching(/^tok_applepay/) } },
    });

    const order = await call(
      t,
      'POST',
      '/api/v1/orders',
      shopper.token,
      orderPayload(lines, res.body.data.transaction_id, { payment_method: 'apple_pay' }),
    );
    expect(order.status).toBe(201);
  });

  it('keeps a payment whose answer was lost, so that the webhook turns the charge into its order', async () => {
    const shopper = await newShopper(t);
    const lines = [line(1)];
    await fillCart(t, shopper, lines);
    fake.loseNextAnswer();
    const res = await process(shopper, Number(totalOf(lines)), 'pm_card_visa');
    expect(res.status).toBe(502);
    expect(res.body.message).toBe('The payment provider could not be reached. Please try again.');

    // Stripe did charge the wallet: its event names our row through the metadata.
    const charged = [...fake.intents.values()].at(-1)!;
    expect(charged.status).toBe('succeeded');
    await deliver(intentEvent('payment_intent.succeeded', charged.id));
    const row = await paymentOf(t, charged.id);
    expect(row).toMatchObject({ method: 'apple_pay', status: 'succeeded', userId: shopper.id });
    await eventually(async () =>
      (await t.database.db.select().from(orders).where(eq(orders.paymentId, row.id))).length === 1
        ? true
        : undefined,
    );
  });

  it("passes on Stripe's decline message and records the failed payment", async () => {
    const shopper = await newShopper(t);
    const lines = [line(0)];
    await fillCart(t, shopper, lines);
    const res = await process(shopper, Number(totalOf(lines)), 'tok_decline_visa');
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({
      success: false,
      transaction_id: expect.stringMatching(/^pi_/),
      message: 'Your card was declined.',
      code: 'generic_decline',
    });
    expect(await paymentOf(t, res.body.data.transaction_id)).toMatchObject({
      method: 'apple_pay',
      status: 'failed',
      lastError: 'Your card was declined.',
      billingAddress: address({
        name: 'Moza Al Mazrouei',
        email: '',
        phone: '',
        address: 'Al Reem Island',
        city: 'Abu Dhabi',
        postalCode: '',
        country: 'AE',
      }),
    });
  });
});
