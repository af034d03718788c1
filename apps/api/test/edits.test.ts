import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { ADMIN_API, STOCK_BY_ADJUSTMENT, type ProductCreateInput } from '@boutique/contracts/admin';
import { addDays, shopDay } from '@boutique/contracts/constants';
import { contactMessages, orders, stockMovements } from '../src/db/schema/index.js';
import { startTestApp, type TestApp } from './helpers.js';
import {
  call,
  countRows,
  createIntent,
  fillCart,
  generousLimits,
  makeAdmin,
  newShopper,
  placeOrder,
  totalOf,
  type Article,
  type CartLine,
  type Shopper,
} from './support/shop.js';

/**
 * The owner's edits never overwrite what they did not see (decision 028): versions on every admin write, stock
 * moved by adjustments with a history, and the shop's days in its own time zone, with numbers typed in any
 * digits (decision 029).
 */
let t: TestApp;
let admin: Shopper;
let shopper: Shopper;

beforeAll(async () => {
  t = await startTestApp({ ...generousLimits });
  admin = await newShopper(t, 'Lalla Owner');
  await makeAdmin(t, admin);
  shopper = await newShopper(t, 'Meriem Alaoui');
});
afterAll(() => t?.close());

const asAdmin = (method: string, path: string, body?: unknown, headers: Record<string, string> = {}) =>
  t.json(path, {
    method,
    headers: {
      authorization: `Bearer ${admin.token}`,
      ...(body !== undefined && { 'content-type': 'application/json' }),
      ...headers,
    },
    ...(body !== undefined && { body: JSON.stringify(body) }),
  });

