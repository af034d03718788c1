import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { addDays, shopDay, shopDayStart } from '@boutique/contracts/constants';
import { DEMO_STOCK } from '@boutique/demo';
import {
  cartItems,
  contactMessages,
  outbox,
  productStock,
  products,
  stockRequests,
  users,
} from '../src/db/schema/index.js';
import { digestDue, digestFigures } from '../src/modules/alerts/index.js';
import { rowsOf } from '../src/db/rows.js';
import { startTestApp, type TestApp } from './helpers.js';
import {
  articles,
  call,
  fillCart,
  generousLimits,
  makeAdmin,
  newShopper,
  orderPayload,
  pay,
  type Article,
  type CartLine,
  type Shopper,
} from './support/shop.js';

let t: TestApp;
let admin: Shopper;
let pieces: Article[];
let next = 0;
const piece = () => {
  const p = pieces[next++];
  if (!p) throw new Error('out of demo products');
  return p;
};
const SHOP_EMAIL = 'owner@alerts.example.ae';

beforeAll(async () => {
  t = await startTestApp({
    ...generousLimits,
    RECONCILE_AFTER_S: '3600',
    RECONCILE_INTERVAL_S: '0',
    ALERTS_SWEEP_S: '0',
    DIGEST_HOUR: '8',
    SHOP_EMAIL,
    SHOP_TIMEZONE: 'Asia/Dubai',
    LOW_STOCK_THRESHOLD: '2',
    STOCK_REQUEST_LIMIT_PER_EMAIL: '3',
    CHECKOUT_REMINDER_HOURS: '24',
  });
  admin = await newShopper(t, 'Owner');
  await makeAdmin(t, admin);
  pieces = (await articles(t, 40)).filter((a) => !(a.slug in DEMO_STOCK));
});
afterAll(() => t?.close());

/** The piece's colour × size counts exactly `count` (the stock command's path, which alerts too). */
const setCount = (p: Article, count: number, size: string = p.size) =>
  t.app.stock.setCount(p.slug, { color: p.color, size }, count);
const mails = (kind: string, about?: string) =>
  t.database.db
    .select()
    .from(outbox)
    .where(and(eq(outbox.kind, kind), about ? eq(outbox.subject, about) : undefined))
    .orderBy(outbox.id);
const adjust = (p: Article, delta: number, size: string = p.size) =>
  call(t, 'POST', `/api/v1/admin/products/${p.productId}/stock-adjustments`, admin.token, {
    color: p.color,
    size,
    delta,
    reason: delta > 0 ? 'received' : 'correction',
  });
async function buy(p: Article, quantity: number) {
  const shopper = await newShopper(t);
  const lines: CartLine[] = [{ ...p, quantity }];
  const { intentId, confirmed } = await pay(t, shopper, lines);
  expect(confirmed.body.data.paymentIntent.status).toBe('succeeded');
  const order = await call(t, 'POST', '/api/v1/orders', shopper.token, orderPayload(lines, intentId));
  expect(order.status, JSON.stringify(order.body)).toBe(201);
  return { shopper, orderId: order.body.data.order_id as number };
}

