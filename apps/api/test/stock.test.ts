import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { and, eq, ne } from 'drizzle-orm';
import {
  CartMergeResponseSchema,
  CartResponseSchema,
  CategoryProductsResponseSchema,
  ErrorEnvelopeSchema,
  ProductResponseSchema,
  type ProductSize,
} from '@boutique/contracts';
import {
  categories,
  colors,
  orders,
  refunds,
  productColors,
  payments,
  productStock,
  products,
  stockHolds,
  stockMovements,
} from '../src/db/schema/index.js';
import { openDatabase } from '../src/db/client.js';
import { migrateDatabase } from '../src/db/migrate.js';
import * as demoCatalogue from '@boutique/demo';
import { DEMO_STOCK, demoStock } from '@boutique/demo';
import { seedDemoCatalog } from '../src/db/seed/index.js';
import { stockCommand } from '../src/cli/stock-command.js';
import { startTestApp, type TestApp } from './helpers.js';
import {
  articles,
  call,
  confirmCard,
  createIntent,
  fillCart,
  generousLimits,
  makeAdmin,
  newShopper,
  orderPayload,
  pay,
  totalOf,
  type Article,
  type CartLine,
  type Shopper,
} from './support/shop.js';

const HOLD_MS = 15 * 60_000;
let clock = Date.now();
let t: TestApp;
/** Active products, each story taking its own so that their counts do not meet. */
let pieces: Article[];
let next = 0;
const piece = () => {
  const p = pieces[next++];
  if (!p) throw new Error('out of demo products');
  return p;
};

beforeAll(async () => {
  t = await startTestApp(
    { ...generousLimits, RECONCILE_AFTER_S: '3600', RECONCILE_INTERVAL_S: '0' },
    { now: () => new Date(clock) },
  );
  pieces = (await articles(t, 40)).filter((a) => !(a.slug in DEMO_STOCK));
});
afterAll(() => t?.close());

/**
 * The piece's size holds `count` pieces, all of them in the piece's colour (its first): pieces are counted per
 * colour × size, and the stories below are about one variant, so its size's other colours are emptied.
 */
const setCount = async (p: Article, count: number, size: string = p.size) => {
  await t.database.db
    .update(productStock)
    .set({ stock: 0 })
    .where(
      and(
        eq(productStock.productId, p.productId),
        eq(productStock.size, size),
        ne(productStock.color, p.color),
        eq(productStock.reserved, 0),
      ),
    );
  return t.app.stock.setCount(p.slug, { color: p.color, size }, count);
};
const row = async (p: Article, size: string = p.size) =>
  (
    await t.database.db
      .select({ stock: productStock.stock, reserved: productStock.reserved })
      .from(productStock)
      .where(
        and(
          eq(productStock.productId, p.productId),
          eq(productStock.color, p.color),
          eq(productStock.size, size),
        ),
      )
  )[0];
const publicSizes = async (slug: string): Promise<ProductSize[]> => {
  const res = await t.json(`/api/v1/products/slug/${slug}`);
  return ProductResponseSchema.parse(res.body).data.product.sizes;
};
const sizeOf = async (p: Article, size: string = p.size) =>
  (await publicSizes(p.slug)).find((s) => s.name === size);
const paymentOf = async (intentId: string) =>
  (await t.database.db.select().from(payments).where(eq(payments.intentId, intentId)))[0]!;
const line = (p: Article, quantity = 1): CartLine => ({ ...p, quantity });
const add = (shopper: Shopper, p: Article, quantity: number, color = p.color) =>
  call(t, 'POST', '/api/v1/cart/add', shopper.token, {
    slug: p.slug,
    quantity,
    options: { color: color || null, size: p.size },
  });
const cart = async (shopper: Shopper) =>
  CartResponseSchema.parse((await call(t, 'GET', '/api/v1/cart', shopper.token)).body).data.cart;
const placeOrder = (shopper: Shopper, lines: CartLine[], intentId: string) =>
  call(t, 'POST', '/api/v1/orders', shopper.token, orderPayload(lines, intentId));
/** A shopper buys these lines from start to end: cart, intent, card, order. */
async function buy(shopper: Shopper, lines: CartLine[]) {
  const { intentId, confirmed } = await pay(t, shopper, lines);
  expect(confirmed.body.data.paymentIntent.status).toBe('succeeded');
  const order = await placeOrder(shopper, lines, intentId);
  expect(order.status, JSON.stringify(order.body)).toBe(201);
  return { intentId, orderId: order.body.data.order_id as number };
}

