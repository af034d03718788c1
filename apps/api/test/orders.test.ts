import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { CreateOrderResponseSchema, OrderListResponseSchema, OrderResponseSchema } from '@boutique/contracts';
import { addresses, cartItems, orderStatusEvents, orders, payments } from '../src/db/schema/index.js';
import { createMailer, type Mailer } from '../src/lib/mailer.js';
import { ORDER_NUMBER_PATTERN } from '../src/modules/orders/order-number.js';
import { OrderService } from '../src/modules/orders/service.js';
import type { PaymentGateway } from '../src/modules/payments/gateway.js';
import { startTestApp, type TestApp } from './helpers.js';
import {
  address,
  articles,
  call,
  card,
  countRows,
  eventually,
  fillCart,
  generousLimits,
  makeAdmin,
  newShopper,
  orderPayload,
  plentyOfStock,
  pay,
  totalOf,
  type Article,
  type CartLine,
  type Shopper,
} from './support/shop.js';
import { readMails } from './mail.js';

/** The real .eml mailer, which a test can make fail for a while. */
function breakableMailer(dir: () => string): Mailer & { failing: boolean } {
  let real: Mailer | undefined;
  const mailer = {
    failing: false,
    target: 'test',
    async send(message: Parameters<Mailer['send']>[0]) {
      if (mailer.failing) throw new Error('SMTP server is down');
      real ??= createMailer({ smtpUrl: undefined, from: 'shop@example.ae', dir: dir() });
      await real.send(message);
    },
    close() {
      real?.close();
    },
  };
  return mailer;
}

let t: TestApp;
let stock: Article[];
const mailer = breakableMailer(() => t.config.mail.dir);
beforeAll(async () => {
  // A long grace period: reconciliation runs only when a test sweeps.
  t = await startTestApp(
    { ...generousLimits, RECONCILE_AFTER_S: '3600', RECONCILE_INTERVAL_S: '0' },
    { mailer },
  );
  await plentyOfStock(t);
  stock = await articles(t, 4);
});
afterAll(() => t?.close());

const line = (i: number, quantity = 1): CartLine => ({ ...stock[i]!, quantity });
const placeOrder = (shopper: Shopper, body: unknown) =>
  call(t, 'POST', '/api/v1/orders', shopper.token, body);
const written = async () => ({
  orders: await countRows(t, 'orders'),
  items: await countRows(t, 'order_items'),
  events: await countRows(t, 'order_status_events'),
});