describe('the low-stock e-mail', () => {
  it('tells the owner once when a sale brings a size to its threshold, again only after it went back above', async () => {
    const p = piece();
    await t.database.db.update(products).set({ lowStockThreshold: 2 }).where(eq(products.id, p.productId));
    await setCount(p, 4);
    const about = `product:${p.productId}`;
    expect(await mails('owner_low_stock', about)).toHaveLength(0);

    await buy(p, 2); // 4 -> 2: crosses the threshold
    const [first, ...none] = await mails('owner_low_stock', about);
    expect(none).toHaveLength(0);
    expect(first!.message.to).toBe(SHOP_EMAIL);
    expect(first!.message.text).toContain(`size ${p.size}`);
    expect(first!.message.text).toContain('Only 2 left');
    expect(first!.message.text).toContain(`/admin/products/${p.productId}`);

    await buy(p, 1); // 2 -> 1: already below, no second mail
    expect(await mails('owner_low_stock', about)).toHaveLength(1);

    expect((await adjust(p, 3)).status).toBe(201); // 1 -> 4: back above, no mail
    expect(await mails('owner_low_stock', about)).toHaveLength(1);
    await buy(p, 2); // 4 -> 2: crosses again
    expect(await mails('owner_low_stock', about)).toHaveLength(2);
  });

  it("uses the shop's LOW_STOCK_THRESHOLD when the product has none, and an adjustment down alerts too", async () => {
    const p = piece();
    await t.database.db.update(products).set({ lowStockThreshold: null }).where(eq(products.id, p.productId));
    await setCount(p, 5);
    const about = `product:${p.productId}`;
    expect((await adjust(p, -2)).status).toBe(201); // 5 -> 3: above 2
    expect(await mails('owner_low_stock', about)).toHaveLength(0);
    expect((await adjust(p, -3)).status).toBe(201); // 3 -> 0
    const [mail] = await mails('owner_low_stock', about);
    expect(mail!.message.text).toContain('sold out');
  });

  it("sets a product's level on its form (Arabic digits too), refuses one out of range, audits it", async () => {
    const p = piece();
    const path = `/api/v1/admin/products/${p.productId}`;
    const { product } = (await call(t, 'GET', path, admin.token)).body.data;
    expect(product.low_stock_threshold).toBeNull();
    const set = await call(t, 'PATCH', path, admin.token, {
      low_stock_threshold: '٣',
      version: product.version,
    });
    expect(set.status, JSON.stringify(set.body)).toBe(200);
    expect(set.body.data.product.low_stock_threshold).toBe(3);
    const audit = await t.database.db.execute(
      sql`select action from audit_log where entity = 'product' and entity_id = ${p.productId} order by id desc limit 1`,
    );
    expect(rowsOf<{ action: string }>(audit)[0]?.action).toBe('product.update');
    const tooBig = await call(t, 'PATCH', path, admin.token, {
      low_stock_threshold: 1001,
      version: set.body.data.product.version,
    });
    expect(tooBig.status).toBe(422);
    const stale = await call(t, 'PATCH', path, admin.token, {
      low_stock_threshold: 1,
      version: product.version,
    });
    expect(stale.status).toBe(409);
    const [row] = await t.database.db.select().from(products).where(eq(products.id, p.productId));
    expect(row!.lowStockThreshold).toBe(3);
  });

  it('refuses a threshold out of range at the database', async () => {
    const p = piece();
    await expect(
      t.database.db.update(products).set({ lowStockThreshold: -1 }).where(eq(products.id, p.productId)),
    ).rejects.toThrow();
  });
});

describe('back in stock', () => {
  const ask = (p: Article, email: string, size: string = p.size, ip = '203.0.113.9') =>
    t.json(`/api/v1/products/${p.slug}/stock-requests`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': ip },
      body: JSON.stringify({ email, color: p.color, size, language: 'fr' }),
    });
  const waiting = (p: Article) =>
    call(t, 'GET', `/api/v1/admin/products/${p.productId}/stock-requests`, admin.token);

  it('mails each waiting request once when the size is received, and the unsubscribe link drops the rest', async () => {
    const p = piece();
    const product = (await t.database.db.select().from(products).where(eq(products.id, p.productId)))[0]!;
    const other = product.sizes.find((s) => s !== p.size)!;
    await setCount(p, 0);
    await setCount(p, 0, other);
    const a = `Salma.${Date.now()}@Example.ae`;
    const b = `rim.${Date.now()}@example.ae`;

    const first = await ask(p, a);
    expect(first.status, JSON.stringify(first.body)).toBe(201);
    const again = await ask(p, a);
    expect(again.status).toBe(201);
    expect(again.body).toEqual(first.body);
    expect((await ask(p, b)).status).toBe(201);
    expect((await ask(p, a, other)).status).toBe(201);
    const rows = await t.database.db
      .select()
      .from(stockRequests)
      .where(eq(stockRequests.productId, p.productId));
    expect(rows).toHaveLength(3);
    expect(rows.every((r) => r.email === r.email.toLowerCase())).toBe(true);

    const counted = await waiting(p);
    expect(counted.status).toBe(200);
    expect(counted.body.data.waiting).toEqual(
      expect.arrayContaining([
        { color: p.color, size: p.size, waiting: 2 },
        { color: p.color, size: other, waiting: 1 },
      ]),
    );
    expect((await call(t, 'GET', `/api/v1/admin/products/${p.productId}/stock-requests`)).status).toBe(401);

    expect((await adjust(p, 2)).status).toBe(201);
    expect((await adjust(p, 1)).status).toBe(201); // more pieces: no second mail
    await setCount(p, 0);
    await setCount(p, 5); // sold out and back again: still none, the requests are done
    const sent = await mails('back_in_stock');
    const mine = sent.filter((m) => rows.some((r) => `stock-request:${r.id}` === m.subject));
    expect(mine.map((m) => m.message.to).sort()).toEqual([a.toLowerCase(), b].sort());
    const toA = mine.find((m) => m.message.to === a.toLowerCase())!;
    expect(toA.message.subject).toContain('est de retour'); // its language
    expect(toA.message.text).toContain(`/fr/product/${p.slug}?`);
    expect(toA.message.text).toContain(`size=${p.size}`);

    // The unsubscribe link works without signing in: A's request for the other size is dropped.
    const link = /(https?:\/\/\S+\/api\/v1\/unsubscribe\/stock-requests\/\S+)/.exec(toA.message.text)![1]!;
    const path = new URL(link).pathname + new URL(link).search;
    const page = await t.fetch(path);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('<form method="post">');
    // A forged token changes nothing.
    const forged = path.replace(/\/([^/.]+)\.([^/?]+)/, (_m, s) => `/${s}.AAAA`);
    expect((await t.fetch(forged, { method: 'POST' })).status).toBe(404);
    expect((await waiting(p)).body.data.waiting).toEqual([{ color: p.color, size: other, waiting: 1 }]);
    const done = await t.fetch(path, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(done.status).toBe(200);
    expect((await waiting(p)).body.data.waiting).toEqual([]);
    await setCount(p, 3, other);
    expect((await mails('back_in_stock')).length).toBe(sent.length);
  });

  it('refuses a size in stock or one the piece does not come in (422), and counts requests per address (429)', async () => {
    const p = piece();
    await setCount(p, 3);
    const email = `ask.${Date.now()}@example.ae`;
    const inStock = await ask(p, email);
    expect(inStock.status).toBe(422);
    expect(inStock.body.error_codes.size).toEqual(['not_allowed']);
    const missing = await t.json(`/api/v1/products/${p.slug}/stock-requests`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email, color: 'no-such-colour', size: p.size }),
    });
    expect(missing.status).toBe(422);
    expect((await ask(p, 'not an address')).status).toBe(422);
    expect(
      (
        await t.json('/api/v1/products/no-such-piece/stock-requests', {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ email, size: 'M' }),
        })
      ).status,
    ).toBe(404);
    await setCount(p, 0);
    // The three above counted for the address (STOCK_REQUEST_LIMIT_PER_EMAIL=3): the fourth is refused.
    const limited = await ask(p, email, p.size, '198.51.100.7');
    expect(limited.status).toBe(429);
    expect(limited.headers.get('retry-after')).toBeTruthy();
    const rows = await t.database.db.select().from(stockRequests).where(eq(stockRequests.email, email));
    expect(rows).toHaveLength(0);
  });
});

