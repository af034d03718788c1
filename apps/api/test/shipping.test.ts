import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { InvoiceResponseSchema, ShippingMethodsResponseSchema, vatIncludedFils } from '@boutique/contracts';
import { ShippingZoneResponseSchema, type ShippingZone } from '@boutique/contracts/admin-shipping';
import { auditLog } from '../src/db/schema/index.js';
import { fromFils, toFils } from '../src/lib/money.js';
import { startTestApp, type TestApp } from './helpers.js';
import { waitForMails } from './mail.js';
import { newAdmin } from './support/after-sale.js';
import {
  address,
  articles,
  call,
  card,
  fillCart,
  generousLimits,
  newShopper,
  orderPayload,
  paymentOf,
  plentyOfStock,
  totalOf,
  type Article,
  type CartLine,
  type Shopper,
} from './support/shop.js';

let t: TestApp;
let admin: Shopper;
let stock: Article[];
beforeAll(async () => {
  t = await startTestApp({ ...generousLimits, SHOP_TRN: '100123456700003' });
  await plentyOfStock(t);
  stock = await articles(t, 2);
  admin = await newAdmin(t);
});
afterAll(() => t?.close());

const names = (en: string) => ({ en, fr: `${en} (fr)`, ar: `${en} (ar)` });
const zonesPath = '/api/v1/admin/shipping-zones';

const uae = {
  name: names('United Arab Emirates'),
  countries: ['ae'],
  rates: [
    { name: names('Standard'), price: '25', free_over: '1000', min_days: 2, max_days: 4 },
    { name: names('Express'), price: '45.00', min_days: 1, max_days: 1 },
  ],
};

async function createZone(body: unknown) {
  return call(t, 'POST', zonesPath, admin.token, body);
}

async function methodsFor(query: string) {
  const res = await t.json(`/api/v1/shipping-methods${query}`);
  expect(res.status).toBe(200);
  return ShippingMethodsResponseSchema.parse(res.body).data;
}

let zone: ShippingZone;

