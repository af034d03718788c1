import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { OrderStatusResponseSchema, PlacedOrderResponseSchema } from '@boutique/contracts';
import { cartItems, payments, refunds } from '../src/db/schema/index.js';
import { fromFils, toFils } from '../src/lib/money.js';
import { startTestApp, type TestApp } from './helpers.js';
import {
  address,
  articles,
  call,
  fillCart,
  generousLimits,
  newShopper,
  plentyOfStock,
  totalOf,
  type Article,
  type CartLine,
  type Shopper,
} from './support/shop.js';
import { mailsAbout, moveOrder, newAdmin, orderOf, piecesOf, snapshot } from './support/after-sale.js';

/** Cash on delivery with a fee of AED 15, and the owner marking such an order paid. */
const FEE = '15.00';
let t: TestApp;
let admin: Shopper;
let stock: Article[];

beforeAll(async () => {
  t = await startTestApp({
    ...generousLimits,
    COD_FEE: FEE,
    RECONCILE_INTERVAL_S: '0',
    OUTBOX_WORKER: 'false',
  });
  await plentyOfStock(t, 50);
  stock = await articles(t, 3);
  admin = await newAdmin(t);
});
afterAll(() => t?.close());

const line = (i: number, quantity = 1): CartLine => ({ ...stock[i]!, quantity });
const withFee = (lines: CartLine[]) => fromFils(toFils(totalOf(lines)) + toFils(FEE));

function placeCod(shopper: Shopper, body: Record<string, unknown>, key: string | null = randomUUID()) {
  return t.json('/api/v1/orders/cash-on-delivery', {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      authorization: `Bearer ${shopper.token}`,
      ...(key !== null && { 'idempotency-key': key }),
    },
    body: JSON.stringify(body),
  });
}

const codBody = (lines: CartLine[], overrides: Record<string, unknown> = {}) => ({
  total_amount: withFee(lines),
  billing_address: address(),
  locale: 'ar',
  ...overrides,
});

function markPaid(orderId: number, version: number | undefined, token = admin.token) {
  return call(t, 'PATCH', `/api/v1/admin/orders/${orderId}/payment`, token, {
    status: 'paid',
    ...(version !== undefined && { version }),
  });
}

async function versionOf(orderId: number): Promise<number> {
  const res = await call(t, 'GET', `/api/v1/admin/orders/${orderId}`, admin.token);
  return res.body.data.order.version as number;
}