describe('a paid order, end to end', () => {
  it('records the order, shows it in my orders, empties the cart and e-mails a confirmation', async () => {
    const shopper = await newShopper(t, 'Aisha Al Nuaimi');
    const lines = [line(0, 2), line(1)];
    const { intentId, confirmed } = await pay(t, shopper, lines);
    expect(confirmed.body.data.paymentIntent.status).toBe('succeeded');
    const res = await placeOrder(shopper, orderPayload(lines, intentId));
    expect(res.status).toBe(201);
    const created = CreateOrderResponseSchema.parse(res.body).data;
    expect(created.order_number).toMatch(ORDER_NUMBER_PATTERN);
    expect(created.total_amount).toBe(totalOf(lines));

    const list = await call(t, 'GET', '/api/v1/orders/my-orders', shopper.token);
    expect(list.status).toBe(200);
    const [order] = OrderListResponseSchema.parse(list.body).data.orders;
    expect(order).toMatchObject({
      id: created.order_id,
      order_number: created.order_number,
      fulfillment_status: 'unfulfilled',
      payment_status: 'succeeded',
      payment_method: 'card',
      subtotal: totalOf(lines),
      shipping_amount: '0.00',
      discount_code: null,
      discount_amount: '0.00',
      total_amount: totalOf(lines),
      currency: 'AED',
      billing_address: address(),
      shipping_address: address(),
      transaction_id: intentId,
    });
    expect(order?.items).toEqual(
      lines.map((l) => ({
        id: expect.any(Number),
        product_slug: l.slug,
        product_name: {
          en: expect.any(String),
          fr: expect.any(String),
          ar: expect.stringMatching(/[\u0600-\u06ff]/),
        },
        product_image: expect.stringMatching(new RegExp(`^/storage/products/${l.slug}/0-\\d+\\.webp$`)),
        price: l.price,
        quantity: l.quantity,
        line_total: (Number(l.price) * l.quantity).toFixed(2),
        discount: '0.00',
        options: {
          color: l.color,
          color_name: { en: expect.any(String), fr: expect.any(String), ar: expect.any(String) },
          size: l.size,
        },
        refunded_quantity: 0,
        // Not delivered yet: nothing to return.
        returnable_quantity: 0,
      })),
    );

    const one = await call(t, 'GET', `/api/v1/orders/${created.order_id}`, shopper.token);
    expect(OrderResponseSchema.parse(one.body).data.order).toEqual(order);

    expect(await t.database.db.select().from(cartItems).where(eq(cartItems.userId, shopper.id))).toEqual([]);
    const events = await t.database.db
      .select()
      .from(orderStatusEvents)
      .where(eq(orderStatusEvents.orderId, created.order_id));
    expect(events).toMatchObject([{ fromStatus: null, toStatus: 'unfulfilled', actorId: shopper.id }]);

    // The e-mails go out after the answer: the shopper's confirmation and the owner's alert, found by the
    // order's number (the shopper's address check, sent after signing up, may land in between).
    const ofOrder = await eventually(async () => {
      const found = readMails(t.config.mail.dir).filter((m) => m.subject.includes(created.order_number));
      return found.length >= 2 ? found : undefined;
    });
    const confirmation = ofOrder.filter((m) => m.to === shopper.email);
    expect(confirmation).toHaveLength(1);
    expect(confirmation[0]!.subject).toBe(`Your order ${created.order_number} is confirmed · Dar Lalla`);
    expect(confirmation[0]!.text).toContain(
      `AED\u00a0${Number(totalOf(lines)).toLocaleString('en-US', { minimumFractionDigits: 2 })}`,
    );
    const alerts = ofOrder.filter((m) => m.to === t.config.shop.email);
    expect(alerts).toHaveLength(1);
    expect(alerts[0]!.subject).toContain(`New order ${created.order_number}`);
    expect(ofOrder).toHaveLength(2);
  });

  it('keeps in the cart what the shopper added after paying', async () => {
    const shopper = await newShopper(t);
    const lines = [line(0)];
    const { intentId } = await pay(t, shopper, lines);
    await t.database.db.update(cartItems).set({ quantity: 3 }).where(eq(cartItems.userId, shopper.id));
    await t.database.db.insert(cartItems).values({
      userId: shopper.id,
      productId: stock[2]!.productId,
      color: stock[2]!.color,
      size: stock[2]!.size,
      quantity: 1,
    });
    expect((await placeOrder(shopper, orderPayload(lines, intentId))).status).toBe(201);
    const left = await t.database.db
      .select({ productId: cartItems.productId, quantity: cartItems.quantity })
      .from(cartItems)
      .where(eq(cartItems.userId, shopper.id));
    expect(left.sort((a, b) => a.productId - b.productId)).toEqual(
      [
        { productId: stock[0]!.productId, quantity: 2 },
        { productId: stock[2]!.productId, quantity: 1 },
      ].sort((a, b) => a.productId - b.productId),
    );
  });

  it('accepts the amounts as decimal strings and lines in any order', async () => {
    const shopper = await newShopper(t);
    const lines = [line(0), line(3, 2)];
    const { intentId } = await pay(t, shopper, lines);
    const body = orderPayload(lines, intentId);
    body.total_amount = totalOf(lines) as unknown as number;
    body.items = body.items.reverse().map((i) => ({ ...i, price: String(i.price) as unknown as number }));
    expect((await placeOrder(shopper, body)).status).toBe(201);
  });

  it('still records the order when the confirmation e-mail cannot be sent', async () => {
    const shopper = await newShopper(t);
    const lines = [line(1)];
    const { intentId } = await pay(t, shopper, lines);
    mailer.failing = true;
    try {
      const res = await placeOrder(shopper, orderPayload(lines, intentId));
      expect(res.status).toBe(201);
    } finally {
      mailer.failing = false;
    }
  });
});

