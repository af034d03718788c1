import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, inArray } from 'drizzle-orm';
import { vatIncludedFils, type Order, type ServerCart } from '@boutique/contracts';
import { categories, discountRedemptions, orders, products } from '../src/db/schema/index.js';
import { fromFils, toFils } from '../src/lib/money.js';
import { redeemForOrder } from '../src/modules/discounts/index.js';
import { startTestApp, type TestApp } from './helpers.js';
import {
  address,
  articles,
  call,
  confirmCard,
  createIntent,
  fillCart,
  generousLimits,
  newShopper,
  plentyOfStock,
  type Article,
  type CartLine,
  type Shopper,
} from './support/shop.js';
import { newAdmin, orderOf, refund } from './support/after-sale.js';

/** Discount codes (DESIGN section 17): the owner's codes, the shopper's cart, the payment, the order and after. */
const MINUTE = 60_000;
let clock = Date.now();
let t: TestApp;
let admin: Shopper;
let stock: (Article & { categoryId: number; category: string })[];
let seq = 0;

beforeAll(async () => {
  t = await startTestApp(
    {
      ...generousLimits,
      SHOP_TRN: '100123456700003',
      RECONCILE_AFTER_S: '3600',
      RECONCILE_INTERVAL_S: '0',
      OUTBOX_WORKER: 'false',
      STOCK_HOLD_MINUTES: '15',
      STOCK_HOLD_MAX_PIECES_PER_IP: '10000',
      // The race speaks for many networks through the proxy it trusts (one network's holds queue behind its lock).
      TRUST_PROXY: '127.0.0.1',
    },
    { now: () => new Date(clock) },
  );
  await plentyOfStock(t, 1000);
  const list = await articles(t, 40);
  const cats = await t.database.db
    .select({ id: products.id, categoryId: products.categoryId, slug: categories.slug })
    .from(products)
    .innerJoin(categories, eq(categories.id, products.categoryId))
    .where(
      inArray(
        products.id,
        list.map((a) => a.productId),
      ),
    );
  const byId = new Map(cats.map((c) => [c.id, c]));
  stock = list.map((a) => ({
    ...a,
    categoryId: byId.get(a.productId)!.categoryId,
    category: byId.get(a.productId)!.slug,
  }));
  admin = await newAdmin(t);
});
afterAll(() => t?.close());

const code = (prefix = 'EID') => `${prefix}${++seq}${Date.now() % 100000}`;
const create = (body: Record<string, unknown>) =>
  call(t, 'POST', '/api/v1/admin/discounts', admin.token, body);