describe('cash on delivery', () => {
  it('is offered with its fee in the payments config', async () => {
    const shopper = await newShopper(t);
    const res = await call(t, 'GET', '/api/v1/payments/config', shopper.token);
    expect(res.body.data.cash_on_delivery).toEqual({ enabled: true, fee: FEE, country: 'AE' });
  });

  it('places an order awaiting its payment: pieces taken, fee in the total, cart emptied, e-mail in Arabic', async () => {
    const shopper = await newShopper(t);
    const lines = [line(0, 2), line(1)];
    await fillCart(t, shopper, lines);
    const before = await piecesOf(t, stock[0]!, stock[0]!.size);
    const key = randomUUID();

    const res = await placeCod(shopper, codBody(lines), key);
    expect(res.status).toBe(201);
    const placed = PlacedOrderResponseSchema.parse(res.body).data;
    expect(placed).toMatchObject({
      payment_method: 'cash_on_delivery',
      payment_status: 'awaiting_payment',
      total_amount: withFee(lines),
    });
    const order = await orderOf(t, shopper, placed.order_id);
    expect(order).toMatchObject({
      subtotal: totalOf(lines),
      shipping_amount: '0.00',
      cod_fee: FEE,
      total_amount: withFee(lines),
      payment_status: 'awaiting_payment',
      payment_method: 'cash_on_delivery',
      locale: 'ar',
    });
    expect(await piecesOf(t, stock[0]!, stock[0]!.size)).toEqual({ ...before, stock: before.stock - 2 });
    expect(await t.database.db.select().from(cartItems).where(eq(cartItems.userId, shopper.id))).toEqual([]);
    const [payment] = await t.database.db.select().from(payments).where(eq(payments.userId, shopper.id));
    expect(payment).toMatchObject({ method: 'cash_on_delivery', gateway: 'offline', amount: withFee(lines) });

    const mails = await mailsAbout(t, `order:${order.id}`);
    const confirmation = mails.find((m) => m.kind === 'order_confirmation')!;
    expect(confirmation.subject).toContain('تم تأكيد طلبك');
    expect(confirmation.text).toContain('نقداً عند الاستلام');
    expect(confirmation.text).toContain('رسوم الدفع عند الاستلام');

    // The same key again (a retry after a lost answer): the same order, nothing taken twice.
    const again = await placeCod(shopper, codBody(lines), key);
    expect(again.status).toBe(200);
    expect(again.body.data.order_id).toBe(order.id);
    expect(await piecesOf(t, stock[0]!, stock[0]!.size)).toEqual({ ...before, stock: before.stock - 2 });
  });

  it("takes the cart's discount code off, counts its use with the order, and refuses it once used up", async () => {
    const made = await call(t, 'POST', '/api/v1/admin/discounts', admin.token, {
      code: 'CASH10',
      kind: 'percent',
      value: '10',
      usage_limit: 1,
    });
    expect(made.status).toBe(201);
    const lines = [line(0)];
    const off = Math.round(toFils(totalOf(lines)) / 10);
    const due = fromFils(toFils(totalOf(lines)) - off + toFils(FEE));
    const first = await newShopper(t);
    const second = await newShopper(t);
    for (const shopper of [first, second]) {
      await fillCart(t, shopper, lines);
      expect((await call(t, 'POST', '/api/v1/cart/discount', shopper.token, { code: 'cash10' })).status).toBe(
        200,
      );
    }
    // The full price is no longer what is due.
    expect((await placeCod(first, codBody(lines))).status).toBe(409);
    const res = await placeCod(first, codBody(lines, { total_amount: due }));
    expect(res.status).toBe(201);
    const order = await orderOf(t, first, res.body.data.order_id);
    expect(order).toMatchObject({
      discount_code: 'CASH10',
      discount_amount: fromFils(off),
      cod_fee: FEE,
      total_amount: due,
    });
    const listed = await call(t, 'GET', '/api/v1/admin/discounts', admin.token);
    const usage = listed.body.data.discounts.find((d: { code: string }) => d.code === 'CASH10').usage;
    expect(usage.uses).toBe(1);

    // The one use is taken: the second shopper's order is refused and takes nothing.
    const before = await piecesOf(t, stock[0]!, stock[0]!.size);
    const refused = await placeCod(second, codBody(lines, { total_amount: due }));
    expect(refused.status).toBe(422);
    expect(refused.body.code).toBe('discount_used_up');
    expect(await piecesOf(t, stock[0]!, stock[0]!.size)).toEqual(before);
  });

  it('refuses an address outside the UAE, a total that disagrees and a missing key, changing nothing', async () => {
    const shopper = await newShopper(t);
    const lines = [line(2)];
    await fillCart(t, shopper, lines);
    const before = await snapshot(t);
    const pieces = await piecesOf(t, stock[2]!, stock[2]!.size);

    const abroad = await placeCod(
      shopper,
      codBody(lines, { shipping_address: address({ country: 'SA', city: 'Riyadh' }) }),
    );
    expect(abroad.status).toBe(422);
    expect(abroad.body.code).toBe('cash_on_delivery_country');
    expect(abroad.body.error_codes['shipping_address.country']).toEqual(['invalid']);

    const billingAbroad = await placeCod(
      shopper,
      codBody(lines, { billing_address: address({ country: 'FR' }) }),
    );
    expect(billingAbroad.status).toBe(422);
    expect(billingAbroad.body.code).toBe('cash_on_delivery_country');

    // Without the fee: the client's total is not the server's.
    const short = await placeCod(shopper, codBody(lines, { total_amount: totalOf(lines) }));
    expect(short.status).toBe(409);

    const keyless = await placeCod(shopper, codBody(lines), null);
    expect(keyless.status).toBe(422);
    expect(keyless.body.error_codes['idempotency-key']).toEqual(['required']);

    expect(await snapshot(t)).toEqual(before);
    expect(await piecesOf(t, stock[2]!, stock[2]!.size)).toEqual(pieces);
    expect(await t.database.db.select().from(payments).where(eq(payments.userId, shopper.id))).toEqual([]);
  });

  it('refuses a cart asking for more pieces than are left, taking none', async () => {
    const shopper = await newShopper(t);
    const left = await piecesOf(t, stock[1]!, stock[1]!.size);
    const lines = [line(1, Math.min(99, left.stock - left.reserved + 1))];
    await fillCart(t, shopper, lines);
    const res = await placeCod(shopper, codBody(lines));
    expect(res.status).toBe(409);
    expect(res.body.shortages).toHaveLength(1);
    expect(await piecesOf(t, stock[1]!, stock[1]!.size)).toEqual(left);
    expect(await t.database.db.select().from(payments).where(eq(payments.userId, shopper.id))).toEqual([]);
  });

  it("takes the last piece the shopper's own card payment was holding at step 2", async () => {
    const shopper = await newShopper(t);
    const lines = [line(1)];
    await fillCart(t, shopper, lines);
    // Step 2 prepared a card payment, which holds the cart's pieces; only that one is left.
    const intent = await call(t, 'POST', '/api/v1/payments/payment-intent', shopper.token, {
      amount: totalOf(lines),
    });
    expect(intent.status).toBe(201);
    const held = await piecesOf(t, stock[1]!, stock[1]!.size);
    await t.database.db.execute(
      sql`update product_stock set stock = reserved where product_id = ${stock[1]!.productId} and size = ${stock[1]!.size}`,
    );
    const res = await placeCod(shopper, codBody(lines));
    expect(res.status).toBe(201);
    const after = await piecesOf(t, stock[1]!, stock[1]!.size);
    expect(after).toEqual({ stock: held.reserved - 1, reserved: held.reserved - 1 });
    await t.database.db.execute(
      sql`update product_stock set stock = 40 where product_id = ${stock[1]!.productId} and size = ${stock[1]!.size}`,
    );
  });

  it('is refused when COD_ENABLED is off', async () => {
    const off = await startTestApp({ ...generousLimits, COD_ENABLED: 'false', OUTBOX_WORKER: 'false' });
    try {
      const shopper = await newShopper(off);
      const lines = [line(0)];
      await fillCart(off, shopper, lines);
      const config = await call(off, 'GET', '/api/v1/payments/config', shopper.token);
      expect(config.body.data.cash_on_delivery.enabled).toBe(false);
      const res = await off.json('/api/v1/orders/cash-on-delivery', {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          authorization: `Bearer ${shopper.token}`,
          'idempotency-key': randomUUID(),
        },
        body: JSON.stringify({ ...codBody(lines), total_amount: totalOf(lines) }),
      });
      expect(res.status).toBe(422);
      expect(res.body.code).toBe('cash_on_delivery_off');
      expect(await off.database.db.select().from(payments).where(eq(payments.userId, shopper.id))).toEqual(
        [],
      );
    } finally {
      await off.close();
    }
  });
});

