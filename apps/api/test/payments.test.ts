import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { desc, eq } from 'drizzle-orm';
import {
  ApplePayConfigResponseSchema,
  PaymentConfigResponseSchema,
  PaymentConfirmResponseSchema,
  PaymentIntentResponseSchema,
} from '@boutique/contracts';
import { paymentEvents, payments, products } from '../src/db/schema/index.js';
import { startTestApp, type TestApp } from './helpers.js';
import {
  address,
  articles,
  call,
  card,
  confirmCard,
  countRows,
  createIntent,
  fillCart,
  generousLimits,
  newShopper,
  orderPayload,
  plentyOfStock,
  pay,
  totalOf,
  type Article,
  type CartLine,
  type Shopper,
} from './support/shop.js';

let t: TestApp;
let stock: Article[];
beforeAll(async () => {
  t = await startTestApp({ ...generousLimits, RECONCILE_AFTER_S: '3600' });
  await plentyOfStock(t);
  stock = await articles(t, 4);
});
afterAll(() => t?.close());

const line = (i: number, quantity = 1): CartLine => ({ ...stock[i]!, quantity });
const paymentOf = async (intentId: string) =>
  (await t.database.db.select().from(payments).where(eq(payments.intentId, intentId)))[0];

describe('payment configuration', () => {
  it('tells the signed-in storefront that the offline sandbox is in use, in test mode', async () => {
    const shopper = await newShopper(t);
    const res = await call(t, 'GET', '/api/v1/payments/config', shopper.token);
    expect(res.status).toBe(200);
    expect(PaymentConfigResponseSchema.parse(res.body).data).toEqual({
      gateway: 'sandbox',
      publishableKey: null,
      stripeJsUrl: null,
      testMode: true,
      cash_on_delivery: { enabled: true, fee: '0.00', country: 'AE' },
    });
    expect(res.headers.get('cache-control')).toBe('no-store');
  });

  it('answers 401 to every payment and order call without a token', async () => {
    for (const [method, path] of [
      ['GET', '/api/v1/payments/config'],
      ['POST', '/api/v1/payments/payment-intent'],
      ['POST', '/api/v1/payments/update-payment-intent'],
      ['POST', '/api/v1/payments/process-payment'],
      ['POST', '/api/v1/payments/sandbox/confirm'],
      ['GET', '/api/v1/apple-pay/config'],
      ['POST', '/api/v1/apple-pay/process-payment'],
      ['POST', '/api/v1/orders'],
      ['GET', '/api/v1/orders/my-orders'],
      ['GET', '/api/v1/orders/1'],
      ['PATCH', '/api/v1/orders/1/status'],
    ] as const) {
      const res = await call(t, method, path, undefined, method === 'GET' ? undefined : {});
      expect(res.status, `${method} ${path}`).toBe(401);
    }
  });

  it('documents every payment and order route in the OpenAPI document', async () => {
    const doc = await t.json('/api/docs/json');
    expect(doc.status).toBe(200);
    for (const [path, method] of [
      ['/api/v1/payments/config', 'get'],
      ['/api/v1/payments/payment-intent', 'post'],
      ['/api/v1/payments/update-payment-intent', 'post'],
      ['/api/v1/payments/process-payment', 'post'],
      ['/api/v1/payments/sandbox/confirm', 'post'],
      ['/api/v1/apple-pay/config', 'get'],
      ['/api/v1/apple-pay/process-payment', 'post'],
      ['/api/v1/orders', 'post'],
      ['/api/v1/orders/my-orders', 'get'],
      ['/api/v1/orders/{id}', 'get'],
      ['/api/v1/orders/{id}/status', 'patch'],
    ] as const) {
      expect(doc.body.paths[path]?.[method], `${method} ${path}`).toBeDefined();
    }
  });

  it('has no webhook in sandbox mode', async () => {
    const res = await t.json('/api/v1/payments/webhook', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{}',
    });
    expect(res.status).toBe(404);
  });
});