describe('what shoppers see of the stock', () => {
  it('says per size whether it is in stock and, at 3 or fewer, how many are left, never the count above', async () => {
    const p = piece();
    const product = (await t.database.db.select().from(products).where(eq(products.id, p.productId)))[0]!;
    const counts: Record<string, number> = { S: 0, M: 1, L: 3, XL: 6 };
    for (const size of product.sizes) await setCount(p, counts[size]!, size);

    await expect
      .poll(() => sizeOf(p, product.sizes.at(-1)), { timeout: 3000 })
      .toMatchObject({
        in_stock: counts[product.sizes.at(-1)!]! > 0,
      });
    const expected = product.sizes.map((size) => {
      const n = counts[size]!;
      return n <= 3 ? { name: size, in_stock: n > 0, left: n } : { name: size, in_stock: true };
    });
    const res = await t.fetch(`/api/v1/products/slug/${p.slug}`);
    const body = await res.text();
    expect(ProductResponseSchema.parse(JSON.parse(body)).data.product.sizes).toEqual(expected);
    expect(body).not.toMatch(/"(stock|reserved)"/);
    expect(body).not.toContain('"left":6');

    // Collections, lists and search say the same of each size.
    const [category] = await t.database.db
      .select({ slug: categories.slug })
      .from(categories)
      .where(eq(categories.id, product.categoryId));
    const listed = CategoryProductsResponseSchema.parse(
      (await t.json(`/api/v1/products/filters/category/${category!.slug}`)).body,
    ).data.data.products.find((x) => x.slug === p.slug);
    expect(listed?.sizes).toEqual(expected);
  });

  it('seeds the demo with 0 to 6 pieces per colour and size, some sold out, one active product sold out in all', async () => {
    const all = await t.database.db.select().from(products);
    const counted = await t.database.db.select().from(productStock);
    const colours = await t.database.db
      .select({ productId: productColors.productId, key: colors.key })
      .from(productColors)
      .innerJoin(colors, eq(colors.id, productColors.colorId));
    const coloursOf = (id: number) => colours.filter((c) => c.productId === id).map((c) => c.key);
    // A row for every colour × size of every product.
    expect(counted.length).toBe(all.reduce((n, p) => n + p.sizes.length * coloursOf(p.id).length, 0));
    // plentyOfStock is not used here: the demo's own counts, or the ones the stories above set.
    const demo = all.filter((p) => !pieces.slice(0, next).some((x) => x.productId === p.id));
    for (const p of demo) {
      for (const color of coloursOf(p.id)) {
        for (const size of p.sizes) {
          const r = counted.find((c) => c.productId === p.id && c.color === color && c.size === size);
          expect(r?.stock, `${p.slug} ${color} ${size}`).toBe(demoStock(p.slug, size, color));
          expect(r!.stock).toBeGreaterThanOrEqual(0);
          expect(r!.stock).toBeLessThanOrEqual(6);
        }
      }
    }
    expect(counted.filter((c) => c.stock === 0).length).toBeGreaterThan(3);
    const soldOut = all.filter(
      (p) => p.status === 'active' && counted.filter((c) => c.productId === p.id).every((c) => c.stock === 0),
    );
    expect(soldOut.map((p) => p.slug)).toEqual(['atlas-mens-hooded-wool-jellaba']);
    expect((await publicSizes('atlas-mens-hooded-wool-jellaba')).every((s) => !s.in_stock)).toBe(true);
    expect(await publicSizes('bahia-womens-embroidered-jellaba')).toEqual([
      { name: 'S', in_stock: false, left: 0 },
      { name: 'M', in_stock: true, left: 2 },
      { name: 'L', in_stock: true, left: 1 },
      { name: 'XL', in_stock: true },
    ]);
    // Seeding again changes nothing: the shop's counts are its own.
    expect(await seedDemoCatalog(t.database, demoCatalogue)).toBe(false);
  });

  it('drops only the answers showing a product whose stock changed as shoppers see it, on every change that shows', async () => {
    const [p, other] = [piece(), piece()];
    await setCount(p, 6);
    await setCount(other, 6);
    await expect.poll(() => sizeOf(p), { timeout: 3000 }).toEqual({ name: p.size, in_stock: true });
    await t.fetch(`/api/v1/products/slug/${other.slug}`);
    const cachedOther = () =>
      t.app.catalog.cache.get(`product:${other.slug}`, async () => {
        throw new Error('not cached');
      });
    await expect(cachedOther()).resolves.toBeDefined();

    const heard = vi.spyOn(t.app.catalog, 'stockChanged');
    try {
      // 6 -> 5 changes nothing a shopper sees: nothing is announced. 5 -> 2 is announced, for this product only.
      await setCount(p, 5);
      await setCount(p, 2);
      await expect
        .poll(() => sizeOf(p), { timeout: 3000 })
        .toEqual({ name: p.size, in_stock: true, left: 2 });
      await new Promise((r) => setTimeout(r, 100));
      expect(heard.mock.calls).toEqual([[[p.productId]]]);
      await expect(cachedOther()).resolves.toBeDefined();
    } finally {
      heard.mockRestore();
    }
  });
});