describe('orders that must not be written', () => {
  it('refuses a declined or short-of-funds card with no order', async () => {
    for (const number of ['4000000000000002', '4000000000009995']) {
      const shopper = await newShopper(t);
      const lines = [line(0)];
      const { intentId, confirmed } = await pay(t, shopper, lines, number);
      expect(confirmed.body.data.error.message).toBe(
        number.endsWith('0002') ? 'Your card was declined.' : 'Your card has insufficient funds.',
      );
      const before = await written();
      const res = await placeOrder(shopper, orderPayload(lines, intentId));
      expect(res.status).toBe(402);
      expect(res.body.message).toBe(
        `The payment has not been completed: ${confirmed.body.data.error.message}`,
      );
      expect(await written()).toEqual(before);
      expect(await countRows(t, 'cart_items')).toBeGreaterThan(0);
    }
  });

  it('refuses an intent that was never paid', async () => {
    const shopper = await newShopper(t);
    const lines = [line(0)];
    await fillCart(t, shopper, lines);
    const intent = await call(t, 'POST', '/api/v1/payments/payment-intent', shopper.token, {
      amount: Number(totalOf(lines)),
    });
    const before = await written();
    const res = await placeOrder(shopper, orderPayload(lines, intent.body.data.paymentIntentId));
    expect(res.status).toBe(402);
    expect(res.body.message).toBe('The payment has not been completed (status: requires_payment_method).');
    expect(await written()).toEqual(before);
  });

  it('refuses a tampered price, quantity, product or total, writing nothing', async () => {
    const shopper = await newShopper(t);
    const lines = [line(0), line(1)];
    const { intentId } = await pay(t, shopper, lines);
    const honest = orderPayload(lines, intentId);
    const tampered = [
      { ...honest, items: honest.items.map((i, n) => (n === 0 ? { ...i, price: 1 } : i)) },
      { ...honest, total_amount: 1 },
      { ...honest, total_amount: honest.total_amount - 0.01 },
      { ...honest, items: honest.items.map((i, n) => (n === 0 ? { ...i, quantity: 2 } : i)) },
      { ...honest, items: honest.items.slice(1) },
      { ...honest, items: [...honest.items, { ...honest.items[0]!, product_slug: stock[3]!.slug }] },
      { ...honest, items: honest.items.map((i) => ({ ...i, options: { ...i.options, size: 'XL' } })) },
    ];
    const before = await written();
    for (const body of tampered) {
      const res = await placeOrder(shopper, body);
      expect(res.status).toBe(409);
      expect(res.body.message).toBe('The order does not match what was paid for. Please review your order.');
    }
    expect(await written()).toEqual(before);
    // The honest call still goes through afterwards.
    expect((await placeOrder(shopper, honest)).status).toBe(201);
  });

  it("answers 404 for another shopper's payment, exactly as for one that does not exist", async () => {
    const owner = await newShopper(t);
    const thief = await newShopper(t);
    const lines = [line(0)];
    const { intentId } = await pay(t, owner, lines);
    const before = await written();
    const foreign = await placeOrder(thief, orderPayload(lines, intentId));
    const unknown = await placeOrder(thief, orderPayload(lines, 'pi_doesnotexist000000000'));
    expect(foreign.status).toBe(404);
    expect(unknown.status).toBe(404);
    expect(foreign.body.message).toBe(unknown.body.message);
    expect(await written()).toEqual(before);
  });

  it('refuses to reuse a paid intent for a second, different order', async () => {
    const shopper = await newShopper(t);
    const lines = [line(0)];
    const { intentId } = await pay(t, shopper, lines);
    const first = await placeOrder(shopper, orderPayload(lines, intentId));
    expect(first.status).toBe(201);
    const before = await written();
    const other = [line(2, 2)];
    const res = await placeOrder(shopper, orderPayload(other, intentId));
    expect(res.status).toBe(409);
    expect(res.body.message).toBe(
      `This payment has already been used for order ${first.body.data.order_number}.`,
    );
    expect(await written()).toEqual(before);
  });
});