describe('preparing a card payment', () => {
  it("prices the intent from the server cart and freezes the cart's lines on the payment", async () => {
    const shopper = await newShopper(t);
    const lines = [line(0, 2), line(1)];
    await fillCart(t, shopper, lines);
    const res = await createIntent(t, shopper, Number(totalOf(lines)));
    expect(res.status).toBe(201);
    const data = PaymentIntentResponseSchema.parse(res.body).data;
    expect(data.paymentIntentId).toMatch(/^pi_[A-Za-z0-9]{24}$/);
    expect(data.clientSecret).toMatch(new RegExp(`^${data.paymentIntentId}_secret_[A-Za-z0-9]{24}$`));
    expect(data.amount).toBe(totalOf(lines));

    const row = await paymentOf(data.paymentIntentId);
    expect(row).toMatchObject({
      gateway: 'sandbox',
      userId: shopper.id,
      method: 'card',
      amount: totalOf(lines),
      currency: 'AED',
      status: 'requires_payment_method',
    });
    expect(row?.lines).toEqual(
      lines.map((l) => ({
        productId: l.productId,
        slug: l.slug,
        color: l.color,
        size: l.size,
        quantity: l.quantity,
        price: l.price,
      })),
    );
  });

  it('accepts the amount as a decimal string too', async () => {
    const shopper = await newShopper(t);
    const lines = [line(2)];
    await fillCart(t, shopper, lines);
    expect((await createIntent(t, shopper, totalOf(lines))).status).toBe(201);
  });

  it('refuses an amount that disagrees with the cart, and creates nothing', async () => {
    const shopper = await newShopper(t);
    const lines = [line(0)];
    await fillCart(t, shopper, lines);
    const before = await countRows(t, 'payments');
    const res = await createIntent(t, shopper, Number(totalOf(lines)) - 1);
    expect(res.status).toBe(409);
    expect(res.body).toMatchObject({
      success: false,
      message: 'The cart changed. Please review your order.',
    });
    expect(await countRows(t, 'payments')).toBe(before);
  });

  it('refuses an empty cart and a cart with a product no longer sold', async () => {
    const shopper = await newShopper(t);
    await fillCart(t, shopper, []);
    const empty = await createIntent(t, shopper, 0);
    expect(empty.status).toBe(422);
    expect(empty.body.message).toBe('Your cart is empty.');

    const [inactive] = await t.database.db
      .select({ id: products.id, slug: products.slug, price: products.price, name: products.name })
      .from(products)
      .where(eq(products.status, 'inactive'))
      .limit(1);
    const lines: CartLine[] = [
      line(0),
      {
        productId: inactive!.id,
        slug: inactive!.slug,
        price: inactive!.price,
        color: '',
        size: 'M',
        quantity: 1,
      },
    ];
    await fillCart(t, shopper, lines);
    const res = await createIntent(t, shopper, Number(totalOf(lines)));
    expect(res.status).toBe(409);
    expect(res.body.message).toContain('no longer available');
    expect(res.body.message).toContain(inactive!.name.en);
  });

  it('refuses a colour the product does not come in', async () => {
    const shopper = await newShopper(t);
    await fillCart(t, shopper, [{ ...line(0), color: 'no-such-colour' }]);
    const res = await createIntent(t, shopper, Number(stock[0]!.price));
    expect(res.status).toBe(409);
  });

  it('validates the body with field errors', async () => {
    const shopper = await newShopper(t);
    const res = await call(t, 'POST', '/api/v1/payments/payment-intent', shopper.token, {
      amount: 'lots',
      currency: 'USD',
    });
    expect(res.status).toBe(422);
    expect(Object.keys(res.body.errors)).toEqual(expect.arrayContaining(['amount', 'currency']));
  });
});