let made = 0;
/** A new caftan with `sizes` (name → first count), as the back office's form creates one. */
async function newProduct(sizes: Record<string, number>, overrides: Partial<ProductCreateInput> = {}) {
  made += 1;
  const res = await asAdmin('POST', ADMIN_API.products, {
    category: 'caftan',
    name: { en: `Lina Caftan ${made}`, fr: `Caftan Lina ${made}`, ar: `قفطان لينا ${made}` },
    description: { en: 'Blue silk.', fr: 'Soie bleue.', ar: 'حرير أزرق.' },
    price: '1200',
    colors: [{ name: { en: 'Blue', fr: 'Bleu', ar: 'أزرق' }, value: '#1f3b6b' }],
    sizes: Object.entries(sizes).map(([name, stock]) => ({ name, stock })),
    ...overrides,
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.data.product as {
    id: number;
    slug: string;
    version: number;
    price: string;
    colors: { key: string }[];
  };
}

const productNow = async (id: number) => (await asAdmin('GET', ADMIN_API.product(id))).body.data;
const sizeCount = async (id: number, size: string) =>
  ((await productNow(id)).product.sizes as { name: string; stock: number }[]).find((s) => s.name === size)
    ?.stock;

/** What the back office's product form sends on save: every field it shows, its sizes by name, its version. */
function formPayload(product: Record<string, any>) {
  return {
    category: product.category,
    slug: product.slug,
    name: product.name,
    description: product.description,
    details: product.details,
    care: product.care,
    price: product.price,
    old_price: product.old_price,
    status: product.status,
    featured: product.featured,
    best_seller: product.best_seller,
    colors: product.colors.map((c: { name: unknown; value: string }) => ({ name: c.name, value: c.value })),
    sizes: product.sizes.map((s: { name: string }) => ({ name: s.name })),
    version: product.version,
  };
}

const article = (p: { id: number; slug: string; price: string; colors: { key: string }[] }, size: string) =>
  ({
    productId: p.id,
    slug: p.slug,
    price: p.price,
    color: p.colors[0]?.key ?? '',
    size,
  }) as Article;

// ---------------------------------------------------------------- versions

describe('every admin write names the version it was based on', () => {
  it('a product: of two tabs opened on one version the second save is refused with 409 stale, and nothing changes', async () => {
    const created = await newProduct({ M: 2 });
    const tabA = (await productNow(created.id)).product;
    const tabB = (await productNow(created.id)).product;
    const first = await asAdmin('PATCH', ADMIN_API.product(created.id), {
      ...formPayload(tabA),
      price: '1500',
    });
    expect(first.status).toBe(200);
    expect(first.body.data.product.version).toBe(tabA.version + 1);
    const audits = await countRows(t, 'audit_log');
    const after = await productNow(created.id);

    const second = await asAdmin('PATCH', ADMIN_API.product(created.id), {
      ...formPayload(tabB),
      description: { ...tabB.description, en: 'Blue silk, lined.' },
    });
    expect(second.status).toBe(409);
    expect(second.body).toMatchObject({
      success: false,
      error: 'stale',
      code: 'stale',
      message: expect.stringContaining('changed by someone else'),
      current: { id: created.id, price: '1500.00', version: tabA.version + 1 },
    });
    // The older tab's price never came back, and its description was not written either.
    expect(await productNow(created.id)).toEqual(after);
    expect(await countRows(t, 'audit_log')).toBe(audits);

    // Re-applied onto the current record (its ETag as If-Match), the edit goes through.
    const tag = (
      await t.fetch(ADMIN_API.product(created.id), {
        headers: { authorization: `Bearer ${admin.token}` },
      })
    ).headers.get('etag');
    expect(tag).toBe(`W/"${tabA.version + 1}"`);
    const { version: _v, ...unversioned } = formPayload(second.body.current);
    const again = await asAdmin(
      'PATCH',
      ADMIN_API.product(created.id),
      { ...unversioned, description: { ...tabB.description, en: 'Blue silk, lined.' } },
      { 'if-match': tag! },
    );
    expect(again.status).toBe(200);
    expect(again.body.data.product).toMatchObject({
      price: '1500.00',
      description: { en: 'Blue silk, lined.' },
    });
  });

  it('two saves racing on one version: exactly one is kept', async () => {
    const created = await newProduct({ M: 1 });
    const answers = await Promise.all(
      ['1300', '1400', '1600'].map((price) =>
        asAdmin('PATCH', ADMIN_API.product(created.id), { price, version: created.version }),
      ),
    );
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409, 409]);
    const won = answers.find((a) => a.status === 200)!.body.data.product;
    expect((await productNow(created.id)).product).toMatchObject({
      price: won.price,
      version: created.version + 1,
    });
  });

  it('refuses a write that names no version with 428, and a malformed one with 422, changing nothing', async () => {
    const created = await newProduct({ M: 1 });
    const before = await productNow(created.id);
    const none = await asAdmin('PATCH', ADMIN_API.product(created.id), { price: '999' });
    expect(none.status).toBe(428);
    expect(none.body).toMatchObject({
      success: false,
      code: 'version_required',
      errors: { version: [expect.any(String)] },
    });
    for (const [headers, body] of [
      [{ 'if-match': '*' }, { price: '999' }],
      [{ 'if-match': 'W/"1", W/"2"' }, { price: '999' }],
      [{ 'if-match': `W/"${created.version}"` }, { price: '999', version: created.version + 5 }],
    ] as const) {
      const res = await asAdmin('PATCH', ADMIN_API.product(created.id), body, headers);
      expect(res.status, JSON.stringify(headers)).toBe(422);
      expect(res.body.errors.version).toBeDefined();
    }
    expect((await asAdmin('PATCH', ADMIN_API.product(created.id), { price: '999', version: 0 })).status).toBe(
      422,
    );
    const del = await asAdmin('DELETE', ADMIN_API.product(created.id));
    expect(del.status, JSON.stringify(del.body)).toBe(428);
    expect(await productNow(created.id)).toEqual(before);
  });

  it('pictures: a reorder or a deletion on an older version of the product is refused', async () => {
    const created = await newProduct({ M: 1 });
    const stale = await asAdmin('PATCH', ADMIN_API.productImages(created.id), {
      order: [],
      version: created.version + 3,
    });
    expect(stale.status).toBe(409);
    expect(stale.body.current).toMatchObject({ id: created.id, version: created.version });
    expect((await asAdmin('DELETE', ADMIN_API.productImage(created.id, 1), { version: 99 })).status).toBe(
      409,
    );
  });

  it('gallery scenes: a stale caption, deletion or reorder is refused with the scenes as they are', async () => {
    const list = async () =>
      (await asAdmin('GET', ADMIN_API.galleries)).body.data.galleries as {
        id: number;
        version: number;
        caption: { en: string; fr: string; ar: string };
      }[];
    const scenes = await list();
    const [first, second] = scenes;
    const captioned = await asAdmin('PATCH', ADMIN_API.gallery(first!.id), {
      caption: { ...first!.caption, en: 'The riad at dusk' },
      version: first!.version,
    });
    expect(captioned.status).toBe(200);
    const after = await list();

    const stale = await asAdmin('PATCH', ADMIN_API.gallery(first!.id), {
      caption: { ...first!.caption, en: 'An older caption' },
      version: first!.version,
    });
    expect(stale.status).toBe(409);
    expect(stale.body.current).toMatchObject({ id: first!.id, caption: { en: 'The riad at dusk' } });
    expect((await asAdmin('DELETE', ADMIN_API.gallery(first!.id), { version: first!.version })).status).toBe(
      409,
    );
    const order = [second!.id, first!.id, ...scenes.slice(2).map((s) => s.id)];
    const versions = Object.fromEntries(scenes.map((s) => [String(s.id), s.version]));
    const reorder = await asAdmin('PATCH', ADMIN_API.galleries, { order, versions });
    expect(reorder.status).toBe(409);
    expect(reorder.body.current.map((g: { id: number }) => g.id)).toEqual(after.map((g) => g.id));
    expect((await asAdmin('PATCH', ADMIN_API.galleries, { order })).status).toBe(428);
    expect(await list()).toEqual(after);
  });

  it('orders: a status move on an older version is refused; no history, e-mail or audit is written', async () => {
    const p = await newProduct({ M: 3 });
    const placed = await placeOrder(t, shopper, [{ ...article(p, 'M'), quantity: 1 }]);
    expect(placed.status).toBe(201);
    const id = placed.body.data.order_id as number;
    const opened = (await asAdmin('GET', ADMIN_API.order(id))).body.data.order;
    const moved = await asAdmin('PATCH', ADMIN_API.orderStatus(id), {
      status: 'processing',
      version: opened.version,
    });
    expect(moved.status).toBe(200);
    expect(moved.body.data.order.version).toBe(opened.version + 1);
    const counts = () =>
      Promise.all(['order_status_events', 'audit_log', 'outbox'].map((n) => countRows(t, n)));
    const before = await counts();

    const stale = await asAdmin('PATCH', ADMIN_API.orderStatus(id), {
      status: 'cancelled',
      version: opened.version,
    });
    expect(stale.status).toBe(409);
    expect(stale.body).toMatchObject({
      error: 'stale',
      current: { id, fulfillment_status: 'processing', version: opened.version + 1 },
    });
    expect((await asAdmin('PATCH', ADMIN_API.orderStatus(id), { status: 'cancelled' })).status).toBe(428);
    expect(await counts()).toEqual(before);
    expect(await sizeCount(p.id, 'M')).toBe(2);
  });

  it('messages: marking read on an older version is refused and the message stays as it is', async () => {
    const [message] = await t.database.db
      .insert(contactMessages)
      .values({ name: 'Amal', email: 'amal@example.ae', message: 'Lined?' })
      .returning();
    const archived = await asAdmin('PATCH', ADMIN_API.message(message!.id), { archived: true, version: 1 });
    expect(archived.status).toBe(200);
    const stale = await asAdmin('PATCH', ADMIN_API.message(message!.id), { read: true, version: 1 });
    expect(stale.status).toBe(409);
    expect(stale.body.current).toMatchObject({ id: message!.id, read_at: null, version: 2 });
    const [row] = await t.database.db
      .select()
      .from(contactMessages)
      .where(eq(contactMessages.id, message!.id));
    expect(row).toMatchObject({ readAt: null, version: 2 });
  });
});