describe('idempotency on the payment', () => {
  it('answers a repeated call with the same order', async () => {
    const shopper = await newShopper(t);
    const lines = [line(1)];
    const { intentId } = await pay(t, shopper, lines);
    const first = await placeOrder(shopper, orderPayload(lines, intentId));
    const again = await placeOrder(shopper, orderPayload(lines, intentId));
    expect(first.status).toBe(201);
    expect(again.status).toBe(200);
    expect(again.body.data).toEqual(first.body.data);
  });

  it('makes exactly one order of 10 concurrent calls for one intent, and all answer with it', async () => {
    const shopper = await newShopper(t);
    const lines = [line(0), line(2, 2)];
    const { intentId } = await pay(t, shopper, lines);
    const before = await written();
    const answers = await Promise.all(
      Array.from({ length: 10 }, () => placeOrder(shopper, orderPayload(lines, intentId))),
    );
    expect(answers.map((a) => a.status).sort()).toEqual([200, 200, 200, 200, 200, 200, 200, 200, 200, 201]);
    const ids = new Set(answers.map((a) => `${a.body.data.order_id} ${a.body.data.order_number}`));
    expect(ids.size).toBe(1);
    expect(await written()).toEqual({
      orders: before.orders + 1,
      items: before.items + 2,
      events: before.events + 1,
    });
  });
});

describe('reconciliation of a paid payment whose order call never came', () => {
  it('turns it into exactly one order, which a late order call then answers with', async () => {
    const shopper = await newShopper(t, 'Fatima Al Zaabi');
    const lines = [line(0), line(1, 2)];
    const { intentId } = await pay(t, shopper, lines);

    // Within the grace period nothing happens: the shopper's own call is expected.
    expect(await t.app.reconciler.sweep()).toBe(0);
    const made = await t.app.reconciler.sweep(0);
    expect(made).toBeGreaterThanOrEqual(1);
    expect(await t.app.reconciler.sweep(0)).toBe(0);
    // Nothing paid is left without its order, and nothing with an order is looked at again.
    const service = new OrderService(t.database.db, {} as PaymentGateway, {
      mails: t.app.orderMails,
      taxInvoices: false,
      log: t.app.log,
      publicUrl: t.app.storage.publicUrl,
      metrics: t.app.metrics,
      stock: t.app.stock,
    });
    expect(await service.paidWithoutOrder(0)).toEqual([]);

    const [payment] = await t.database.db.select().from(payments).where(eq(payments.intentId, intentId));
    const mine = await t.database.db.select().from(orders).where(eq(orders.paymentId, payment!.id));
    expect(mine).toHaveLength(1);
    expect(mine[0]).toMatchObject({
      source: 'reconciliation',
      userId: shopper.id,
      totalAmount: totalOf(lines),
      billingAddress: address(),
    });
    expect(await t.database.db.select().from(cartItems).where(eq(cartItems.userId, shopper.id))).toEqual([]);

    const late = await placeOrder(shopper, orderPayload(lines, intentId));
    expect(late.status).toBe(200);
    expect(late.body.data).toEqual({
      order_id: mine[0]!.id,
      order_number: mine[0]!.orderNumber,
      total_amount: totalOf(lines),
    });
    expect(await t.database.db.select().from(orders).where(eq(orders.paymentId, payment!.id))).toHaveLength(
      1,
    );
  });

  it("bills a payment without billing details to the shopper's default address, or names the gap", async () => {
    const withAddress = await newShopper(t);
    await t.database.db.insert(addresses).values([
      { userId: withAddress.id, ...address({ city: 'Sharjah' }), isDefault: false },
      { userId: withAddress.id, ...address({ city: 'Al Ain' }), isDefault: true },
    ]);
    const without = await newShopper(t, 'Reem Al Hashimi');
    const lines = [line(3)];
    const paid: string[] = [];
    for (const shopper of [withAddress, without]) {
      await fillCart(t, shopper, lines);
      const intent = await call(t, 'POST', '/api/v1/payments/payment-intent', shopper.token, {
        amount: Number(totalOf(lines)),
      });
      await call(t, 'POST', '/api/v1/payments/sandbox/confirm', shopper.token, {
        clientSecret: intent.body.data.clientSecret,
        card: card('4242424242424242'),
      });
      paid.push(intent.body.data.paymentIntentId);
    }
    await t.app.reconciler.sweep(0);
    const billingOf = async (shopper: Shopper) =>
      (await t.database.db.select().from(orders).where(eq(orders.userId, shopper.id)))[0]?.billingAddress;
    expect(await billingOf(withAddress)).toMatchObject({ city: 'Al Ain', address: 'Villa 12, Al Wasl Road' });
    expect(await billingOf(without)).toEqual({
      name: 'Reem Al Hashimi',
      email: without.email,
      phone: '',
      address: '',
      city: '',
      postalCode: '',
      country: '',
    });
    // Such an order still reads back through the API.
    const list = await call(t, 'GET', '/api/v1/orders/my-orders', without.token);
    expect(OrderListResponseSchema.parse(list.body).data.orders).toHaveLength(1);
  });
});

