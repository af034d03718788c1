import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { ERROR_CODES } from '@boutique/contracts';
import { payments, productStock, stockHoldWindows, stockHolds } from '../src/db/schema/index.js';
import { DEMO_STOCK } from '@boutique/demo';
import { startTestApp, type TestApp } from './helpers.js';
import {
  articles,
  fillCart,
  generousLimits,
  newShopper,
  orderPayload,
  pay,
  totalOf,
  type Article,
  type CartLine,
  type Shopper,
} from './support/shop.js';

// One free account once held every piece of a 50-line cart, renewed for ever: 75 of 148 sizes read sold out for
// everybody. These stories bound what one account and one network hold, and for how long.
const MINUTE = 60_000;
let clock = Date.now();
let t: TestApp;
let pieces: Article[];
let next = 0;
const piece = () => {
  const p = pieces[next++];
  if (!p) throw new Error('out of demo products');
  return p;
};

beforeAll(async () => {
  t = await startTestApp(
    {
      ...generousLimits,
      RECONCILE_AFTER_S: '3600',
      RECONCILE_INTERVAL_S: '0',
      STOCK_HOLD_MINUTES: '15',
      STOCK_HOLD_MAX_PIECES: '3',
      STOCK_HOLD_MAX_PIECES_PER_IP: '5',
      // The test speaks for several networks through the proxy it trusts.
      TRUST_PROXY: '127.0.0.1',
    },
    { now: () => new Date(clock) },
  );
  pieces = (await articles(t, 40)).filter((a) => !(a.slug in DEMO_STOCK));
});
afterAll(() => t?.close());

const setCount = (p: Article, count: number) =>
  t.app.stock.setCount(p.slug, { color: p.color, size: p.size }, count);
const line = (p: Article, quantity = 1): CartLine => ({ ...p, quantity });
const reserved = async (p: Article) =>
  (
    await t.database.db
      .select({ reserved: productStock.reserved })
      .from(productStock)
      .where(
        and(
          eq(productStock.productId, p.productId),
          eq(productStock.color, p.color),
          eq(productStock.size, p.size),
        ),
      )
  )[0]?.reserved;
const post = (shopper: Shopper, path: string, body: unknown, ip = '203.0.113.7') =>
  t.json(path, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      authorization: `Bearer ${shopper.token}`,
      'x-forwarded-for': ip,
    },
    body: JSON.stringify(body),
  });
const intentFor = (shopper: Shopper, lines: CartLine[], ip?: string) =>
  post(shopper, '/api/v1/payments/payment-intent', { amount: Number(totalOf(lines)), currency: 'AED' }, ip);
const renew = (shopper: Shopper, paymentIntentId: string, lines: CartLine[], ip?: string) =>
  post(
    shopper,
    '/api/v1/payments/update-payment-intent',
    { paymentIntentId, amount: Number(totalOf(lines)) },
    ip,
  );
const holdEnds = async (shopper: Shopper) =>
  (await t.database.db.select().from(stockHolds).where(eq(stockHolds.userId, shopper.id))).map((h) =>
    h.expiresAt.getTime(),
  );

describe('what one account may hold', () => {
  it('refuses a checkout of more pieces than STOCK_HOLD_MAX_PIECES with 422 and its code, holding nothing', async () => {
    const [p, q] = [piece(), piece()];
    await setCount(p, 6);
    await setCount(q, 6);
    const shopper = await newShopper(t);
    const lines = [line(p, 2), line(q, 2)];
    await fillCart(t, shopper, lines);

    const refused = await intentFor(shopper, lines);
    expect(refused.status).toBe(422);
    expect(refused.body.code).toBe(ERROR_CODES.holdTooManyPieces);
    expect(refused.body.message).toBe(
      'One checkout holds at most 3 pieces: please lower the quantities in your cart.',
    );
    expect(await reserved(p)).toBe(0);
    expect(await reserved(q)).toBe(0);
    expect(await t.database.db.select().from(payments).where(eq(payments.userId, shopper.id))).toEqual([]);

    const fewer = [line(p, 2), line(q, 1)];
    await fillCart(t, shopper, fewer);
    expect((await intentFor(shopper, fewer)).status).toBe(201);
    expect(await reserved(p)).toBe(2);
  });
});

