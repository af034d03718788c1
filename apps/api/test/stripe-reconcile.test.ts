import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { orders, payments } from '../src/db/schema/index.js';
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
  totalOf,
  type Article,
  type CartLine,
} from './support/shop.js';

/**
 * Stripe payments whose webhook never arrives: the reconciliation sweep asks Stripe (the fake) about them, makes
 * the order of a paid one, once, and gives back the pieces of a refused or cancelled one.
 */
let fake: FakeStripe;
let t: TestApp;
let pieces: Article[];

beforeAll(async () => {
  fake = await startFakeStripe();
  t = await startTestApp({
    ...generousLimits,
    ...stripeSettings(fake),
  });
  pieces = await articles(t, 6);
  for (const p of pieces) await t.app.stock.setCount(p.slug, { color: p.color, size: p.size }, 5);
});
afterAll(async () => {
  await t?.close();
  await fake?.close();
});

const line = (p: Article, quantity = 1): CartLine => ({ ...p, quantity });
const ordersOf = async (paymentId: number) =>
  t.database.db.select().from(orders).where(eq(orders.paymentId, paymentId));
/** Lets the sweep find a payment as if it had been quiet for a while. */
const age = async (intentId: string, minutes: number) =>
  t.database.db
    .update(payments)
    .set({
      createdAt: sql`now() - make_interval(mins => ${minutes})`,
      updatedAt: sql`now() - make_interval(mins => ${minutes})`,
    })
    .where(eq(payments.intentId, intentId));

const retrievals = (intentId: string) =>
  fake.requests.filter((r) => r.method === 'GET' && r.path === `/v1/payment_intents/${intentId}`).length;