describe('shipping zones in the back office', () => {
  it('starts with the worldwide zone and its free rate, which every country gets', async () => {
    const res = await call(t, 'GET', zonesPath, admin.token);
    expect(res.status).toBe(200);
    expect(res.body.data.zones).toEqual([
      expect.objectContaining({
        worldwide: true,
        countries: [],
        rates: [expect.objectContaining({ price: '0.00', free_over: null, min_days: 2, max_days: 10 })],
      }),
    ]);
    const { methods, zone: served } = await methodsFor('?country=AE');
    expect(served.worldwide).toBe(true);
    expect(methods).toEqual([expect.objectContaining({ price: '0.00', currency: 'AED' })]);
    // The spec's route answers the same.
    const legacy = await t.json('/api/checkout/shipping-methods?country=FR');
    expect(legacy.body.data.methods).toEqual(methods);
  });

  it('refuses shoppers and signed-out callers', async () => {
    const shopper = await newShopper(t);
    expect((await call(t, 'GET', zonesPath)).status).toBe(401);
    expect((await call(t, 'POST', zonesPath, shopper.token, uae)).status).toBe(403);
  });

  it('creates a zone with its rates, audited, its version as the ETag', async () => {
    const res = await createZone(uae);
    expect(res.status).toBe(201);
    zone = ShippingZoneResponseSchema.parse(res.body).data.zone;
    expect(zone).toMatchObject({
      countries: ['AE'],
      worldwide: false,
      version: 1,
      rates: [
        { name: names('Standard'), price: '25.00', free_over: '1000.00', min_days: 2, max_days: 4 },
        { name: names('Express'), price: '45.00', free_over: null, min_days: 1, max_days: 1 },
      ],
    });
    expect(res.headers.get('etag')).toBe('W/"1"');
    const audit = await t.database.db.select().from(auditLog).where(eq(auditLog.entity, 'shipping_zone'));
    expect(audit).toEqual([expect.objectContaining({ action: 'shipping_zone.create', entityId: zone.id })]);
  });

  it.each([
    ['a code that names no country', { ...uae, countries: ['XX'] }, 'countries.0', 'invalid'],
    [
      'a country another zone lists',
      { ...uae, name: names('Gulf'), countries: ['SA', 'AE'] },
      'countries',
      'taken',
    ],
    [
      'a negative price',
      { ...uae, countries: ['OM'], rates: [{ ...uae.rates[0], price: '-5' }] },
      'rates.0.price',
      'invalid',
    ],
    [
      'fastest above slowest',
      { ...uae, countries: ['OM'], rates: [{ ...uae.rates[1], min_days: 5, max_days: 2 }] },
      'rates.0.min_days',
      'invalid',
    ],
    ['no country', { ...uae, countries: [] }, 'countries', 'invalid'],
    ['no rate', { ...uae, countries: ['OM'], rates: [] }, 'rates', 'required'],
  ])('refuses %s with a field error, and keeps nothing', async (_case, body, field, code) => {
    const before = (await call(t, 'GET', zonesPath, admin.token)).body.data.zones;
    const res = await createZone(body);
    expect(res.status).toBe(422);
    expect(res.body.errors[field]).toBeDefined();
    expect(res.body.error_codes[field]).toContain(code);
    expect((await call(t, 'GET', zonesPath, admin.token)).body.data.zones).toEqual(before);
  });

  it('changes a zone with its version, keeping the rates sent with their ids; refuses a stale one', async () => {
    const [standard, express] = zone.rates;
    const res = await t.json(`${zonesPath}/${zone.id}`, {
      method: 'PATCH',
      headers: {
        authorization: `Bearer ${admin.token}`,
        'content-type': 'application/json',
        'if-match': 'W/"1"',
      },
      body: JSON.stringify({
        rates: [
          { ...uae.rates[0], id: standard!.id },
          { ...uae.rates[1], id: express!.id, price: '45' },
        ],
      }),
    });
    expect(res.status).toBe(200);
    zone = ShippingZoneResponseSchema.parse(res.body).data.zone;
    expect(zone.version).toBe(2);
    expect(zone.rates.map((r) => r.id)).toEqual([standard!.id, express!.id]);

    const stale = await call(t, 'PATCH', `${zonesPath}/${zone.id}`, admin.token, {
      version: 1,
      countries: ['AE', 'OM'],
    });
    expect(stale.status).toBe(409);
    expect(stale.body.code).toBe('stale');
    const unversioned = await call(t, 'PATCH', `${zonesPath}/${zone.id}`, admin.token, { countries: ['AE'] });
    expect(unversioned.status).toBe(428);
  });

  it('keeps the worldwide zone: edited, never deleted, never given countries', async () => {
    const all = (await call(t, 'GET', zonesPath, admin.token)).body.data.zones as ShippingZone[];
    const world = all.find((z) => z.worldwide)!;
    const gone = await call(t, 'DELETE', `${zonesPath}/${world.id}`, admin.token, { version: world.version });
    expect(gone.status).toBe(409);
    const countries = await call(t, 'PATCH', `${zonesPath}/${world.id}`, admin.token, {
      version: world.version,
      countries: ['FR'],
    });
    expect(countries.status).toBe(422);
    expect(countries.body.error_codes.countries).toEqual(['not_allowed']);
    const renamed = await call(t, 'PATCH', `${zonesPath}/${world.id}`, admin.token, {
      version: world.version,
      name: names('Rest of the world'),
    });
    expect(renamed.status).toBe(200);
  });

  it('deletes another zone with its version', async () => {
    const made = await createZone({ ...uae, name: names('Levant'), countries: ['JO', 'LB'] });
    expect(made.status).toBe(201);
    const id = made.body.data.zone.id as number;
    expect((await call(t, 'DELETE', `${zonesPath}/${id}`, admin.token, { version: 1 })).status).toBe(200);
    expect((await methodsFor('?country=JO')).zone.worldwide).toBe(true);
  });
});

describe('rates for an address', () => {
  it("answers the country's zone, cheapest first, free over its amount; the worldwide zone elsewhere", async () => {
    const ae = await methodsFor('?country=ae&subtotal=999.99');
    expect(ae.zone.id).toBe(zone.id);
    expect(ae.methods.map((m) => [m.name.en, m.price, m.min_days, m.max_days])).toEqual([
      ['Standard', '25.00', 2, 4],
      ['Express', '45.00', 1, 1],
    ]);
    const over = await methodsFor('?country=AE&subtotal=1000.00');
    expect(over.methods.map((m) => [m.name.en, m.price, m.regular_price])).toEqual([
      ['Standard', '0.00', '25.00'],
      ['Express', '45.00', '45.00'],
    ]);
    expect((await methodsFor('?country=FR')).zone.worldwide).toBe(true);
    expect((await methodsFor('')).zone.worldwide).toBe(true);
    expect((await t.json('/api/v1/shipping-methods?country=France')).status).toBe(422);
  });

  it('lists every zone for the shipping page', async () => {
    const res = await t.json('/api/v1/shipping-zones');
    expect(res.status).toBe(200);
    expect(res.body.data.zones.map((z: { countries: string[] }) => z.countries)).toEqual([['AE'], []]);
  });
});