describe('the cart refuses more than is left', () => {
  it('answers 422 naming what is left on add, for the colour and size, and changes nothing', async () => {
    const p = piece();
    await setCount(p, 2);
    const shopper = await newShopper(t);
    const beyond = await add(shopper, p, 3);
    expect(beyond.status).toBe(422);
    expect(ErrorEnvelopeSchema.parse(beyond.body)).toMatchObject({
      message: `Only 2 left in size ${p.size} in ${p.color}.`,
      errors: { quantity: [`Only 2 left in size ${p.size} in ${p.color}.`] },
      shortages: [{ slug: p.slug, color: p.color, size: p.size, left: 2 }],
    });
    expect((await cart(shopper)).items).toEqual([]);

    expect((await add(shopper, p, 2)).status).toBe(200);
    const third = await add(shopper, p, 1);
    expect(third.status).toBe(422);
    expect(third.body.shortages).toEqual([{ slug: p.slug, color: p.color, size: p.size, left: 2 }]);
    const lines = (await cart(shopper)).items;
    expect(lines.map((l) => [l.quantity, l.left, l.exceeds_stock])).toEqual([[2, 2, false]]);

    await setCount(p, 0);
    const other = await newShopper(t);
    const soldOut = await add(other, p, 1);
    expect(soldOut.status).toBe(422);
    expect(soldOut.body.message).toBe(`Size ${p.size} of this piece is sold out in ${p.color}.`);
  });

  it('counts each colour of a size apart: one sold out leaves the other for sale', async () => {
    const two = await t.database.db
      .select({ productId: productColors.productId, key: colors.key })
      .from(productColors)
      .innerJoin(colors, eq(colors.id, productColors.colorId))
      .orderBy(productColors.productId, productColors.sortOrder);
    const p = pieces.slice(next).find((x) => two.filter((c) => c.productId === x.productId).length >= 2)!;
    pieces.splice(pieces.indexOf(p), 1);
    const [first, second] = two.filter((c) => c.productId === p.productId).map((c) => c.key) as [
      string,
      string,
    ];
    await setCount(p, 2);
    await t.app.stock.setCount(p.slug, { color: second, size: p.size }, 1);
    const shopper = await newShopper(t);
    expect((await add(shopper, p, 2, first)).status).toBe(200);
    // The first colour's two pieces are in the cart; the second colour's one is its own.
    const res = await add(shopper, p, 2, second);
    expect(res.status).toBe(422);
    expect(res.body.shortages).toEqual([{ slug: p.slug, color: second, size: p.size, left: 1 }]);
    expect((await add(shopper, p, 1, second)).status).toBe(200);
    expect((await add(shopper, p, 1, first)).body.shortages).toEqual([
      { slug: p.slug, color: first, size: p.size, left: 2 },
    ]);
  });

  it('refuses raising a line beyond stock, allows lowering it, and flags a line the stock fell under', async () => {
    const p = piece();
    await setCount(p, 4);
    const shopper = await newShopper(t);
    await add(shopper, p, 3);
    const [lineId] = (await cart(shopper)).items.map((l) => l.id);
    const raised = await call(t, 'PUT', `/api/v1/cart/items/${lineId}`, shopper.token, { quantity: 5 });
    expect(raised.status).toBe(422);
    expect(raised.body).toMatchObject({
      message: `Only 4 left in size ${p.size} in ${p.color}.`,
      shortages: [{ slug: p.slug, color: p.color, size: p.size, left: 4 }],
    });
    expect((await cart(shopper)).items[0]?.quantity).toBe(3);

    await setCount(p, 1);
    const flagged = (await cart(shopper)).items[0]!;
    expect([flagged.quantity, flagged.left, flagged.exceeds_stock]).toEqual([3, 1, true]);
    // Checkout refuses it, naming what is left, before any money moves.
    const intent = await createIntent(t, shopper, Number(totalOf([line(p, 3)])));
    expect(intent.status).toBe(409);
    expect(intent.body.shortages).toEqual([{ slug: p.slug, color: p.color, size: p.size, left: 1 }]);
    expect(intent.body.message).toMatch(
      new RegExp(`^Some pieces in your cart are no longer in stock: Only 1 left of .+ in ${p.color}, size`),
    );
    expect(await t.database.db.select().from(payments).where(eq(payments.userId, shopper.id))).toEqual([]);

    const lowered = await call(t, 'PUT', `/api/v1/cart/items/${lineId}`, shopper.token, { quantity: 2 });
    expect(lowered.status).toBe(200);
    const fixed = await call(t, 'PUT', `/api/v1/cart/items/${lineId}`, shopper.token, { quantity: 1 });
    expect(fixed.body.data.cart.items[0]).toMatchObject({ quantity: 1, left: 1, exceeds_stock: false });
    expect((await createIntent(t, shopper, Number(totalOf([line(p, 1)])))).status).toBe(201);
  });

  it('checks the guest cart when it is merged: a sold-out size is skipped, too many are cut to what is left', async () => {
    const [gone, few, plenty] = [piece(), piece(), piece()];
    await setCount(gone, 0);
    await setCount(few, 2);
    await setCount(plenty, 6);
    const shopper = await newShopper(t);
    const item = (p: Article, quantity: number) => ({
      slug: p.slug,
      quantity,
      options: { color: p.color || null, size: p.size },
    });
    const res = await call(t, 'POST', '/api/v1/cart/merge', shopper.token, {
      items: [item(gone, 1), item(few, 3), item(plenty, 2)],
    });
    expect(res.status).toBe(200);
    const { cart: merged, skipped } = CartMergeResponseSchema.parse(res.body).data;
    expect(skipped).toEqual([
      {
        index: 0,
        slug: gone.slug,
        reason: 'sold_out',
        message: `Size ${gone.size} of this piece is sold out in ${gone.color}.`,
      },
      {
        index: 1,
        slug: few.slug,
        reason: 'reduced',
        message: `Only 2 left in size ${few.size} in ${few.color}: 2 added.`,
      },
    ]);
    expect(merged.items.map((i) => [i.product.slug, i.quantity, i.exceeds_stock])).toEqual([
      [few.slug, 2, false],
      [plenty.slug, 2, false],
    ]);
  });
});