describe('what one network may hold', () => {
  it('refuses with 429 a hold taking the accounts of one network over STOCK_HOLD_MAX_PIECES_PER_IP', async () => {
    const p = piece();
    await setCount(p, 6);
    const [first, second, elsewhere] = [await newShopper(t), await newShopper(t), await newShopper(t)];
    for (const s of [first, second, elsewhere]) await fillCart(t, s, [line(p, 3)]);

    expect((await intentFor(first, [line(p, 3)], '198.51.100.20')).status).toBe(201);
    const busy = await intentFor(second, [line(p, 3)], '198.51.100.20');
    expect(busy.status).toBe(429);
    expect(busy.body.code).toBe(ERROR_CODES.holdNetworkBusy);
    expect(Number(busy.headers.get('retry-after'))).toBe(15 * 60);
    expect(await reserved(p)).toBe(3);
    expect(await t.database.db.select().from(payments).where(eq(payments.userId, second.id))).toEqual([]);

    // Another network is not concerned; an IPv6 network is one /64, whatever address it takes in it.
    expect((await intentFor(elsewhere, [line(p, 3)], '192.0.2.44')).status).toBe(201);
    expect(await reserved(p)).toBe(6);

    const q = piece();
    await setCount(q, 6);
    const [v6a, v6b] = [await newShopper(t), await newShopper(t)];
    await fillCart(t, v6a, [line(q, 3)]);
    await fillCart(t, v6b, [line(q, 3)]);
    expect((await intentFor(v6a, [line(q, 3)], '2001:db8:5:7::1')).status).toBe(201);
    expect((await intentFor(v6b, [line(q, 3)], '2001:db8:5:7:ffff::9')).status).toBe(429);

    // Once the first hold has run out the network may hold again.
    clock += 16 * MINUTE;
    await fillCart(t, second, [line(q, 2)]);
    expect((await intentFor(second, [line(q, 2)], '198.51.100.20')).status).toBe(201);
  });
});

describe('how long one shopper may hold', () => {
  it('ends every hold STOCK_HOLD_MAX_MINUTES after the first however often renewed, then waits one hold', async () => {
    const p = piece();
    await setCount(p, 4);
    const shopper = await newShopper(t);
    const lines = [line(p, 1)];
    await fillCart(t, shopper, lines);
    const start = clock;
    const created = await intentFor(shopper, lines, '192.0.2.90');
    expect(created.status).toBe(201);
    const { paymentIntentId } = created.body.data as { paymentIntentId: string };
    expect(await holdEnds(shopper)).toEqual([start + 15 * MINUTE]);

    clock = start + 10 * MINUTE;
    expect((await renew(shopper, paymentIntentId, lines, '192.0.2.90')).status).toBe(200);
    expect(await holdEnds(shopper)).toEqual([start + 25 * MINUTE]);

    // The default longest time is two holds' time (30 minutes): a renewal no longer adds 15.
    clock = start + 20 * MINUTE;
    expect((await renew(shopper, paymentIntentId, lines, '192.0.2.90')).status).toBe(200);
    expect(await holdEnds(shopper)).toEqual([start + 30 * MINUTE]);

    // Neither a renewal nor a new payment holds anything now, until one hold's time has passed.
    clock = start + 31 * MINUTE;
    const again = await intentFor(shopper, lines, '192.0.2.90');
    expect(again.status).toBe(429);
    expect(again.body.code).toBe(ERROR_CODES.holdTimeUsed);
    expect(Number(again.headers.get('retry-after'))).toBe(14 * 60);
    expect(await holdEnds(shopper)).toEqual([start + 30 * MINUTE]);

    clock = start + 46 * MINUTE;
    expect((await intentFor(shopper, lines, '192.0.2.90')).status).toBe(201);
    expect(await holdEnds(shopper)).toEqual([clock + 15 * MINUTE]);
  });

  it('starts a new window once an order took the pieces', async () => {
    const p = piece();
    await setCount(p, 4);
    const shopper = await newShopper(t);
    const { intentId } = await pay(t, shopper, [line(p, 1)]);
    const [window] = await t.database.db
      .select()
      .from(stockHoldWindows)
      .where(eq(stockHoldWindows.userId, shopper.id));
    expect(window).toBeDefined();
    const order = await post(shopper, '/api/v1/orders', orderPayload([line(p, 1)], intentId));
    expect(order.status, JSON.stringify(order.body)).toBe(201);
    expect(
      await t.database.db.select().from(stockHoldWindows).where(eq(stockHoldWindows.userId, shopper.id)),
    ).toEqual([]);
  });
});