describe('updating an intent', () => {
  it('re-prices it from the cart as it now is', async () => {
    const shopper = await newShopper(t);
    const first = [line(0)];
    await fillCart(t, shopper, first);
    const created = await createIntent(t, shopper, Number(totalOf(first)));
    const intentId = created.body.data.paymentIntentId as string;

    const now = [line(0), line(3, 2)];
    await fillCart(t, shopper, now);
    const stale = await call(t, 'POST', '/api/v1/payments/update-payment-intent', shopper.token, {
      paymentIntentId: intentId,
      amount: Number(totalOf(first)),
    });
    expect(stale.status).toBe(409);
    expect(stale.body.message).toBe('The cart changed. Please review your order.');

    const res = await call(t, 'POST', '/api/v1/payments/update-payment-intent', shopper.token, {
      paymentIntentId: intentId,
      amount: Number(totalOf(now)),
    });
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({
      clientSecret: created.body.data.clientSecret,
      paymentIntentId: intentId,
      amount: totalOf(now),
    });
    const row = await paymentOf(intentId);
    expect(row?.amount).toBe(totalOf(now));
    expect(row?.lines.map((l) => [l.slug, l.quantity])).toEqual(now.map((l) => [l.slug, l.quantity]));
    expect(row?.version).toBe(1);
  });

  it("answers 404 for another shopper's intent and 409 once it is paid", async () => {
    const owner = await newShopper(t);
    const other = await newShopper(t);
    const lines = [line(1)];
    const { intentId } = await pay(t, owner, lines);

    await fillCart(t, other, lines);
    const foreign = await call(t, 'POST', '/api/v1/payments/update-payment-intent', other.token, {
      paymentIntentId: intentId,
      amount: Number(totalOf(lines)),
    });
    expect(foreign.status).toBe(404);
    expect(foreign.body.message).toBe('Payment not found');

    const paid = await call(t, 'POST', '/api/v1/payments/update-payment-intent', owner.token, {
      paymentIntentId: intentId,
      amount: Number(totalOf(lines)),
    });
    expect(paid.status).toBe(409);
    expect(paid.body.message).toBe('This payment has already been completed and can no longer be changed.');
  });
});

describe("confirming with Stripe's test cards in the sandbox", () => {
  let shopper: Shopper;
  beforeAll(async () => {
    shopper = await newShopper(t);
  });

  const freshIntent = async () => {
    const lines = [line(0)];
    await fillCart(t, shopper, lines);
    const res = await createIntent(t, shopper, Number(totalOf(lines)));
    return res.body.data as { paymentIntentId: string; clientSecret: string };
  };

  it('succeeds with 4242 4242 4242 4242 and records the billing details', async () => {
    const intent = await freshIntent();
    const res = await confirmCard(t, shopper, intent.clientSecret, '4242 4242 4242 4242', {
      billing_details: address({ name: 'Hessa Al Falasi' }),
    });
    expect(res.status).toBe(200);
    expect(PaymentConfirmResponseSchema.parse(res.body).data).toEqual({
      paymentIntent: { id: intent.paymentIntentId, status: 'succeeded' },
      error: null,
    });
    const row = await paymentOf(intent.paymentIntentId);
    expect(row?.status).toBe('succeeded');
    expect(row?.billingAddress).toMatchObject({ name: 'Hessa Al Falasi', city: 'Dubai', country: 'AE' });
    // The sandbox's webhook: recorded like one of Stripe's, for the same reconciliation.
    const events = await t.database.db.select().from(paymentEvents).orderBy(desc(paymentEvents.receivedAt));
    expect(events[0]).toMatchObject({
      id: expect.stringMatching(/^evt_/),
      gateway: 'sandbox',
      type: 'payment_intent.succeeded',
    });
  });

  it("succeeds with the other brands' success numbers", async () => {
    for (const number of [
      '5555555555554444',
      '378282246310005',
      '6011111111111117',
      '3056930009020004',
      '3566002020360505',
      '6200000000000005',
    ]) {
      const intent = await freshIntent();
      const res = await confirmCard(t, shopper, intent.clientSecret, number);
      expect(res.body.data, number).toEqual({
        paymentIntent: { id: intent.paymentIntentId, status: 'succeeded' },
        error: null,
      });
    }
  });

  it("refuses the decline cards with Stripe's codes and messages, and lets the shopper try again", async () => {
    const cases: [string, Record<string, unknown>, Record<string, unknown>][] = [
      [
        '4000000000000002',
        {},
        { code: 'card_declined', decline_code: 'generic_decline', message: 'Your card was declined.' },
      ],
      [
        '4000000000009995',
        {},
        {
          code: 'card_declined',
          decline_code: 'insufficient_funds',
          message: 'Your card has insufficient funds.',
        },
      ],
      ['4000000000000069', {}, { code: 'expired_card', message: 'Your card has expired.' }],
      ['4000000000000127', {}, { code: 'incorrect_cvc', message: "Your card's security code is incorrect." }],
      ['4242424242424241', {}, { code: 'incorrect_number', message: 'Your card number is incorrect.' }],
      [
        '4242424242424242',
        { exp_year: new Date().getUTCFullYear() - 1 },
        { code: 'invalid_expiry_year', message: "Your card's expiration year is invalid." },
      ],
      [
        '4111111111111111',
        {},
        {
          code: 'card_declined',
          decline_code: 'test_mode_live_card',
          message: expect.stringContaining(
            'Your card was declined. Your request was in test mode, but used a non test card.',
          ),
        },
      ],
    ];
    for (const [number, cardOverrides, error] of cases) {
      const intent = await freshIntent();
      const res = await call(t, 'POST', '/api/v1/payments/sandbox/confirm', shopper.token, {
        clientSecret: intent.clientSecret,
        card: card(number, cardOverrides),
      });
      expect(res.status).toBe(200);
      expect(res.body.data, number).toEqual({
        paymentIntent: { id: intent.paymentIntentId, status: 'failed' },
        error,
      });
      const row = await paymentOf(intent.paymentIntentId);
      expect(row?.status).toBe('failed');
      expect(row?.lastError).toBe(typeof error.message === 'string' ? error.message : row?.lastError);
    }

    const intent = await freshIntent();
    await confirmCard(t, shopper, intent.clientSecret, '4000000000000002');
    const retry = await confirmCard(t, shopper, intent.clientSecret, '4242424242424242');
    expect(retry.body.data.paymentIntent.status).toBe('succeeded');
    expect((await paymentOf(intent.paymentIntentId))?.lastError).toBeNull();
  });

  it('refuses to confirm a paid intent again, as Stripe does', async () => {
    const intent = await freshIntent();
    await confirmCard(t, shopper, intent.clientSecret);
    const again = await confirmCard(t, shopper, intent.clientSecret, '4000000000000002');
    expect(again.body.data).toEqual({
      paymentIntent: { id: intent.paymentIntentId, status: 'succeeded' },
      error: {
        code: 'payment_intent_unexpected_state',
        message: expect.stringContaining('already succeeded'),
      },
    });
    expect((await paymentOf(intent.paymentIntentId))?.status).toBe('succeeded');
  });

  it("answers 404 to a client secret that is unknown or another shopper's", async () => {
    const intent = await freshIntent();
    const stranger = await newShopper(t);
    expect((await confirmCard(t, stranger, intent.clientSecret)).status).toBe(404);
    expect((await confirmCard(t, shopper, `${intent.paymentIntentId}_secret_nope`)).status).toBe(404);
    expect((await paymentOf(intent.paymentIntentId))?.status).toBe('requires_payment_method');
  });
});