describe('the owner marks a cash order paid, or cancels it', () => {
  async function codOrder(lines: CartLine[]) {
    const shopper = await newShopper(t);
    await fillCart(t, shopper, lines);
    const res = await placeCod(shopper, codBody(lines, { locale: 'en' }));
    if (res.status !== 201) throw new Error(`cod: ${res.status} ${JSON.stringify(res.body)}`);
    return { shopper, orderId: res.body.data.order_id as number };
  }

  it('marks it paid once, at the version shown, with its audit row', async () => {
    const { shopper, orderId } = await codOrder([line(0)]);
    const version = await versionOf(orderId);

    const stale = await markPaid(orderId, version + 5);
    expect(stale.status).toBe(409);
    expect(stale.body.code).toBe('stale');
    const noVersion = await markPaid(orderId, undefined);
    expect(noVersion.status).toBe(428);

    const res = await markPaid(orderId, version);
    expect(res.status).toBe(200);
    const paid = OrderStatusResponseSchema.parse(res.body).data.order;
    expect(paid.payment_status).toBe('succeeded');
    expect(paid.version).toBe(version + 1);
    expect(res.headers.get('etag')).toContain(String(version + 1));
    expect((await orderOf(t, shopper, orderId)).payment_status).toBe('succeeded');
    const [payment] = await t.database.db.select().from(payments).where(eq(payments.userId, shopper.id));
    expect(payment?.status).toBe('succeeded');

    const page = await call(t, 'GET', `/api/v1/admin/orders/${orderId}`, admin.token);
    expect(page.body.data.audit[0]).toMatchObject({
      action: 'order.payment',
      before: { payment_status: 'awaiting_payment' },
      after: { payment_status: 'succeeded' },
    });

    // Not from paid: refused.
    const twice = await markPaid(orderId, version + 1);
    expect(twice.status).toBe(409);
    expect(twice.body.code).toBe('not_awaiting_payment');
  });

  it('refuses a shopper on the admin route', async () => {
    const { shopper, orderId } = await codOrder([line(1)]);
    const res = await markPaid(orderId, await versionOf(orderId), shopper.token);
    expect(res.status).toBe(403);
    expect((await orderOf(t, shopper, orderId)).payment_status).toBe('awaiting_payment');
  });

  it('cancelling an order awaiting its payment gives the pieces back and refunds nothing', async () => {
    const before = await piecesOf(t, stock[2]!, stock[2]!.size);
    const { shopper, orderId } = await codOrder([line(2, 3)]);
    expect(await piecesOf(t, stock[2]!, stock[2]!.size)).toEqual({ ...before, stock: before.stock - 3 });

    const res = await moveOrder(t, admin, orderId, 'cancelled');
    expect(res.status).toBe(200);
    expect(await piecesOf(t, stock[2]!, stock[2]!.size)).toEqual(before);
    expect(await t.database.db.select().from(refunds).where(eq(refunds.orderId, orderId))).toEqual([]);
    const order = await orderOf(t, shopper, orderId);
    expect(order).toMatchObject({ fulfillment_status: 'cancelled', payment_status: 'awaiting_payment' });
    // A cancelled order is not marked paid.
    const paid = await markPaid(orderId, await versionOf(orderId));
    expect(paid.status).toBe(409);
  });
});