describe('reading orders', () => {
  it('lists only my orders, newest first, and hides everyone else’s', async () => {
    const me = await newShopper(t);
    const other = await newShopper(t);
    const mine: number[] = [];
    for (const i of [0, 1]) {
      const lines = [line(i)];
      const { intentId } = await pay(t, me, lines);
      mine.push((await placeOrder(me, orderPayload(lines, intentId))).body.data.order_id);
    }
    const { intentId } = await pay(t, other, [line(2)]);
    const theirs = (await placeOrder(other, orderPayload([line(2)], intentId))).body.data.order_id as number;

    const list = await call(t, 'GET', '/api/v1/orders/my-orders', me.token);
    expect(list.body.data.orders.map((o: { id: number }) => o.id)).toEqual([...mine].reverse());
    const peek = await call(t, 'GET', `/api/v1/orders/${theirs}`, me.token);
    expect(peek.status).toBe(404);
    expect(peek.body.message).toBe('Order not found');
    expect((await call(t, 'GET', '/api/v1/orders/999999', me.token)).status).toBe(404);
    expect((await call(t, 'GET', '/api/v1/orders/abc', me.token)).status).toBe(422);
  });

  it('answers a shopper without orders with an empty list', async () => {
    const shopper = await newShopper(t);
    const res = await call(t, 'GET', '/api/v1/orders/my-orders', shopper.token);
    expect(res.body).toEqual({ success: true, data: { orders: [] } });
  });
});