describe('the reconciliation sweep asks Stripe about payments it heard nothing of', () => {
  it('makes exactly one order of a paid intent whose webhook and order call never came', async () => {
    const p = pieces[0]!;
    const shopper = await newShopper(t, 'Salma Haddad');
    const intentId = await startPaying(t, shopper, [line(p, 2)]);
    expect(await stockOf(t, p)).toEqual({ stock: 5, reserved: 2 });
    // The card went through in the browser, then the tab closed; Stripe's webhook is lost.
    fake.succeed(intentId, { name: 'Salma Haddad', line1: '12 Al Wasl Road', city: 'Dubai', country: 'AE' });
    await age(intentId, 1);

    const swept = await t.app.reconciler.poll();
    expect(swept.ordered).toBe(1);
    const payment = await paymentOf(t, intentId);
    expect(payment.status).toBe('succeeded');
    const made = await ordersOf(payment.id);
    expect(made).toHaveLength(1);
    expect(made[0]).toMatchObject({
      userId: shopper.id,
      source: 'reconciliation',
      totalAmount: totalOf([line(p, 2)]),
    });
    expect(made[0]!.billingAddress).toMatchObject({ name: 'Salma Haddad', city: 'Dubai' });
    // The order took the held pieces.
    expect(await stockOf(t, p)).toEqual({ stock: 3, reserved: 0 });

    // The webhook turns up late, the shopper's own order call too: still the one order.
    expect((await deliverWebhook(t, intentEvent(fake, 'payment_intent.succeeded', intentId))).status).toBe(
      200,
    );
    await t.app.reconciler.sweep(0);
    const own = await call(t, 'POST', '/api/v1/orders', shopper.token, orderPayload([line(p, 2)], intentId));
    expect(own.status).toBe(200);
    expect(own.body.data.order_id).toBe(made[0]!.id);
    expect(await ordersOf(payment.id)).toHaveLength(1);
    expect(await stockOf(t, p)).toEqual({ stock: 3, reserved: 0 });

    // Settled: never asked about again.
    const asked = retrievals(intentId);
    expect(await t.app.reconciler.poll()).toEqual({ ordered: 0, released: 0 });
    expect(retrievals(intentId)).toBe(asked);
  });

  it('gives back the pieces of an intent refused at Stripe, or cancelled there, without an order', async () => {
    const [refusedPiece, cancelledPiece] = [pieces[1]!, pieces[2]!];
    const refused = await startPaying(t, await newShopper(t), [line(refusedPiece)]);
    const cancelled = await startPaying(t, await newShopper(t), [line(cancelledPiece, 3)]);
    expect(await stockOf(t, refusedPiece)).toEqual({ stock: 5, reserved: 1 });
    expect(await stockOf(t, cancelledPiece)).toEqual({ stock: 5, reserved: 3 });
    fake.decline(refused);
    fake.intents.get(cancelled)!.status = 'canceled';
    await age(refused, 1);
    await age(cancelled, 1);

    expect(await t.app.reconciler.poll()).toEqual({ ordered: 0, released: 2 });
    expect((await paymentOf(t, refused)).status).toBe('failed');
    expect((await paymentOf(t, refused)).lastError).toBe('Your card was declined.');
    expect((await paymentOf(t, cancelled)).status).toBe('canceled');
    expect(await stockOf(t, refusedPiece)).toEqual({ stock: 5, reserved: 0 });
    expect(await stockOf(t, cancelledPiece)).toEqual({ stock: 5, reserved: 0 });
    expect(await ordersOf((await paymentOf(t, refused)).id)).toEqual([]);
    expect(await ordersOf((await paymentOf(t, cancelled)).id)).toEqual([]);
  });

  it('leaves alone a payment still waiting for its card, and asks about an old one less often', async () => {
    const p = pieces[3]!;
    const intentId = await startPaying(t, await newShopper(t), [line(p)]);
    const before = retrievals(intentId);
    await age(intentId, 1);
    expect(await t.app.reconciler.poll()).toEqual({ ordered: 0, released: 0 });
    expect(retrievals(intentId)).toBe(before + 1);
    expect((await paymentOf(t, intentId)).status).toBe('requires_payment_method');
    expect(await stockOf(t, p)).toEqual({ stock: 5, reserved: 1 });

    // Made 100 minutes ago and asked about just now: the next question waits a tenth of its age.
    await age(intentId, 100);
    await t.database.db
      .update(payments)
      .set({ updatedAt: sql`now()` })
      .where(eq(payments.intentId, intentId));
    await t.app.reconciler.poll();
    expect(retrievals(intentId)).toBe(before + 1);
    await t.database.db
      .update(payments)
      .set({ updatedAt: sql`now() - make_interval(mins => 11)` })
      .where(eq(payments.intentId, intentId));
    await t.app.reconciler.poll();
    expect(retrievals(intentId)).toBe(before + 2);

    // A day old: no longer asked about at all.
    await age(intentId, 25 * 60);
    await t.app.reconciler.poll();
    expect(retrievals(intentId)).toBe(before + 2);
  });

  it('changes nothing when Stripe’s answer fails, and asks again at the next sweep', async () => {
    const p = pieces[4]!;
    const intentId = await startPaying(t, await newShopper(t), [line(p)]);
    fake.succeed(intentId);
    await age(intentId, 1);
    // Stripe answers 404 for a moment (any failure to answer is the same to the sweep).
    const intent = fake.intents.get(intentId)!;
    fake.intents.delete(intentId);
    expect(await t.app.reconciler.poll()).toEqual({ ordered: 0, released: 0 });
    expect((await paymentOf(t, intentId)).status).toBe('requires_payment_method');
    expect(await ordersOf((await paymentOf(t, intentId)).id)).toEqual([]);
    expect(await stockOf(t, p)).toEqual({ stock: 5, reserved: 1 });
    fake.intents.set(intentId, intent);
    await age(intentId, 1);
    expect((await t.app.reconciler.poll()).ordered).toBe(1);
    expect(await ordersOf((await paymentOf(t, intentId)).id)).toHaveLength(1);
  });
});

describe('Stripe’s payment_intent.canceled webhook', () => {
  it('gives the pieces back at once, and a redelivery changes nothing', async () => {
    const p = pieces[5]!;
    const intentId = await startPaying(t, await newShopper(t), [line(p, 2)]);
    expect(await stockOf(t, p)).toEqual({ stock: 5, reserved: 2 });
    fake.intents.get(intentId)!.status = 'canceled';
    const event = intentEvent(fake, 'payment_intent.canceled', intentId);
    const first = await deliverWebhook(t, event);
    expect(first.status).toBe(200);
    expect(first.body.data).toEqual({ received: true, duplicate: false });
    expect((await paymentOf(t, intentId)).status).toBe('canceled');
    expect(await stockOf(t, p)).toEqual({ stock: 5, reserved: 0 });
    const again = await deliverWebhook(t, event);
    expect(again.body.data).toEqual({ received: true, duplicate: true });
    expect(await stockOf(t, p)).toEqual({ stock: 5, reserved: 0 });
  });

  it('is refused, changing nothing, when its signature is not Stripe’s', async () => {
    const p = pieces[5]!;
    const intentId = await startPaying(t, await newShopper(t), [line(p)]);
    fake.intents.get(intentId)!.status = 'canceled';
    const res = await deliverWebhook(
      t,
      intentEvent(fake, 'payment_intent.canceled', intentId),
      'whsec_forged',
    );
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({
      success: false,
      message: 'The webhook signature could not be verified.',
    });
    expect((await paymentOf(t, intentId)).status).toBe('requires_payment_method');
    expect((await stockOf(t, p))?.reserved).toBe(1);
  });
});