// ---------------------------------------------------------------- stock

describe('stock moves by adjustments, with a history', () => {
  it('a form opened before a sale no longer writes the sold piece back (size L: 3, a sale, a one-word edit)', async () => {
    const p = await newProduct({ M: 1, L: 3 });
    // The owner opens the product's form...
    const opened = (await productNow(p.id)).product;
    // ...a shopper buys one L meanwhile...
    expect((await placeOrder(t, shopper, [{ ...article(p, 'L'), quantity: 1 }])).status).toBe(201);
    expect(await sizeCount(p.id, 'L')).toBe(2);
    // ...and the owner saves a one-word change of the description from the form opened before.
    const saved = await asAdmin('PATCH', ADMIN_API.product(p.id), {
      ...formPayload(opened),
      description: { ...opened.description, en: 'Blue silk, handmade.' },
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(await sizeCount(p.id, 'L')).toBe(2);
    // A client still sending counts with the sizes is told where stock changes now, and nothing moves.
    const counted = await asAdmin('PATCH', ADMIN_API.product(p.id), {
      sizes: [
        { name: 'M', stock: 1 },
        { name: 'L', stock: 3 },
      ],
      version: saved.body.data.product.version,
    });
    expect(counted.status).toBe(422);
    expect(counted.body.errors['sizes.1.stock']).toEqual([STOCK_BY_ADJUSTMENT]);
    expect(await sizeCount(p.id, 'L')).toBe(2);
  });

  it('adds and takes away pieces with a reason; never below what payments under way hold (422 naming them)', async () => {
    const p = await newProduct({ M: 3 });
    const path = ADMIN_API.stockAdjustments(p.id);
    const hold: CartLine = { ...article(p, 'M'), quantity: 2 };
    await fillCart(t, shopper, [hold]);
    expect((await createIntent(t, shopper, totalOf([hold]))).status).toBe(201);
    const moves = await countRows(t, 'stock_movements');

    const color = p.colors[0]!.key;
    const below = await asAdmin('POST', path, { color, size: 'M', delta: -2, reason: 'damaged' });
    expect(below.status).toBe(422);
    expect(below.body.errors.delta[0]).toBe(
      `2 pieces of ${color}, size M are held by payments under way: the count (3) may not go below 2, so the change may be at most -1 now.`,
    );
    expect(await sizeCount(p.id, 'M')).toBe(3);
    expect(await countRows(t, 'stock_movements')).toBe(moves);

    const damaged = await asAdmin('POST', path, {
      color: color.toUpperCase(),
      size: 'M',
      delta: '-١',
      reason: 'damaged',
      note: 'Torn hem',
    });
    expect(damaged.status).toBe(201);
    expect(damaged.body.data.adjustment).toMatchObject({
      size: 'M',
      color,
      delta: -1,
      reason: 'damaged',
      note: 'Torn hem',
      stock_after: 2,
      source: 'admin',
      actor: { id: admin.id, name: 'Lalla Owner' },
    });
    expect(damaged.body.data.sizes).toEqual([{ name: 'M', stock: 2, reserved: 2 }]);
    expect(damaged.body.data.variants).toEqual([{ color, size: 'M', stock: 2, reserved: 2 }]);
    const received = await asAdmin('POST', path, {
      size: 'M',
      delta: 4,
      reason: 'received',
      color: p.colors[0]!.key,
    });
    expect(received.body.data.adjustment).toMatchObject({
      delta: 4,
      stock_after: 6,
      color: p.colors[0]!.key,
    });
    const { audit } = await productNow(p.id);
    expect(audit[0]).toMatchObject({ action: 'product.stock.adjust', after: { delta: 4, stock: 6 } });
  });

  it('refuses an adjustment that makes no sense, with a field error, and writes nothing', async () => {
    const p = await newProduct({ M: 1 });
    const path = ADMIN_API.stockAdjustments(p.id);
    const moves = await countRows(t, 'stock_movements');
    const color = p.colors[0]!.key;
    for (const [body, field] of [
      [{ color, size: 'M', delta: 0, reason: 'correction' }, 'delta'],
      [{ color, size: 'M', delta: 'two', reason: 'correction' }, 'delta'],
      [{ color, size: 'M', delta: 1.5, reason: 'correction' }, 'delta'],
      [{ color, size: 'M', delta: 1, reason: 'stolen' }, 'reason'],
      [{ color, size: 'M', delta: -1, reason: 'received' }, 'delta'],
      [{ color, size: 'M', delta: 2, reason: 'damaged' }, 'delta'],
      [{ color, size: 'XL', delta: 1, reason: 'received' }, 'size'],
      [{ size: 'M', delta: 1, reason: 'received', color: 'purple' }, 'color'],
      // The product has a colour: an adjustment must name it.
      [{ size: 'M', delta: 1, reason: 'received' }, 'color'],
      [{ color, size: 'M', delta: -2, reason: 'correction' }, 'delta'],
      [{ color, size: 'M', delta: 100_000, reason: 'received' }, 'delta'],
    ] as const) {
      const res = await asAdmin('POST', path, body);
      expect(res.status, JSON.stringify(body)).toBe(422);
      expect(Object.keys(res.body.errors), JSON.stringify(body)).toEqual([field]);
    }
    expect(await countRows(t, 'stock_movements')).toBe(moves);
    expect(await sizeCount(p.id, 'M')).toBe(1);
    expect(
      (
        await asAdmin('POST', ADMIN_API.stockAdjustments(999_999), {
          size: 'M',
          delta: 1,
          reason: 'received',
        })
      ).status,
    ).toBe(404);
  });

  it('writes every move to the history: first count, sale, cancellation, adjustment and the command line', async () => {
    const p = await newProduct({ M: 5, L: 1 });
    const placed = await placeOrder(t, shopper, [{ ...article(p, 'M'), quantity: 2 }]);
    const orderId = placed.body.data.order_id as number;
    const orderNumber = placed.body.data.order_number as string;
    const { version } = (await asAdmin('GET', ADMIN_API.order(orderId))).body.data.order;
    expect(
      (await asAdmin('PATCH', ADMIN_API.orderStatus(orderId), { status: 'cancelled', version })).status,
    ).toBe(200);
    expect(
      (
        await asAdmin('POST', ADMIN_API.stockAdjustments(p.id), {
          color: p.colors[0]!.key,
          size: 'M',
          delta: -1,
          reason: 'correction',
          note: 'Counted again',
        })
      ).status,
    ).toBe(201);
    await t.app.stock.setCount(p.slug, { size: 'M' }, 9);

    const history = await asAdmin('GET', `${ADMIN_API.stockAdjustments(p.id)}?size=M`);
    expect(history.status).toBe(200);
    const order = { id: orderId, order_number: orderNumber };
    expect(history.body.data.adjustments).toEqual([
      expect.objectContaining({
        reason: 'correction',
        delta: 5,
        stock_after: 9,
        source: 'command',
        actor: null,
        note: 'set to 9 with npm run stock',
      }),
      expect.objectContaining({
        reason: 'correction',
        delta: -1,
        stock_after: 4,
        source: 'admin',
        note: 'Counted again',
      }),
      expect.objectContaining({
        reason: 'cancellation',
        delta: 2,
        stock_after: 5,
        source: 'order',
        order,
        actor: expect.objectContaining({ id: admin.id }),
      }),
      expect.objectContaining({
        reason: 'sale',
        delta: -2,
        stock_after: 3,
        source: 'order',
        order,
        color: p.colors[0]!.key,
        actor: null,
      }),
      expect.objectContaining({
        reason: 'received',
        delta: 5,
        stock_after: 5,
        source: 'admin',
        note: 'first count',
      }),
    ]);
    expect(history.body.data.sizes).toEqual([
      { name: 'M', stock: 9, reserved: 0 },
      { name: 'L', stock: 1, reserved: 0 },
    ]);
    const all = (await asAdmin('GET', ADMIN_API.stockAdjustments(p.id))).body.data.adjustments;
    expect(all.filter((m: { size: string }) => m.size === 'L')).toHaveLength(1);
    // Every row's count is the count its size had right after it: the history adds up.
    const rows = await t.database.db.select().from(stockMovements).where(eq(stockMovements.productId, p.id));
    for (const size of ['M', 'L']) {
      const mine = rows.filter((r) => r.size === size).sort((a, b) => a.id - b.id);
      let count = 0;
      for (const r of mine) {
        count += r.delta;
        expect(r.stockAfter, `${size} #${r.id}`).toBe(count);
      }
      expect(count).toBe(await sizeCount(p.id, size));
    }
  });

  it('a size removed with the form writes its unsold pieces to the history; one added starts at 0', async () => {
    const p = await newProduct({ M: 2, L: 4 });
    const opened = (await productNow(p.id)).product;
    const res = await asAdmin('PATCH', ADMIN_API.product(p.id), {
      sizes: [{ name: 'M' }, { name: 'XL' }],
      version: opened.version,
    });
    expect(res.body.data.product.sizes).toEqual([
      { name: 'M', stock: 2, reserved: 0 },
      { name: 'XL', stock: 0, reserved: 0 },
    ]);
    const history = (await asAdmin('GET', `${ADMIN_API.stockAdjustments(p.id)}?size=L`)).body.data
      .adjustments;
    expect(history[0]).toMatchObject({
      delta: -4,
      stock_after: 0,
      reason: 'correction',
      note: 'size removed from the product',
    });
  });
});

// ---------------------------------------------------------------- shop time and digits

describe('the shop’s days are Dubai days', () => {
  it('counts an order made at 21:30 UTC on the next day in Dubai, in the dashboard and the date filters', async () => {
    const zone = t.config.shop.timeZone;
    expect(zone).toBe('Asia/Dubai');
    const p = await newProduct({ M: 2 });
    const placed = await placeOrder(t, shopper, [{ ...article(p, 'M'), quantity: 1 }]);
    const id = placed.body.data.order_id as number;
    // Three Dubai days ago, at 01:30 Dubai time: 21:30 UTC the evening before.
    const dubaiDay = addDays(shopDay(new Date(), zone), -3);
    const utcEvening = new Date(`${addDays(dubaiDay, -1)}T21:30:00Z`);
    await t.database.db.update(orders).set({ createdAt: utcEvening }).where(eq(orders.id, id));

    const { stats } = (await asAdmin('GET', `${ADMIN_API.stats}?days=7`)).body.data;
    const day = (date: string) => stats.per_day.find((d: { date: string }) => d.date === date);
    expect(day(dubaiDay)).toMatchObject({ orders: 1, revenue: '1200.00' });
    expect(day(addDays(dubaiDay, -1))).toMatchObject({ orders: 0 });

    const ids = async (from: string, to: string) =>
      (
        (await asAdmin('GET', `${ADMIN_API.orders}?from=${from}&to=${to}`)).body.data.orders.data as {
          id: number;
        }[]
      ).map((o) => o.id);
    expect(await ids(dubaiDay, dubaiDay)).toContain(id);
    expect(await ids(addDays(dubaiDay, -1), addDays(dubaiDay, -1))).not.toContain(id);
  });
});

describe('numbers typed in Arabic-Indic or Persian digits', () => {
  it('takes ١٩٥٠ as 1950 (and ١٬٩٥٠٫٥٠, ۱۹۵۰, 1 950) through the API, and refuses what is not a number', async () => {
    const p = await newProduct({ M: 1 });
    let version = p.version;
    for (const [typed, stored] of [
      ['١٩٥٠', '1950.00'],
      ['١٬٩٥٠٫٥٠', '1950.50'],
      ['۱۹۵۰', '1950.00'],
      ['1 950', '1950.00'],
      ['2,450.5', '2450.50'],
    ] as const) {
      const res = await asAdmin('PATCH', ADMIN_API.product(p.id), { price: typed, version });
      expect(res.status, typed).toBe(200);
      expect(res.body.data.product.price, typed).toBe(stored);
      version = res.body.data.product.version;
    }
    const bad = await asAdmin('PATCH', ADMIN_API.product(p.id), { price: '١٩,٥٠,٠', version });
    expect(bad.status).toBe(422);
    expect(bad.body.errors.price[0]).toMatch(/amount in AED/);

    const created = await newProduct(
      { M: 0 },
      { price: '٣٢٠٠', sizes: [{ name: 'M', stock: '٤' }] as never },
    );
    expect(created.price).toBe('3200.00');
    expect(await sizeCount(created.id, 'M')).toBe(4);

    const added = await call(t, 'POST', '/api/v1/cart/add', shopper.token, {
      slug: created.slug,
      quantity: '٢',
      options: { size: 'M', color: created.colors[0]!.key },
    });
    expect(added.status, JSON.stringify(added.body)).toBeLessThan(300);
    const cart = await call(t, 'GET', '/api/v1/cart', shopper.token);
    expect(JSON.stringify(cart.body)).toContain('"quantity":2');
  });
});