describe('the daily digest', () => {
  it('counts yesterday and what waits, at DIGEST_HOUR in the shop zone, once however many sweeps run', async () => {
    // The shop's clock: tomorrow (Dubai) at 07:59, then 08:00; yesterday is then today, when the test orders.
    const today = shopDay(new Date(), 'Asia/Dubai');
    const tomorrow = addDays(today, 1);
    const at = (h: number, m: number) =>
      new Date(shopDayStart(tomorrow, 'Asia/Dubai').getTime() + (h * 60 + m) * 60_000);
    expect(digestDue(at(7, 59), 8, 'Asia/Dubai')).toBeUndefined();
    expect(digestDue(at(8, 0), 8, 'Asia/Dubai')).toBe(tomorrow);
    expect(digestDue(at(23, 0), null, 'Asia/Dubai')).toBeUndefined();

    const p = piece();
    await t.database.db.update(products).set({ lowStockThreshold: 5 }).where(eq(products.id, p.productId));
    await setCount(p, 6);
    const before = await digestFigures(t.database.db, tomorrow, 'Asia/Dubai', 2);
    const { orderId } = await buy(p, 1);
    const [order] = await t.database.db
      .execute(sql`select total_amount::text as total from orders where id = ${orderId}`)
      .then(rowsOf<{ total: string }>);
    await t.database.db.insert(contactMessages).values({
      name: 'Hind',
      email: 'hind@example.ae',
      phone: '+971501112233',
      subject: null,
      message: 'Do you ship to Oman?',
    });
    const after = await digestFigures(t.database.db, tomorrow, 'Asia/Dubai', 2);
    expect(after.yesterday).toBe(today);
    expect(after.yesterdayOrders).toBe(before.yesterdayOrders + 1);
    expect(Math.round(Number(after.yesterdayRevenue) * 100)).toBe(
      Math.round(Number(before.yesterdayRevenue) * 100) + Math.round(Number(order!.total) * 100),
    );
    expect(after.toShip).toBe(before.toShip + 1);
    expect(after.unreadMessages).toBe(before.unreadMessages + 1);
    expect(after.lowCount).toBe(before.lowCount + 1); // 6 -> 5, its threshold

    expect(await t.app.alerts.sweep(at(7, 59))).toMatchObject({ digest: false });
    expect(await mails('owner_digest', `digest:${tomorrow}`)).toHaveLength(0);
    const runs = await Promise.all([t.app.alerts.sweep(at(8, 1)), t.app.alerts.sweep(at(8, 1))]);
    expect(runs.filter((r) => r.digest)).toHaveLength(1);
    await t.app.alerts.sweep(at(9, 0));
    const [digest, ...more] = await mails('owner_digest', `digest:${tomorrow}`);
    expect(more).toHaveLength(0);
    expect(digest!.message.to).toBe(SHOP_EMAIL);
    expect(digest!.message.text).toMatch(new RegExp(`Orders yesterday\\s+${after.yesterdayOrders}\\b`));
    expect(digest!.message.text).toMatch(new RegExp(`Unread messages\\s+${after.unreadMessages}\\b`));
    expect(digest!.message.text).toMatch(new RegExp(`Orders to ship\\s+${after.toShip}\\b`));
  });
});