describe('paying with shipping', () => {
  const line = (i: number, quantity = 1): CartLine => ({ ...stock[i]!, quantity });
  const rateOf = (name: string) => zone.rates.find((r) => r.name.en === name)!;
  const plus = (lines: CartLine[], fils: number) => fromFils(toFils(totalOf(lines)) + fils);
  /** What the rate costs for these lines in the UAE, as the storefront is told. */
  const priceOf = async (name: string, lines: CartLine[]) => {
    const { methods } = await methodsFor(`?country=AE&subtotal=${totalOf(lines)}`);
    return toFils(methods.find((m) => m.name.en === name)!.price);
  };

  it('prices the chosen rate into the intent, and refuses a total without it', async () => {
    const shopper = await newShopper(t);
    const lines = [line(0)];
    await fillCart(t, shopper, lines);
    const express = rateOf('Express');
    const body = { currency: 'AED', shipping_rate_id: express.id, country: 'AE' };
    const without = await call(t, 'POST', '/api/v1/payments/payment-intent', shopper.token, {
      ...body,
      amount: totalOf(lines),
    });
    expect(without.status).toBe(409);
    const res = await call(t, 'POST', '/api/v1/payments/payment-intent', shopper.token, {
      ...body,
      amount: plus(lines, 4500),
    });
    expect(res.status).toBe(201);
    expect(res.body.data.amount).toBe(plus(lines, 4500));
    const payment = await paymentOf(t, res.body.data.paymentIntentId);
    expect(payment.shipping).toMatchObject({
      rateId: express.id,
      price: '45.00',
      minDays: 1,
      maxDays: 1,
      country: 'AE',
    });

    // Switching to Standard re-prices the same intent.
    const standard = rateOf('Standard');
    const updated = await call(t, 'POST', '/api/v1/payments/update-payment-intent', shopper.token, {
      paymentIntentId: res.body.data.paymentIntentId,
      amount: plus(lines, await priceOf('Standard', lines)),
      shipping_rate_id: String(standard.id),
      country: 'AE',
    });
    expect(updated.status).toBe(200);
    expect((await paymentOf(t, res.body.data.paymentIntentId)).shipping?.rateId).toBe(standard.id);
  });

  it("refuses a rate the country's zone does not offer (422), and creates nothing", async () => {
    const shopper = await newShopper(t);
    const lines = [line(0)];
    await fillCart(t, shopper, lines);
    const res = await call(t, 'POST', '/api/v1/payments/payment-intent', shopper.token, {
      amount: plus(lines, 4500),
      shipping_rate_id: rateOf('Express').id,
      country: 'FR',
    });
    expect(res.status).toBe(422);
    expect(res.body.error_codes.shipping_rate_id).toEqual(['unavailable']);
    const unknown = await call(t, 'POST', '/api/v1/payments/payment-intent', shopper.token, {
      amount: plus(lines, 0),
      shipping_rate_id: 999999,
      country: 'AE',
    });
    expect(unknown.status).toBe(422);
  });

  it('makes the order, invoice and e-mail from the frozen rate; VAT of the total includes shipping', async () => {
    const shopper = await newShopper(t);
    const lines = [line(1, 2)];
    await fillCart(t, shopper, lines);
    const express = rateOf('Express');
    const total = plus(lines, 4500);
    const intent = await call(t, 'POST', '/api/v1/payments/payment-intent', shopper.token, {
      amount: total,
      shipping_rate_id: express.id,
      country: 'AE',
    });
    expect(intent.status).toBe(201);
    const { paymentIntentId, clientSecret } = intent.body.data;
    const confirmed = await call(t, 'POST', '/api/v1/payments/sandbox/confirm', shopper.token, {
      clientSecret,
      card: card('4242424242424242'),
      billing_details: address(),
    });
    expect(confirmed.status).toBe(200);
    // The owner changes the rate meanwhile: the order keeps what was paid.
    const now = (await call(t, 'GET', zonesPath, admin.token)).body.data.zones.find(
      (z: ShippingZone) => z.id === zone.id,
    );
    await call(t, 'PATCH', `${zonesPath}/${zone.id}`, admin.token, {
      version: now.version,
      rates: now.rates.map((r: ShippingZone['rates'][number]) =>
        r.id === express.id ? { ...r, price: '60' } : r,
      ),
    });

    // A client claiming the total without shipping is refused.
    const cheap = await call(
      t,
      'POST',
      '/api/v1/orders',
      shopper.token,
      orderPayload(lines, paymentIntentId),
    );
    expect(cheap.status).toBe(409);
    // So is an order shipping elsewhere than the country the shipping was priced for.
    const elsewhere = await call(t, 'POST', '/api/v1/orders', shopper.token, {
      ...orderPayload(lines, paymentIntentId),
      total_amount: total,
      shipping_address: address({ country: 'FR', city: 'Paris' }),
    });
    expect(elsewhere.status).toBe(409);
    const placed = await call(t, 'POST', '/api/v1/orders', shopper.token, {
      ...orderPayload(lines, paymentIntentId, { locale: 'en' }),
      total_amount: total,
      shipping_address: address(),
    });
    expect(placed.status).toBe(201);
    expect(placed.body.data.total_amount).toBe(total);
    const id = placed.body.data.order_id as number;
    const order = (await call(t, 'GET', `/api/v1/orders/${id}`, shopper.token)).body.data.order;
    expect(order).toMatchObject({
      subtotal: totalOf(lines),
      shipping_amount: '45.00',
      total_amount: total,
      shipping_method: { id: express.id, name: names('Express'), min_days: 1, max_days: 1 },
    });
    const invoice = InvoiceResponseSchema.parse(
      (await call(t, 'GET', `/api/v1/orders/${id}/invoice`, shopper.token)).body,
    ).data.invoice;
    expect(invoice).toMatchObject({ shipping: '45.00', shipping_name: names('Express'), total });
    expect(toFils(invoice.vat)).toBe(vatIncludedFils(toFils(total)));
    expect(toFils(invoice.vat)).toBeGreaterThan(vatIncludedFils(toFils(totalOf(lines))));

    const mails = await waitForMails(t.config.mail.dir, shopper.email, 2);
    const mail = mails.find((m) => m.subject.includes('is confirmed'));
    expect(mail!.text).toContain('Shipping: Express');
    expect(mail!.text).toContain('Estimated delivery: 1 business day after shipping.');
  });

  it('ships free over the free-over amount', async () => {
    const shopper = await newShopper(t);
    const pieces = Math.ceil(1000 / Number(stock[0]!.price));
    const lines = [line(0, pieces)];
    await fillCart(t, shopper, lines);
    const res = await call(t, 'POST', '/api/v1/payments/payment-intent', shopper.token, {
      amount: totalOf(lines),
      shipping_rate_id: rateOf('Standard').id,
      country: 'AE',
    });
    expect(res.status).toBe(201);
    expect((await paymentOf(t, res.body.data.paymentIntentId)).shipping?.price).toBe('0.00');
  });

  it("prices an intent without a rate at the cheapest of the country's zone (the worldwide one without a country)", async () => {
    const shopper = await newShopper(t);
    const lines = [line(0)];
    await fillCart(t, shopper, lines);
    const res = await call(t, 'POST', '/api/v1/payments/payment-intent', shopper.token, {
      amount: totalOf(lines),
    });
    expect(res.status).toBe(201);
    const ae = await call(t, 'POST', '/api/v1/payments/update-payment-intent', shopper.token, {
      paymentIntentId: res.body.data.paymentIntentId,
      amount: plus(lines, await priceOf('Standard', lines)),
      country: 'AE',
    });
    expect(ae.status).toBe(200);
  });

  it("prices Apple Pay's shipping for the wallet's own shipping contact's country", async () => {
    const shopper = await newShopper(t);
    const lines = [line(0)];
    await fillCart(t, shopper, lines);
    const express = rateOf('Express');
    const fils = await priceOf('Express', lines);
    const pay = (country: string, amount: string) =>
      call(t, 'POST', '/api/v1/apple-pay/process-payment', shopper.token, {
        applePayToken: { paymentData: { version: 'EC_v1', data: 'x' }, transactionIdentifier: 'ABC123' },
        billing_contact: { givenName: 'Mahra', familyName: 'Al Ketbi', countryCode: 'AE' },
        shipping_contact: {
          givenName: 'Mahra',
          familyName: 'Al Ketbi',
          locality: 'Paris',
          countryCode: country,
        },
        shipping_rate_id: express.id,
        amount,
        currency: 'AED',
      });
    // The wallet ships to France: the UAE's Express is not offered there, whatever the billing country.
    const abroad = await pay('FR', plus(lines, fils));
    expect(abroad.status).toBe(422);
    expect(abroad.body.error_codes.shipping_rate_id).toEqual(['unavailable']);
    // A total without the shipping is refused; with it, charged.
    expect((await pay('AE', totalOf(lines))).status).toBe(409);
    const paid = await pay('AE', plus(lines, fils));
    expect(paid.status).toBe(200);
    expect(paid.body.data.success).toBe(true);
    const payment = await paymentOf(t, paid.body.data.transaction_id);
    expect(payment).toMatchObject({
      amount: plus(lines, fils),
      shipping: { rateId: express.id, country: 'AE' },
    });
  });
});