describe('changing the status of an order', () => {
  let admin: Shopper;
  let customer: Shopper;
  beforeAll(async () => {
    admin = await newShopper(t, 'Shop Owner');
    await makeAdmin(t, admin);
    customer = await newShopper(t);
  });

  const newOrder = async () => {
    const lines = [line(0)];
    const { intentId } = await pay(t, customer, lines);
    return (await placeOrder(customer, orderPayload(lines, intentId))).body.data.order_id as number;
  };
  /** A move as the back office makes it: with the order's version as it is now (decision 028). */
  const setStatus = async (who: Shopper, id: number, status: string) => {
    const [row] = await t.database.db
      .select({ version: orders.version })
      .from(orders)
      .where(eq(orders.id, id));
    return call(t, 'PATCH', `/api/v1/orders/${id}/status`, who.token, { status, version: row?.version ?? 1 });
  };

  it('is for admins only: a customer, even the owner, hears 403', async () => {
    const id = await newOrder();
    const res = await setStatus(customer, id, 'processing');
    expect(res.status).toBe(403);
    expect(res.body.message).toBe('This action is unauthorized.');
    expect(
      (await call(t, 'GET', `/api/v1/orders/${id}`, customer.token)).body.data.order.fulfillment_status,
    ).toBe('unfulfilled');
  });

  it('moves forward, stage by stage or skipping ahead, and records who did it', async () => {
    const id = await newOrder();
    for (const status of ['processing', 'shipped', 'delivered']) {
      const res = await setStatus(admin, id, status);
      expect(res.status).toBe(200);
      expect(res.body.data.order.fulfillment_status).toBe(status);
    }
    const events = await t.database.db
      .select({
        from: orderStatusEvents.fromStatus,
        to: orderStatusEvents.toStatus,
        actor: orderStatusEvents.actorId,
      })
      .from(orderStatusEvents)
      .where(eq(orderStatusEvents.orderId, id))
      .orderBy(orderStatusEvents.id);
    expect(events).toEqual([
      { from: null, to: 'unfulfilled', actor: customer.id },
      { from: 'unfulfilled', to: 'processing', actor: admin.id },
      { from: 'processing', to: 'shipped', actor: admin.id },
      { from: 'shipped', to: 'delivered', actor: admin.id },
    ]);

    const skipping = await newOrder();
    expect((await setStatus(admin, skipping, 'shipped')).status).toBe(200);
  });

  it('refuses illegal moves with a clear message', async () => {
    const shipped = await newOrder();
    await setStatus(admin, shipped, 'shipped');
    const cases: [number, string, string][] = [
      [shipped, 'processing', 'An order cannot go back from shipped to processing.'],
      [shipped, 'cancelled', 'A shipped order can no longer be cancelled.'],
      [shipped, 'shipped', 'The order is already shipped.'],
    ];
    const cancelled = await newOrder();
    expect((await setStatus(admin, cancelled, 'cancelled')).status).toBe(200);
    cases.push([cancelled, 'processing', 'A cancelled order cannot change any more.']);
    const delivered = await newOrder();
    await setStatus(admin, delivered, 'delivered');
    cases.push([delivered, 'cancelled', 'A delivered order cannot change any more.']);
    for (const [id, status, message] of cases) {
      const res = await setStatus(admin, id, status);
      expect(res.status, `${status}`).toBe(409);
      expect(res.body.message).toBe(message);
    }
    const back = await setStatus(admin, shipped, 'unfulfilled');
    expect(back.status).toBe(422);
    expect((await setStatus(admin, 999_999, 'processing')).status).toBe(404);
  });

  it('stays consistent when admins change one order at the same moment', async () => {
    const id = await newOrder();
    await setStatus(admin, id, 'processing');
    const wanted = ['shipped', 'cancelled', 'shipped', 'cancelled', 'delivered', 'cancelled'];
    const answers = await Promise.all(wanted.map((s) => setStatus(admin, id, s)));
    const events = await t.database.db
      .select({ from: orderStatusEvents.fromStatus, to: orderStatusEvents.toStatus })
      .from(orderStatusEvents)
      .where(and(eq(orderStatusEvents.orderId, id)))
      .orderBy(orderStatusEvents.id);
    const moves = events.slice(2);
    // Every accepted change is one recorded, legal step from the status the previous one left.
    expect(answers.filter((a) => a.status === 200)).toHaveLength(moves.length);
    expect(answers.every((a) => a.status === 200 || a.status === 409)).toBe(true);
    let status = 'processing';
    for (const move of moves) {
      expect(move.from).toBe(status);
      status = move.to;
    }
    const final = await call(t, 'GET', `/api/v1/orders/${id}`, customer.token);
    expect(final.body.data.order.fulfillment_status).toBe(status);

    const again = await newOrder();
    const same = await Promise.all(Array.from({ length: 6 }, () => setStatus(admin, again, 'processing')));
    expect(same.filter((a) => a.status === 200)).toHaveLength(1);
    expect(same.filter((a) => a.status === 409)).toHaveLength(5);
  });
});