describe('payments hold the pieces', () => {
  it('holds the cart at the intent: others are told before paying, the holder keeps their pieces', async () => {
    const p = piece();
    await setCount(p, 2);
    const holder = await newShopper(t);
    await fillCart(t, holder, [line(p, 2)]);
    const intent = await createIntent(t, holder, Number(totalOf([line(p, 2)])));
    expect(intent.status).toBe(201);
    expect(await row(p)).toEqual({ stock: 2, reserved: 2 });
    await expect.poll(() => sizeOf(p), { timeout: 3000 }).toEqual({ name: p.size, in_stock: false, left: 0 });

    const other = await newShopper(t);
    expect((await add(other, p, 1)).body.shortages).toEqual([
      { slug: p.slug, color: p.color, size: p.size, left: 0 },
    ]);
    await fillCart(t, other, [line(p, 1)]);
    const refused = await createIntent(t, other, Number(totalOf([line(p, 1)])));
    expect(refused.status).toBe(409);
    expect(refused.body.message).toContain(`is sold out in ${p.color}, size`);
    expect(await t.database.db.select().from(payments).where(eq(payments.userId, other.id))).toEqual([]);

    // The holder's own hold is theirs: their cart is not flagged, and a second intent (another tab) takes the
    // hold over instead of holding twice.
    expect((await cart(holder)).items[0]).toMatchObject({ exceeds_stock: false, left: 2 });
    const again = await createIntent(t, holder, Number(totalOf([line(p, 2)])));
    expect(again.status).toBe(201);
    expect(await row(p)).toEqual({ stock: 2, reserved: 2 });
    const holds = await t.database.db.select().from(stockHolds).where(eq(stockHolds.userId, holder.id));
    expect(holds.map((h) => [h.paymentId, h.quantity])).toEqual([
      [(await paymentOf(again.body.data.paymentIntentId)).id, 2],
    ]);
  });

  it('holds the cart afresh when the intent is re-priced, and keeps the old hold when a piece is missing', async () => {
    const [p, q] = [piece(), piece()];
    await setCount(p, 3);
    await setCount(q, 1);
    const shopper = await newShopper(t);
    await fillCart(t, shopper, [line(p, 1)]);
    const intent = await createIntent(t, shopper, Number(totalOf([line(p, 1)])));
    const { paymentIntentId } = intent.body.data;
    clock += 10 * 60_000;

    await fillCart(t, shopper, [line(p, 2)]);
    const updated = await call(t, 'POST', '/api/v1/payments/update-payment-intent', shopper.token, {
      paymentIntentId,
      amount: Number(totalOf([line(p, 2)])),
    });
    expect(updated.status).toBe(200);
    expect(await row(p)).toEqual({ stock: 3, reserved: 2 });
    const [hold] = await t.database.db
      .select()
      .from(stockHolds)
      .where(eq(stockHolds.paymentId, (await paymentOf(paymentIntentId)).id));
    expect(hold!.expiresAt.getTime()).toBe(clock + HOLD_MS);

    await fillCart(t, shopper, [line(p, 2), line(q, 2)]);
    const short = await call(t, 'POST', '/api/v1/payments/update-payment-intent', shopper.token, {
      paymentIntentId,
      amount: Number(totalOf([line(p, 2), line(q, 2)])),
    });
    expect(short.status).toBe(409);
    expect(short.body.shortages).toEqual([{ slug: q.slug, color: q.color, size: q.size, left: 1 }]);
    expect(await row(p)).toEqual({ stock: 3, reserved: 2 });
    expect(await row(q)).toEqual({ stock: 1, reserved: 0 });
  });

  it('takes the held pieces with the order, and gives them back when the card is declined', async () => {
    const p = piece();
    await setCount(p, 3);
    const buyer = await newShopper(t);
    await buy(buyer, [line(p, 2)]);
    expect(await row(p)).toEqual({ stock: 1, reserved: 0 });
    expect(await t.database.db.select().from(stockHolds).where(eq(stockHolds.userId, buyer.id))).toEqual([]);

    const declined = await newShopper(t);
    const { intentId, clientSecret, confirmed } = await pay(t, declined, [line(p, 1)], '4000000000000002');
    expect(confirmed.body.data.paymentIntent.status).toBe('failed');
    expect(await row(p)).toEqual({ stock: 1, reserved: 0 });
    // Before trying another card the checkout holds the pieces again.
    const rehold = await call(t, 'POST', '/api/v1/payments/update-payment-intent', declined.token, {
      paymentIntentId: intentId,
      amount: Number(totalOf([line(p, 1)])),
    });
    expect(rehold.status).toBe(200);
    expect(await row(p)).toEqual({ stock: 1, reserved: 1 });
    expect((await confirmCard(t, declined, clientSecret)).body.data.paymentIntent.status).toBe('succeeded');
    expect((await placeOrder(declined, [line(p, 1)], intentId)).status).toBe(201);
    expect(await row(p)).toEqual({ stock: 0, reserved: 0 });
  });

  it('gives back an unpaid hold when it expires (fake clock) and cancels its intent so it cannot be paid', async () => {
    // The holds of the stories above expire first, out of this one's way.
    clock += HOLD_MS + 1000;
    await t.app.stock.sweep();
    const p = piece();
    await setCount(p, 1);
    const shopper = await newShopper(t);
    await fillCart(t, shopper, [line(p, 1)]);
    const intent = (await createIntent(t, shopper, Number(totalOf([line(p, 1)])))).body.data;
    expect(await row(p)).toEqual({ stock: 1, reserved: 1 });

    clock += HOLD_MS - 60_000;
    expect((await t.app.stock.sweep()).expired).toBe(0);
    expect(await row(p)).toEqual({ stock: 1, reserved: 1 });

    clock += 2 * 60_000;
    expect((await t.app.stock.sweep()).expired).toBe(1);
    expect(await row(p)).toEqual({ stock: 1, reserved: 0 });
    expect((await paymentOf(intent.paymentIntentId)).status).toBe('canceled');
    await expect.poll(() => sizeOf(p), { timeout: 3000 }).toEqual({ name: p.size, in_stock: true, left: 1 });

    const late = await confirmCard(t, shopper, intent.clientSecret);
    expect(late.body.data.paymentIntent.status).toBe('canceled');
    expect(late.body.data.error.code).toBe('payment_intent_unexpected_state');
    const update = await call(t, 'POST', '/api/v1/payments/update-payment-intent', shopper.token, {
      paymentIntentId: intent.paymentIntentId,
      amount: intent.amount,
    });
    expect(update.status).toBe(409);
    // A fresh intent holds the piece again.
    expect((await createIntent(t, shopper, intent.amount)).status).toBe(201);
    expect(await row(p)).toEqual({ stock: 1, reserved: 1 });
  });

  it('never gives a piece back twice when sweeps run at the same time', async () => {
    const p = piece();
    await setCount(p, 6);
    const shoppers = await Promise.all(Array.from({ length: 6 }, () => newShopper(t)));
    for (const s of shoppers) {
      await fillCart(t, s, [line(p, 1)]);
      expect((await createIntent(t, s, Number(totalOf([line(p, 1)])))).status).toBe(201);
    }
    expect(await row(p)).toEqual({ stock: 6, reserved: 6 });
    clock += HOLD_MS + 1000;
    const results = await Promise.all([t.app.stock.sweep(), t.app.stock.sweep(), t.app.stock.sweep()]);
    expect(results.reduce((n, r) => n + r.expired, 0)).toBeGreaterThanOrEqual(6);
    expect(await row(p)).toEqual({ stock: 6, reserved: 0 });
    expect(await t.app.stock.sweep()).toEqual({ expired: 0, refunds: 0 });
  });

  it('puts the pieces of an order cancelled before shipping back on sale, once', async () => {
    const p = piece();
    await setCount(p, 2);
    const buyer = await newShopper(t);
    const { orderId } = await buy(buyer, [line(p, 2)]);
    expect(await row(p)).toEqual({ stock: 0, reserved: 0 });
    const admin = await newShopper(t, 'Lalla Owner');
    await makeAdmin(t, admin);
    const move = async (id: number, status: string) => {
      const [o] = await t.database.db
        .select({ version: orders.version })
        .from(orders)
        .where(eq(orders.id, id));
      return call(t, 'PATCH', `/api/v1/orders/${id}/status`, admin.token, { status, version: o!.version });
    };
    const cancel = () => move(orderId, 'cancelled');
    expect((await cancel()).status).toBe(200);
    expect(await row(p)).toEqual({ stock: 2, reserved: 0 });
    expect((await cancel()).status).toBe(409);
    expect(await row(p)).toEqual({ stock: 2, reserved: 0 });

    // Shipped pieces are gone: a shipped order cannot be cancelled, and nothing comes back.
    const second = await buy(await newShopper(t), [line(p, 1)]);
    await move(second.orderId, 'shipped');
    expect((await move(second.orderId, 'cancelled')).status).toBe(409);
    expect(await row(p)).toEqual({ stock: 1, reserved: 0 });
  });
});