async function discount(body: Record<string, unknown>) {
  const res = await create({ code: code(), kind: 'percent', value: '20', ...body });
  if (res.status !== 201) throw new Error(`discount: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.data.discount as { id: number; code: string; version: number };
}
const apply = (shopper: Shopper, typed: string) =>
  call(t, 'POST', '/api/v1/cart/discount', shopper.token, { code: typed });
const cartOf = async (shopper: Shopper) =>
  (await call(t, 'GET', '/api/v1/cart', shopper.token)).body.data.cart as ServerCart;
const lineOf = (i: number, quantity = 1): CartLine => ({ ...stock[i]!, quantity });
const fils = (lines: CartLine[]) => lines.reduce((s, l) => s + toFils(l.price) * l.quantity, 0);

async function shopperWith(lines: CartLine[], typed?: string) {
  const shopper = await newShopper(t);
  await fillCart(t, shopper, lines);
  if (typed) {
    const res = await apply(shopper, typed);
    if (res.status !== 200) throw new Error(`apply: ${res.status} ${JSON.stringify(res.body)}`);
  }
  return shopper;
}

/** Intent for the cart's total as the server answers it, paid by card, then the order call. */
async function order(shopper: Shopper, lines: CartLine[]): Promise<Order> {
  const total = (await cartOf(shopper)).totals.total;
  const intent = await createIntent(t, shopper, total);
  if (intent.status !== 201) throw new Error(`intent: ${intent.status} ${JSON.stringify(intent.body)}`);
  const { paymentIntentId, clientSecret } = intent.body.data as {
    paymentIntentId: string;
    clientSecret: string;
  };
  await confirmCard(t, shopper, clientSecret, '4242424242424242', { billing_details: address() });
  const placed = await call(
    t,
    'POST',
    '/api/v1/orders',
    shopper.token,
    orderBody(lines, paymentIntentId, total),
  );
  if (placed.status !== 201) throw new Error(`order: ${placed.status} ${JSON.stringify(placed.body)}`);
  return orderOf(t, shopper, placed.body.data.order_id as number);
}
const orderBody = (lines: CartLine[], intentId: string, total: string) => ({
  total_amount: Number(total),
  currency: 'AED',
  transaction_id: intentId,
  payment_status: 'succeeded',
  billing_address: address(),
  items: lines.map((l) => ({
    product_slug: l.slug,
    quantity: l.quantity,
    price: Number(l.price),
    options: { color: l.color || null, size: l.size },
  })),
});

describe('the owner’s discount codes', () => {
  it('creates, lists, changes with its version and refuses what is wrong with coded field errors', async () => {
    const created = await create({ code: 'Ramadan25', kind: 'percent', value: '25', usage_limit: 100 });
    expect(created.status).toBe(201);
    const d = created.body.data.discount;
    expect(d).toMatchObject({
      code: 'Ramadan25',
      kind: 'percent',
      value: '25.00',
      usage_limit: 100,
      active: true,
      version: 1,
    });

    const again = await create({ code: 'RAMADAN25', kind: 'amount', value: '10' });
    expect(again.status).toBe(422);
    expect(again.body.error_codes.code).toEqual(['taken']);

    const bad = await create({ code: 'x', kind: 'percent', value: '120', ends_at: 'tomorrow' });
    expect(bad.status).toBe(422);
    expect(Object.keys(bad.body.error_codes).sort()).toEqual(['code', 'ends_at', 'value']);

    const badCategory = await create({
      code: code(),
      kind: 'percent',
      value: '5',
      category: 'no-such-thing',
    });
    expect(badCategory.body.error_codes.category).toEqual(['not_found']);

    const shopper = await newShopper(t);
    expect((await call(t, 'GET', '/api/v1/admin/discounts', shopper.token)).status).toBe(403);
    expect(
      (
        await call(t, 'POST', '/api/v1/admin/discounts', shopper.token, {
          code: 'NOPE1',
          kind: 'free_shipping',
        })
      ).status,
    ).toBe(403);

    const changed = await call(t, 'PATCH', `/api/v1/admin/discounts/${d.id}`, admin.token, {
      value: '30',
      version: 1,
    });
    expect(changed.status).toBe(200);
    expect(changed.body.data.discount).toMatchObject({ value: '30.00', version: 2 });
    const stale = await call(t, 'PATCH', `/api/v1/admin/discounts/${d.id}`, admin.token, {
      value: '40',
      version: 1,
    });
    expect(stale.status).toBe(409);
    expect(stale.body.code).toBe('stale');
    const tooMuch = await call(t, 'PATCH', `/api/v1/admin/discounts/${d.id}`, admin.token, {
      value: '101',
      version: 2,
    });
    expect(tooMuch.status).toBe(422);

    const list = await call(t, 'GET', '/api/v1/admin/discounts', admin.token);
    expect(list.body.data.discounts.find((x: { id: number }) => x.id === d.id)).toMatchObject({
      value: '30.00',
      usage: { uses: 0, held: 0, customers: 0, discounted: '0.00', revenue: '0.00' },
    });

    // Never used: deleted.
    const gone = await call(t, 'DELETE', `/api/v1/admin/discounts/${d.id}`, admin.token, { version: 2 });
    expect(gone.status).toBe(200);
    expect(gone.body.data.outcome).toBe('deleted');
  });
});

describe('applying a code to the cart', () => {
  it('refuses each reason with its code, and keeps the cart as it was', async () => {
    const lines = [lineOf(0, 2), lineOf(1)];
    const shopper = await shopperWith(lines);
    const refused = async (typed: string, expected: string) => {
      const res = await apply(shopper, typed);
      expect(res.status, typed).toBe(422);
      expect(res.body.code).toBe(expected);
      expect(res.body.error_codes.code).toHaveLength(1);
      return res;
    };
    await refused('NO-SUCH-CODE', 'discount_unknown');
    const off = await discount({ active: false });
    await refused(off.code, 'discount_unknown');
    const past = await discount({
      starts_at: new Date(clock - 10 * 86_400_000).toISOString(),
      ends_at: new Date(clock - 86_400_000).toISOString(),
    });
    await refused(past.code, 'discount_expired');
    const future = await discount({ starts_at: new Date(clock + 86_400_000).toISOString() });
    await refused(future.code, 'discount_not_started');
    const minimum = fromFils(fils(lines) + 100);
    const high = await discount({ min_subtotal: minimum });
    const below = await refused(high.code, 'discount_below_minimum');
    expect(below.body.minimum).toBe(minimum);
    const other = stock.find(
      (a) => a.categoryId !== stock[0]!.categoryId && a.categoryId !== stock[1]!.categoryId,
    );
    const elsewhere = await discount({ category: other!.category });
    await refused(elsewhere.code, 'discount_not_eligible');
    const products = await discount({ product_ids: [stock[5]!.productId] });
    await refused(products.code, 'discount_not_eligible');
    expect((await cartOf(shopper)).discount).toBeNull();
  });

  it('finds a code whatever its case, and limits how many codes one account tries', async () => {
    const d = await discount({});
    const shopper = await shopperWith([lineOf(0)]);
    const res = await apply(shopper, d.code.toLowerCase());
    expect(res.status).toBe(200);
    expect(res.body.data.cart.discount.code).toBe(d.code);
    let last = 200;
    for (let i = 0; i < 12 && last !== 429; i += 1) last = (await apply(shopper, `GUESS${i}`)).status;
    expect(last).toBe(429);
  });

  it('percent: on the eligible lines only, rounded half up to the fils once; shares add up to it', async () => {
    const a = stock[0]!;
    const b = stock.find((x) => x.categoryId !== a.categoryId)!;
    const lines: CartLine[] = [
      { ...a, quantity: 1 },
      { ...b, quantity: 1 },
    ];
    const d = await discount({ kind: 'percent', value: '12.5', category: a.category });
    const shopper = await shopperWith(lines, d.code);
    const cart = await cartOf(shopper);
    const expected = Math.round((toFils(a.price) * 1250) / 10_000);
    expect(cart.discount).toMatchObject({ code: d.code, amount: fromFils(expected), problem: null });
    expect(cart.totals).toEqual({
      subtotal: fromFils(fils(lines)),
      shipping: '0.00',
      discount: fromFils(expected),
      total: fromFils(fils(lines) - expected),
    });
    expect(cart.total_amount).toBe(cart.totals.total);
  });

  it('amount: never more than the eligible pieces; free_shipping: takes off the shipping (0 today)', async () => {
    const lines = [lineOf(2)];
    const big = await discount({
      kind: 'amount',
      value: fromFils(fils(lines) + 50_000),
      product_ids: [stock[2]!.productId],
    });
    const shopper = await shopperWith(lines, big.code);
    expect((await cartOf(shopper)).totals).toMatchObject({ discount: fromFils(fils(lines)), total: '0.00' });
    const ship = await discount({ kind: 'free_shipping', value: '0' });
    expect((await apply(shopper, ship.code)).status).toBe(200);
    const cart = await cartOf(shopper);
    expect(cart.discount).toMatchObject({ code: ship.code, kind: 'free_shipping', amount: '0.00' });
    expect(cart.totals.total).toBe(fromFils(fils(lines)));
    expect(
      (await call(t, 'DELETE', '/api/v1/cart/discount', shopper.token)).body.data.cart.discount,
    ).toBeNull();
  });

  it('a code that stops applying as the cart changes is shown so, and checkout is refused until it goes', async () => {
    const lines = [lineOf(3, 2)];
    const d = await discount({ min_subtotal: fromFils(fils(lines)) });
    const shopper = await shopperWith(lines, d.code);
    await fillCart(t, shopper, [lineOf(3, 1)]);
    const cart = await cartOf(shopper);
    expect(cart.discount).toMatchObject({
      problem: 'discount_below_minimum',
      amount: '0.00',
      minimum: fromFils(fils(lines)),
    });
    expect(cart.totals.total).toBe(fromFils(fils([lineOf(3, 1)])));
    const intent = await createIntent(t, shopper, cart.totals.total);
    expect(intent.status).toBe(409);
    expect(intent.body.code).toBe('discount_no_longer_applies');
  });
});

describe('paying with a code', () => {
  it('the intent is for the discounted total; another total is refused; the order, invoice and refunds use the server’s figure', async () => {
    const lines = [lineOf(4, 2), lineOf(6, 1)];
    const d = await discount({ kind: 'percent', value: '20' });
    const shopper = await shopperWith(lines, d.code);
    const discountFils = Math.round(fils(lines) * 0.2);
    const total = fromFils(fils(lines) - discountFils);

    expect((await createIntent(t, shopper, fromFils(fils(lines)))).status).toBe(409);
    const intent = await createIntent(t, shopper, total);
    expect(intent.status).toBe(201);
    expect(intent.body.data.amount).toBe(total);
    const { paymentIntentId, clientSecret } = intent.body.data;
    await confirmCard(t, shopper, clientSecret, '4242424242424242', { billing_details: address() });

    const greedy = await call(
      t,
      'POST',
      '/api/v1/orders',
      shopper.token,
      orderBody(lines, paymentIntentId, fromFils(fils(lines))),
    );
    expect(greedy.status).toBe(409);
    const placed = await call(
      t,
      'POST',
      '/api/v1/orders',
      shopper.token,
      orderBody(lines, paymentIntentId, total),
    );
    expect(placed.status).toBe(201);
    const seen = await orderOf(t, shopper, placed.body.data.order_id as number);
    expect(seen).toMatchObject({
      subtotal: fromFils(fils(lines)),
      discount_code: d.code,
      discount_amount: fromFils(discountFils),
      total_amount: total,
    });
    const shares = seen.items.map((i) => toFils(i.discount));
    expect(shares.reduce((a, b) => a + b, 0)).toBe(discountFils);

    const invoice = (await call(t, 'GET', `/api/v1/orders/${seen.id}/invoice`, shopper.token)).body.data
      .invoice;
    expect(invoice.discount).toEqual({ code: d.code, amount: fromFils(discountFils) });
    expect(invoice.total).toBe(total);
    expect(invoice.vat).toBe(fromFils(vatIncludedFils(toFils(total))));

    // A line refunded gives back its share of the discounted total, never its full price.
    const item = seen.items.find((i) => i.quantity === 2)!;
    const res = await refund(t, admin, seen.id, {
      lines: [{ line_id: item.id, quantity: 1 }],
      restock: false,
      reason: 'Too long',
    });
    expect(res.status).toBe(201);
    const charged = toFils(item.price) * 2 - toFils(item.discount);
    expect(res.body.data.refund.amount).toBe(fromFils(Math.floor(charged / 2)));

    // Its use is counted; the cart forgot nothing else; the used code is archived, not deleted.
    const list = await call(t, 'GET', '/api/v1/admin/discounts', admin.token);
    expect(list.body.data.discounts.find((x: { id: number }) => x.id === d.id).usage).toEqual({
      uses: 1,
      held: 0,
      customers: 1,
      discounted: fromFils(discountFils),
      revenue: total,
    });
    const archived = await call(t, 'DELETE', `/api/v1/admin/discounts/${d.id}`, admin.token, {
      version: d.version,
    });
    expect(archived.body.data.outcome).toBe('archived');
    expect((await t.database.db.select().from(orders).where(eq(orders.id, seen.id)))[0]!.discountCode).toBe(
      d.code,
    );
    expect((await apply(await shopperWith([lineOf(0)]), d.code)).body.code).toBe('discount_unknown');
  });

  it('a limit per customer holds: the second order with the code is refused', async () => {
    const d = await discount({ per_customer_limit: 1 });
    const lines = [lineOf(7)];
    const shopper = await shopperWith(lines, d.code);
    await order(shopper, lines);
    await fillCart(t, shopper, lines);
    const res = await apply(shopper, d.code);
    expect(res.body.code).toBe('discount_customer_limit');
  });

  it('a hold given back (expired) gives its use back', async () => {
    const d = await discount({ usage_limit: 1 });
    const lines = [lineOf(8)];
    const first = await shopperWith(lines, d.code);
    const second = await shopperWith(lines, d.code);
    const total = (await cartOf(first)).totals.total;
    expect((await createIntent(t, first, total)).status).toBe(201);
    const refused = await createIntent(t, second, total);
    expect(refused.status).toBe(422);
    expect(refused.body.code).toBe('discount_used_up');
    clock += 16 * MINUTE;
    await t.app.stock.sweep();
    expect((await createIntent(t, second, total)).status).toBe(201);
  });
});

describe('an order made without a card payment (cash on delivery, by the owner)', () => {
  it('redeems a use in the order’s transaction, under the same limits', async () => {
    const d = await discount({ usage_limit: 1 });
    const lines = [lineOf(1)];
    const shopper = await shopperWith(lines);
    const placed = await order(shopper, lines);
    const redeem = () =>
      t.database.db.transaction((tx) =>
        redeemForOrder(tx, { discountId: d.id, userId: shopper.id, orderId: placed.id, amountFils: 500 }),
      );
    await redeem();
    await expect(redeem()).rejects.toMatchObject({ statusCode: 422, details: { code: 'discount_used_up' } });
    const list = await call(t, 'GET', '/api/v1/admin/discounts', admin.token);
    expect(list.body.data.discounts.find((x: { id: number }) => x.id === d.id).usage).toMatchObject({
      uses: 1,
      customers: 1,
      discounted: '5.00',
    });
  });
});

describe('shoppers racing for a code', () => {
  it('50 shoppers, 10 uses: exactly 10 orders use it, the other 40 are refused “used up” before paying', async () => {
    const d = await discount({ kind: 'amount', value: '10', usage_limit: 10 });
    // Different pieces and networks, so that nothing but the code makes them wait for each other.
    const linesOf = (i: number) => [lineOf(i % stock.length)];
    const shoppers = await Promise.all(Array.from({ length: 50 }, () => newShopper(t)));
    for (const [i, s] of shoppers.entries()) {
      await fillCart(t, s, linesOf(i));
      const res = await apply(s, d.code);
      expect(res.status).toBe(200);
    }
    const totalOf = (i: number) => fromFils(fils(linesOf(i)) - 1000);
    const intents = await Promise.all(
      shoppers.map((s, i) =>
        t.json('/api/v1/payments/payment-intent', {
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            authorization: `Bearer ${s.token}`,
            'x-forwarded-for': `198.51.100.${i + 1}`,
          },
          body: JSON.stringify({ amount: totalOf(i), currency: 'AED' }),
        }),
      ),
    );
    const won = shoppers.flatMap((s, i) => (intents[i]!.status === 201 ? [i] : []));
    const lost = intents.filter((r) => r.status !== 201);
    expect(won).toHaveLength(10);
    expect(lost.map((r) => r.body.code)).toEqual(Array(40).fill('discount_used_up'));
    for (const i of won) {
      const s = shoppers[i]!;
      const intent = intents[i]!.body.data;
      await confirmCard(t, s, intent.clientSecret, '4242424242424242', { billing_details: address() });
      const placed = await call(
        t,
        'POST',
        '/api/v1/orders',
        s.token,
        orderBody(linesOf(i), intent.paymentIntentId, totalOf(i)),
      );
      expect(placed.status).toBe(201);
    }
    const uses = await t.database.db
      .select()
      .from(discountRedemptions)
      .where(eq(discountRedemptions.discountId, d.id));
    expect(uses).toHaveLength(10);
    expect(uses.every((u) => u.orderId !== null)).toBe(true);
  });
});