describe('the unfinished-checkout reminder', () => {
  const idle = (s: Shopper, hours: number) =>
    t.database.db
      .update(cartItems)
      .set({
        createdAt: new Date(Date.now() - hours * 3600_000),
        updatedAt: new Date(Date.now() - hours * 3600_000),
      })
      .where(eq(cartItems.userId, s.id));
  const optIn = (s: Shopper, enabled: boolean) =>
    call(t, 'PUT', '/api/v1/account/checkout-reminders', s.token, { enabled });
  const remindersTo = async (s: Shopper) => (await mails('checkout_reminder', `user:${s.id}`)).length;

  it('mails an opted-in idle cart once, never one not opted in, never after an order; the link clears it', async () => {
    const p = piece();
    await setCount(p, 20);
    const [yes, no, ordered] = [await newShopper(t), await newShopper(t), await newShopper(t)];
    expect((await call(t, 'GET', '/api/v1/account/checkout-reminders', yes.token)).body.data.enabled).toBe(
      false,
    );
    expect((await optIn(yes, true)).body.data.enabled).toBe(true);
    expect(
      (await call(t, 'PUT', '/api/v1/account/checkout-reminders', undefined, { enabled: true })).status,
    ).toBe(401);
    expect((await optIn(yes, 'yes' as never)).status).toBe(422);
    await optIn(ordered, true);
    for (const s of [yes, no]) await fillCart(t, s, [{ ...p, quantity: 1 }]);
    await idle(yes, 23);
    await idle(no, 30);
    await t.app.alerts.sweep(new Date());
    expect(await remindersTo(yes)).toBe(0); // 23 h: not yet
    await idle(yes, 25);
    await t.app.alerts.sweep(new Date());
    await t.app.alerts.sweep(new Date());
    expect(await remindersTo(yes)).toBe(1);
    expect(await remindersTo(no)).toBe(0);
    const [mail] = await mails('checkout_reminder', `user:${yes.id}`);
    expect(mail!.message.to).toBe(yes.email);
    expect(mail!.message.html).toMatch(/<img src="[^"]+"/);
    expect(mail!.message.text).toContain('/cart');

    // An order placed after the cart's last move: no reminder for what is left in it.
    const lines: CartLine[] = [{ ...p, quantity: 1 }];
    const { intentId } = await pay(t, ordered, lines);
    expect(
      (await call(t, 'POST', '/api/v1/orders', ordered.token, orderPayload(lines, intentId))).status,
    ).toBe(201);
    await fillCart(t, ordered, lines);
    await t.database.db.execute(
      sql`update orders set created_at = now() + interval '1 minute' where user_id = ${ordered.id}`,
    );
    await idle(ordered, 30);
    await t.database.db.execute(
      sql`update orders set created_at = now() - interval '1 hour' where user_id = ${ordered.id}`,
    );
    await t.app.alerts.sweep(new Date());
    expect(await remindersTo(ordered)).toBe(0);

    const link = /(https?:\/\/\S+\/api\/v1\/unsubscribe\/checkout-reminders\/\S+)/.exec(
      mail!.message.text,
    )![1]!;
    const url = new URL(link);
    expect((await t.fetch(url.pathname + url.search, { method: 'POST' })).status).toBe(200);
    const [row] = await t.database.db
      .select({ on: users.checkoutReminders })
      .from(users)
      .where(eq(users.id, yes.id));
    expect(row!.on).toBe(false);
    // The cart changes and stays idle: not opted in any more, no mail.
    await fillCart(t, yes, [{ ...p, quantity: 1 }]);
    await idle(yes, 48);
    await t.app.alerts.sweep(new Date());
    expect(await remindersTo(yes)).toBe(1);
    void inArray;
    void productStock;
  });
});
