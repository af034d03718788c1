import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { orders, refunds as refundRows } from '../src/db/schema/index.js';
import { startTestApp, type TestApp } from './helpers.js';
import { startFakeStripe, type FakeStripe } from './support/fake-stripe.js';
import { deliverWebhook, intentEvent, stripeSettings } from './support/stripe-webhook.js';
import {
  articles,
  call,
  generousLimits,
  newShopper,
  orderPayload,
  paymentOf,
  startPaying,
  stockOf,
  type Article,
  type CartLine,
} from './support/shop.js';

/** Stock with Stripe behind the checkout: the same holds, with the provider's intents cancelled and refunded. */
const HOLD_MS = 15 * 60_000;
let clock = Date.now();
let fake: FakeStripe;
let t: TestApp;
let pieces: Article[];

beforeAll(async () => {
  fake = await startFakeStripe();
  t = await startTestApp(
    {
      ...generousLimits,
      ...stripeSettings(fake, 3600),
    },
    { now: () => new Date(clock) },
  );
  pieces = await articles(t, 12);
});
afterAll(async () => {
  await t?.close();
  await fake?.close();
});

const line = (p: Article, quantity = 1): CartLine => ({ ...p, quantity });

/** Stripe's webhook for the intent as the fake holds it now. */
async function deliver(type: string, intentId: string) {
  expect((await deliverWebhook(t, intentEvent(fake, type, intentId))).status).toBe(200);
}

describe('stock with Stripe', () => {
  it('gives a declined payment’s pieces back, and refunds at Stripe a payment made without its piece', async () => {
    const p = pieces[0]!;
    await t.app.stock.setCount(p.slug, { color: p.color, size: p.size }, 1);
    const late = await newShopper(t, 'Late Shopper');
    const lateIntent = await startPaying(t, late, [line(p)]);
    expect(await stockOf(t, p)).toEqual({ stock: 1, reserved: 1 });
    fake.decline(lateIntent);
    await deliver('payment_intent.payment_failed', lateIntent);
    expect(await stockOf(t, p)).toEqual({ stock: 1, reserved: 0 });

    // Someone else buys the last piece; then the declined shopper's second card goes through at Stripe.
    const other = await newShopper(t);
    const otherIntent = await startPaying(t, other, [line(p)]);
    fake.succeed(otherIntent);
    expect(
      (await call(t, 'POST', '/api/v1/orders', other.token, orderPayload([line(p)], otherIntent))).status,
    ).toBe(201);
    expect(await stockOf(t, p)).toEqual({ stock: 0, reserved: 0 });
    fake.succeed(lateIntent);

    const answer = await call(t, 'POST', '/api/v1/orders', late.token, orderPayload([line(p)], lateIntent));
    expect(answer.status).toBe(409);
    expect(answer.body).toMatchObject({
      refunded: true,
      shortages: [{ slug: p.slug, size: p.size, left: 0 }],
    });
    const payment = await paymentOf(t, lateIntent);
    const refunds = [...fake.refunds.values()].filter((r) => r.payment_intent === lateIntent);
    expect(refunds).toHaveLength(1);
    expect(refunds[0]).toMatchObject({
      amount: Math.round(Number(p.price) * 100),
      metadata: { paymentId: String(payment.id), reason: 'sold_out', refundId: expect.any(String) },
    });
    const refundCall = fake.requests.find(
      (r) => r.path === '/v1/refunds' && r.body.payment_intent === lateIntent,
    );
    const [row] = await t.database.db.select().from(refundRows).where(eq(refundRows.paymentId, payment.id));
    expect(refundCall?.headers['idempotency-key']).toBe(`refund-${row!.id}`);
    expect(row).toMatchObject({ kind: 'sold_out', status: 'succeeded', gatewayRefundId: refunds[0]!.id });
    expect(await t.database.db.select().from(orders).where(eq(orders.paymentId, payment.id))).toEqual([]);
  });

  it('cancels the Stripe intent of an expired hold, then gives its pieces back', async () => {
    const p = pieces[1]!;
    await t.app.stock.setCount(p.slug, { color: p.color, size: p.size }, 2);
    const intentId = await startPaying(t, await newShopper(t), [line(p, 2)]);
    clock += HOLD_MS + 1000;
    expect((await t.app.stock.sweep()).expired).toBeGreaterThanOrEqual(1);
    const payment = await paymentOf(t, intentId);
    const cancel = fake.requests.find((r) => r.path === `/v1/payment_intents/${intentId}/cancel`);
    expect(cancel?.headers['idempotency-key']).toBe(`payment-${payment.id}-cancel`);
    expect(cancel?.body).toEqual({ cancellation_reason: 'abandoned' });
    expect(fake.intents.get(intentId)?.status).toBe('canceled');
    expect(payment.status).toBe('canceled');
    expect(await stockOf(t, p)).toEqual({ stock: 2, reserved: 0 });
  });

  it('keeps the pieces of an intent paid at the last moment, for its order', async () => {
    const p = pieces[2]!;
    await t.app.stock.setCount(p.slug, { color: p.color, size: p.size }, 1);
    const shopper = await newShopper(t);
    const intentId = await startPaying(t, shopper, [line(p)]);
    fake.succeed(intentId);
    clock += HOLD_MS + 1000;
    await t.app.stock.sweep();
    expect(fake.intents.get(intentId)?.status).toBe('succeeded');
    expect((await paymentOf(t, intentId)).status).toBe('succeeded');
    expect(await stockOf(t, p)).toEqual({ stock: 1, reserved: 1 });
    expect(
      (await call(t, 'POST', '/api/v1/orders', shopper.token, orderPayload([line(p)], intentId))).status,
    ).toBe(201);
    expect(await stockOf(t, p)).toEqual({ stock: 0, reserved: 0 });
  });

  it('records a refund Stripe could not make as pending, and the sweep makes it', async () => {
    const p = pieces[3]!;
    await t.app.stock.setCount(p.slug, { color: p.color, size: p.size }, 1);
    const late = await newShopper(t);
    const lateIntent = await startPaying(t, late, [line(p)]);
    fake.decline(lateIntent);
    await deliver('payment_intent.payment_failed', lateIntent);
    const other = await newShopper(t);
    const otherIntent = await startPaying(t, other, [line(p)]);
    fake.succeed(otherIntent);
    await call(t, 'POST', '/api/v1/orders', other.token, orderPayload([line(p)], otherIntent));
    fake.succeed(lateIntent);

    fake.failNext('/v1/refunds');
    const answer = await call(t, 'POST', '/api/v1/orders', late.token, orderPayload([line(p)], lateIntent));
    expect(answer.status).toBe(409);
    expect(answer.body.message).toContain('is being refunded in full');
    const payment = await paymentOf(t, lateIntent);
    const refund = async () =>
      (await t.database.db.select().from(refundRows).where(eq(refundRows.paymentId, payment.id)))[0];
    expect(await refund()).toMatchObject({ status: 'pending', attempts: 1, gatewayRefundId: null });
    expect((await refund())?.lastError).toBeTruthy();

    // Not before its time: the next try waits 30 s after the first.
    expect((await t.app.stock.sweep()).refunds).toBe(0);
    clock += 31_000;
    expect((await t.app.stock.sweep()).refunds).toBe(1);
    expect(await refund()).toMatchObject({ status: 'succeeded', attempts: 2, lastError: null });
    expect([...fake.refunds.values()].filter((r) => r.payment_intent === lateIntent)).toHaveLength(1);
  });
});