describe('recording the payment of an order', () => {
  it('confirms the link between a paid intent and its order, and refuses any other pairing', async () => {
    const shopper = await newShopper(t);
    const lines = [line(0)];
    const first = await pay(t, shopper, lines);
    const order = await call(t, 'POST', '/api/v1/orders', shopper.token, orderPayload(lines, first.intentId));
    expect(order.status).toBe(201);
    const orderId = order.body.data.order_id as number;

    const ok = await call(t, 'POST', '/api/v1/payments/process-payment', shopper.token, {
      paymentIntentId: first.intentId,
      order_id: orderId,
    });
    expect(ok.status).toBe(200);
    expect(ok.body.data).toEqual({ paymentIntentId: first.intentId, order_id: orderId, status: 'succeeded' });

    const second = await pay(t, shopper, lines);
    const mismatch = await call(t, 'POST', '/api/v1/payments/process-payment', shopper.token, {
      paymentIntentId: second.intentId,
      order_id: orderId,
    });
    expect(mismatch.status).toBe(409);

    const stranger = await newShopper(t);
    const foreign = await call(t, 'POST', '/api/v1/payments/process-payment', stranger.token, {
      paymentIntentId: first.intentId,
      order_id: orderId,
    });
    expect(foreign.status).toBe(404);
    const noOrder = await call(t, 'POST', '/api/v1/payments/process-payment', shopper.token, {
      paymentIntentId: first.intentId,
      order_id: 999_999,
    });
    expect(noOrder.status).toBe(404);
  });
});