describe('a payment with no piece behind it', () => {
  /**
   * The way it happens: the shopper's hold was given back (a declined card), someone else bought the last
   * piece, then the shopper paid the same intent with another card without holding again.
   */
  async function paidWithoutPiece(p: Article) {
    await setCount(p, 1);
    const late = await newShopper(t, 'Late Shopper');
    const first = await pay(t, late, [line(p, 1)], '4000000000000002');
    expect(await row(p)).toEqual({ stock: 1, reserved: 0 });
    await buy(await newShopper(t), [line(p, 1)]);
    expect(await row(p)).toEqual({ stock: 0, reserved: 0 });
    expect((await confirmCard(t, late, first.clientSecret)).body.data.paymentIntent.status).toBe('succeeded');
    return { late, intentId: first.intentId };
  }

  it('is refunded through the sandbox, recorded on the payment, raised as an error, and makes no order', async () => {
    const p = piece();
    const alerts = vi.spyOn(t.app.log, 'error');
    try {
      const { late, intentId } = await paidWithoutPiece(p);
      const answer = await placeOrder(late, [line(p, 1)], intentId);
      expect(answer.status).toBe(409);
      expect(ErrorEnvelopeSchema.parse(answer.body)).toMatchObject({
        refunded: true,
        shortages: [{ slug: p.slug, color: p.color, size: p.size, left: 0 }],
      });
      expect(answer.body.message).toContain(`Your payment of AED ${p.price} has been refunded in full.`);
      const payment = await paymentOf(intentId);
      expect(await t.database.db.select().from(orders).where(eq(orders.paymentId, payment.id))).toEqual([]);
      const [refund] = await t.database.db.select().from(refunds).where(eq(refunds.paymentId, payment.id));
      expect(refund).toMatchObject({ status: 'succeeded', amount: p.price, attempts: 1, lastError: null });
      expect(refund!.gatewayRefundId).toMatch(/^re_/);
      expect(refund!.refundedAt).toBeInstanceOf(Date);
      expect(await row(p)).toEqual({ stock: 0, reserved: 0 });
      const raised = alerts.mock.calls.filter(
        ([o]) => (o as { alert?: string }).alert === 'payment_refunded_no_stock',
      );
      expect(raised).toHaveLength(1);
      expect(raised[0]![0]).toMatchObject({ paymentId: payment.id, refund: { status: 'succeeded' } });

      // Asked again: the same refusal, no second refund, no second alert, still no order.
      const again = await placeOrder(late, [line(p, 1)], intentId);
      expect(again.status).toBe(409);
      expect(again.body.refunded).toBe(true);
      expect(
        (await t.database.db.select().from(refunds).where(eq(refunds.paymentId, payment.id)))[0]?.attempts,
      ).toBe(1);
      expect(
        alerts.mock.calls.filter(([o]) => (o as { alert?: string }).alert === 'payment_refunded_no_stock'),
      ).toHaveLength(1);
    } finally {
      alerts.mockRestore();
    }
  });

  it('is refunded, not made into an order, when reconciliation finds it', async () => {
    const p = piece();
    const { intentId } = await paidWithoutPiece(p);
    const payment = await paymentOf(intentId);
    expect(await t.app.reconciler.sweep(0)).toBe(0);
    expect(await t.database.db.select().from(orders).where(eq(orders.paymentId, payment.id))).toEqual([]);
    expect(
      (await t.database.db.select().from(refunds).where(eq(refunds.paymentId, payment.id)))[0]?.status,
    ).toBe('succeeded');
    // Never looked at again.
    expect(await t.app.reconciler.sweep(0)).toBe(0);
  });

  it('still gets its piece when the hold expired but the piece is still free', async () => {
    const p = piece();
    await setCount(p, 1);
    const shopper = await newShopper(t);
    const { intentId, clientSecret } = await (async () => {
      await fillCart(t, shopper, [line(p, 1)]);
      const res = await createIntent(t, shopper, Number(totalOf([line(p, 1)])));
      return { intentId: res.body.data.paymentIntentId, clientSecret: res.body.data.clientSecret };
    })();
    // The hold is given back (another tab started over, then gave up), the piece stays free.
    await t.app.stock.release((await paymentOf(intentId)).id);
    expect((await confirmCard(t, shopper, clientSecret)).body.data.paymentIntent.status).toBe('succeeded');
    expect((await placeOrder(shopper, [line(p, 1)], intentId)).status).toBe(201);
    expect(await row(p)).toEqual({ stock: 0, reserved: 0 });
  });
});