describe('Apple Pay', () => {
  const applePay = (
    shopper: Shopper,
    amount: number,
    paymentData: unknown = { version: 'EC_v1', data: 'x' },
  ) =>
    call(t, 'POST', '/api/v1/apple-pay/process-payment', shopper.token, {
      applePayToken: {
        paymentData,
        paymentMethod: { displayName: 'Visa 4242', network: 'Visa', type: 'debit' },
        transactionIdentifier: 'ABC123',
      },
      billing_contact: {
        givenName: 'Mahra',
        familyName: 'Al Ketbi',
        emailAddress: 'Mahra@Example.ae',
        addressLines: ['Building 4', 'Marina Walk'],
        locality: 'Dubai',
        postalCode: '00000',
        countryCode: 'ae',
      },
      shipping_contact: {
        givenName: 'Mahra',
        familyName: 'Al Ketbi',
        locality: 'Abu Dhabi',
        countryCode: 'AE',
      },
      amount,
      currency: 'AED',
    });

  it("gives the payment sheet the spec's settings and the shop's name", async () => {
    const shopper = await newShopper(t);
    const res = await call(t, 'GET', '/api/v1/apple-pay/config', shopper.token);
    expect(res.status).toBe(200);
    expect(ApplePayConfigResponseSchema.parse(res.body).data).toEqual({
      countryCode: 'AE',
      currencyCode: 'AED',
      supportedNetworks: ['visa', 'masterCard', 'amex'],
      merchantCapabilities: ['supports3DS', 'supportsCredit', 'supportsDebit'],
      merchantName: t.config.shop.name,
    });
  });

  it('charges the cart total, then the order is recorded with payment method apple_pay', async () => {
    const shopper = await newShopper(t);
    const lines = [line(1), line(2, 3)];
    await fillCart(t, shopper, lines);
    const res = await applePay(shopper, Number(totalOf(lines)));
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({
      success: true,
      transaction_id: expect.stringMatching(/^pi_/),
      message: 'Payment successful',
    });
    const intentId = res.body.data.transaction_id as string;
    const row = await paymentOf(intentId);
    expect(row).toMatchObject({ method: 'apple_pay', status: 'succeeded', amount: totalOf(lines) });
    expect(row?.billingAddress).toEqual({
      name: 'Mahra Al Ketbi',
      email: 'mahra@example.ae',
      phone: '',
      address: 'Building 4, Marina Walk',
      city: 'Dubai',
      postalCode: '00000',
      country: 'AE',
    });

    const order = await call(
      t,
      'POST',
      '/api/v1/orders',
      shopper.token,
      orderPayload(lines, intentId, {
        payment_method: 'apple_pay',
        shipping_address: address({ city: 'Abu Dhabi' }),
      }),
    );
    expect(order.status).toBe(201);
    const view = await call(t, 'GET', `/api/v1/orders/${order.body.data.order_id}`, shopper.token);
    expect(view.body.data.order).toMatchObject({
      payment_method: 'apple_pay',
      total_amount: totalOf(lines),
      shipping_address: { city: 'Abu Dhabi' },
    });
  });

  it('reports a declined wallet card with its message; no order can be made from it', async () => {
    const shopper = await newShopper(t);
    const lines = [line(0)];
    await fillCart(t, shopper, lines);
    const res = await applePay(shopper, Number(totalOf(lines)), { sandbox_outcome: 'decline' });
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({
      success: false,
      transaction_id: expect.stringMatching(/^pi_/),
      message: 'Your card was declined.',
      code: 'generic_decline',
    });
    expect((await paymentOf(res.body.data.transaction_id))?.status).toBe('failed');

    const funds = await applePay(shopper, Number(totalOf(lines)), { sandbox_outcome: 'insufficient_funds' });
    expect(funds.body.data.message).toBe('Your card has insufficient funds.');

    const orders = await countRows(t, 'orders');
    const order = await call(
      t,
      'POST',
      '/api/v1/orders',
      shopper.token,
      orderPayload(lines, res.body.data.transaction_id, { payment_method: 'apple_pay' }),
    );
    expect(order.status).toBe(402);
    expect(order.body.message).toBe('The payment has not been completed: Your card was declined.');
    expect(await countRows(t, 'orders')).toBe(orders);
  });

  it('refuses an amount other than the cart total, or a token without payment data', async () => {
    const shopper = await newShopper(t);
    const lines = [line(0)];
    await fillCart(t, shopper, lines);
    const before = await countRows(t, 'payments');
    const wrong = await applePay(shopper, Number(totalOf(lines)) + 10);
    expect(wrong.status).toBe(409);
    expect(wrong.body.message).toBe('The cart changed. Please review your order.');
    const bad = await applePay(shopper, Number(totalOf(lines)), 'not-an-object');
    expect(bad.status).toBe(422);
    expect(await countRows(t, 'payments')).toBe(before);
  });
});