describe('npm run stock', () => {
  let dataDir: string;
  const run = async (...argv: string[]) => {
    const out: string[] = [];
    const err: string[] = [];
    const code = await stockCommand(argv, {
      out: (l) => out.push(l),
      err: (l) => err.push(l),
      env: { DATA_DIR: dataDir, LOG_LEVEL: 'silent' },
    });
    return { code, out: out.join('\n'), err: err.join('\n') };
  };
  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'boutique-stock-'));
    const handle = await openDatabase({ databaseUrl: undefined, pgliteDir: join(dataDir, 'db') });
    await migrateDatabase(handle);
    await seedDemoCatalog(handle, demoCatalogue);
    await handle.close();
  });
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it('sets and shows the pieces of a colour and size, and refuses what is not a product, a variant or a count', async () => {
    const set = await run('Zahra-Emerald-Velvet-Caftan', 'm', '4', '--color=Emerald');
    expect(set).toEqual({
      code: 0,
      out: 'zahra-emerald-velvet-caftan emerald, size M: 4 for sale; -2 in the stock history.',
      err: '',
    });
    expect((await run('zahra-emerald-velvet-caftan', 'M', '٤', '--color=emerald')).out).toBe(
      'zahra-emerald-velvet-caftan emerald, size M: 4 for sale, unchanged.',
    );
    expect(await run('zahra-emerald-velvet-caftan', 'M', '2')).toMatchObject({
      code: 1,
      err: 'zahra-emerald-velvet-caftan comes in several colours: name one with --color=<colour> (emerald, midnight-blue, bordeaux).',
    });
    expect((await run('zahra-emerald-velvet-caftan', 'M', '2', '--color=purple')).err).toBe(
      'zahra-emerald-velvet-caftan has no colour "purple"; its colours are emerald, midnight-blue, bordeaux.',
    );
    expect((await run('zahra-emerald-velvet-caftan', 'M', '2', '--color=bordeaux')).out).toBe(
      'zahra-emerald-velvet-caftan bordeaux, size M: 2 for sale; +2 in the stock history.',
    );
    const shown = await run('zahra-emerald-velvet-caftan');
    expect(shown.code).toBe(0);
    expect(shown.out.split('\n')).toEqual([
      'zahra-emerald-velvet-caftan (active)',
      '  emerald       S      3 for sale',
      '  emerald       M      4 for sale',
      '  emerald       L      6 for sale',
      '  emerald       XL     5 for sale',
      '  midnight-blue S      0 for sale',
      '  midnight-blue M      0 for sale',
      '  midnight-blue L      0 for sale',
      '  midnight-blue XL     0 for sale',
      '  bordeaux      S      0 for sale',
      '  bordeaux      M      2 for sale',
      '  bordeaux      L      0 for sale',
      '  bordeaux      XL     0 for sale',
    ]);

    expect(await run('no-such-piece', 'M', '1')).toMatchObject({
      code: 1,
      err: 'No product has the slug "no-such-piece".',
    });
    expect((await run('rim-midnight-blue-takchita', 'S', '1')).err).toBe(
      'rim-midnight-blue-takchita does not come in size S; its sizes are M, L, XL.',
    );
    for (const bad of ['1.5', 'many', '100001']) {
      const res = await run('zahra-emerald-velvet-caftan', 'M', bad);
      expect(res.code, bad).toBe(2);
      expect(res.err).toContain('The count must be a whole number from 0 to 100000');
    }
    expect((await run('zahra-emerald-velvet-caftan', 'M', '+0')).err).toContain('The change may not be 0.');
    expect((await run('zahra-emerald-velvet-caftan', 'M', '-1', '--reason=received')).err).toContain(
      'Pieces received or returned are added',
    );
    expect((await run('zahra-emerald-velvet-caftan', 'M', '9', '--note=recount')).code).toBe(2);
    expect((await run('zahra-emerald-velvet-caftan', 'M')).code).toBe(2);
    expect((await run()).code).toBe(2);
    expect((await run('zahra-emerald-velvet-caftan')).out).toContain('  emerald       M      4 for sale');
  });

  it('adds or takes away pieces with a reason, each change in the stock history with the command as its source', async () => {
    const emerald = '--color=emerald';
    expect(
      (await run('zahra-emerald-velvet-caftan', 'L', '+2', '--note=from the workshop', emerald)).out,
    ).toBe('zahra-emerald-velvet-caftan emerald, size L: 8 for sale; +2 in the stock history.');
    expect((await run('zahra-emerald-velvet-caftan', 'L', '−1', '--reason=damaged', emerald)).out).toBe(
      'zahra-emerald-velvet-caftan emerald, size L: 7 for sale; -1 in the stock history.',
    );
    expect((await run('zahra-emerald-velvet-caftan', 'L', '-8', emerald)).err).toBe(
      'There are only 7 pieces of emerald, size L: the change may not be below -7.',
    );
    expect((await run('zahra-emerald-velvet-caftan', 'L', '+1', '--color=midnight-blue')).out).toBe(
      'zahra-emerald-velvet-caftan midnight-blue, size L: 1 for sale; +1 in the stock history.',
    );
    const handle = await openDatabase({ databaseUrl: undefined, pgliteDir: join(dataDir, 'db') });
    try {
      const moves = await handle.db
        .select()
        .from(stockMovements)
        .innerJoin(products, eq(products.id, stockMovements.productId))
        .where(eq(products.slug, 'zahra-emerald-velvet-caftan'))
        .orderBy(stockMovements.id);
      expect(
        moves.map(({ stock_movements: m }) => [
          m.color,
          m.size,
          m.delta,
          m.reason,
          m.source,
          m.note,
          m.stockAfter,
        ]),
      ).toEqual([
        ['emerald', 'M', -2, 'correction', 'command', 'set to 4 with npm run stock', 4],
        ['bordeaux', 'M', 2, 'correction', 'command', 'set to 2 with npm run stock', 2],
        ['emerald', 'L', 2, 'received', 'command', 'from the workshop', 8],
        ['emerald', 'L', -1, 'damaged', 'command', null, 7],
        ['midnight-blue', 'L', 1, 'received', 'command', null, 1],
      ]);
    } finally {
      await handle.close();
    }
  });

  it('cannot set a size below what payments under way hold', async () => {
    const p = piece();
    await setCount(p, 3);
    const shopper = await newShopper(t);
    await fillCart(t, shopper, [line(p, 2)]);
    expect((await createIntent(t, shopper, Number(totalOf([line(p, 2)])))).status).toBe(201);
    await expect(setCount(p, 1)).rejects.toThrow(
      `2 pieces of ${p.slug} in ${p.color}, size ${p.size} are held by payments under way: set at least that many`,
    );
    expect(await row(p)).toEqual({ stock: 3, reserved: 2 });
    expect(await setCount(p, 2)).toMatchObject({ stock: 2, reserved: 2 });
  });
});

it('keeps every count between 0 and what is not sold, whatever the stories above did', async () => {
  const rows = await t.database.db.select().from(productStock);
  for (const r of rows) {
    expect(r.reserved).toBeGreaterThanOrEqual(0);
    expect(r.reserved).toBeLessThanOrEqual(r.stock);
  }
  const held = await t.database.db.select().from(stockHolds);
  for (const r of rows) {
    const sum = held
      .filter((h) => h.productId === r.productId && h.color === r.color && h.size === r.size)
      .reduce((n, h) => n + h.quantity, 0);
    expect(sum, `${r.productId} ${r.color} ${r.size}`).toBe(r.reserved);
  }
});
