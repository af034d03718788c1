import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { ManualOrderResponseSchema } from '@boutique/contracts/admin';
import { auditLog, orders, outbox, paymentLinks, payments, users } from '../src/db/schema/index.js';
import { fromFils, toFils } from '../src/lib/money.js';
import { rowsOf } from '../src/db/rows.js';
import { startTestApp, type TestApp } from './helpers.js';
import {
  address,
  articles,
  call,
  card,
  generousLimits,
  newShopper,
  plentyOfStock,
  type Article,
  type Shopper,
} from './support/shop.js';
import { mailsAbout, newAdmin, orderOf, piecesOf } from './support/after-sale.js';

/** Orders the owner writes for WhatsApp and phone sales, and the payment links they e-mail. */
let t: TestApp;
let admin: Shopper;
let stock: Article[];

beforeAll(async () => {
  t = await startTestApp({ ...generousLimits, RECONCILE_INTERVAL_S: '0', OUTBOX_WORKER: 'false' });
  await plentyOfStock(t, 40);
  stock = await articles(t, 3);
  admin = await newAdmin(t);
});
afterAll(() => t?.close());

const lineOf = (i: number, quantity = 1) => ({
  product_id: stock[i]!.productId,
  color: stock[i]!.color,
  size: stock[i]!.size,
  quantity,
});

function manualOrder(body: Record<string, unknown>, key = randomUUID(), token = admin.token) {
  return t.json('/api/v1/admin/orders', {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}`, 'idempotency-key': key },
    body: JSON.stringify(body),
  });
}

let seq = 0;
const newCustomer = () => {
  seq += 1;
  return {
    email: `Whatsapp.${seq}.${Date.now()}@Example.AE`,
    name: 'Salma Bennani',
    phone: '+971 55 123 4567',
  };
};

const counts = async () => {
  const n = async (table: string) =>
    rowsOf<{ n: number }>(await t.database.db.execute(sql.raw(`select count(*)::int as n from ${table}`)))[0]!
      .n;
  return {
    users: await n('users'),
    orders: await n('orders'),
    payments: await n('payments'),
    outbox: await n('outbox'),
    audit: await n('audit_log'),
  };
};

async function linkOrder(locale = 'ar') {
  const customer = newCustomer();
  const res = await manualOrder({
    customer,
    lines: [lineOf(1)],
    shipping_address: address({ name: customer.name, email: customer.email.toLowerCase() }),
    payment: 'payment_link',
    locale,
  });
  if (res.status !== 201) throw new Error(`link order: ${res.status} ${JSON.stringify(res.body)}`);
  const order = ManualOrderResponseSchema.parse(res.body).data.order;
  const mail = (await mailsAbout(t, `order:${order.id}`)).find((m) => m.kind === 'payment_link')!;
  const token = /\/pay\/([A-Za-z0-9_-]+)/.exec(mail.text)![1]!;
  return { order, mail, token };
}

const confirmLink = (token: string, number = '4242424242424242') =>
  call(t, 'POST', `/api/v1/pay/${token}/sandbox-confirm`, undefined, { card: card(number) });

describe('manual orders', () => {
  it('makes a new customer without a password, takes the pieces, e-mails the confirmation in French', async () => {
    const customer = newCustomer();
    const before = await piecesOf(t, stock[0]!, stock[0]!.size);
    const res = await manualOrder({
      customer,
      lines: [lineOf(0, 2)],
      shipping_address: address({ name: customer.name, email: customer.email.toLowerCase() }),
      payment: 'cash_on_delivery',
      note: 'Commande WhatsApp, livraison samedi',
      locale: 'fr',
    });
    expect(res.status).toBe(201);
    const { order, customer: made } = ManualOrderResponseSchema.parse(res.body).data;
    expect(made).toMatchObject({ email: customer.email.toLowerCase(), created: true });
    expect(order).toMatchObject({
      payment_method: 'cash_on_delivery',
      payment_status: 'awaiting_payment',
      subtotal: fromFils(toFils(stock[0]!.price) * 2),
      total_amount: fromFils(toFils(stock[0]!.price) * 2),
      locale: 'fr',
    });
    expect(await piecesOf(t, stock[0]!, stock[0]!.size)).toEqual({ ...before, stock: before.stock - 2 });

    // An account nobody can sign in to until the mailbox's owner sets a password; no role, not confirmed.
    const [account] = await t.database.db.select().from(users).where(eq(users.id, made.id));
    expect(account).toMatchObject({
      passwordHash: null,
      emailVerifiedAt: null,
      role: 'customer',
      locale: 'fr',
    });
    const signIn = await call(t, 'POST', '/api/v1/auth/login', undefined, {
      email: customer.email,
      password: 'anything-at-all-123',
    });
    expect(signIn.status).toBe(401);
    const forgot = await call(t, 'POST', '/api/v1/auth/forgot-password', undefined, {
      email: customer.email,
      lang: 'fr',
    });
    expect(forgot.status).toBe(200);
    const reset = await t.database.db
      .select()
      .from(outbox)
      .where(eq(outbox.subject, `user:${made.id}`));
    expect(reset.map((m) => m.kind)).toContain('password_reset');

    const mails = await mailsAbout(t, `order:${order.id}`);
    const confirmation = mails.find((m) => m.kind === 'order_confirmation')!;
    expect(confirmation.to).toBe(customer.email.toLowerCase());
    expect(confirmation.subject).toContain('est confirmée');
    expect(confirmation.text).toContain('en espèces à la livraison');

    const page = await call(t, 'GET', `/api/v1/admin/orders/${order.id}`, admin.token);
    expect(page.body.data.order).toMatchObject({
      source: 'manual',
      note: 'Commande WhatsApp, livraison samedi',
    });
    expect(page.body.data.audit[0]).toMatchObject({
      action: 'order.create',
      after: { customer_id: made.id, customer_created: true, payment: 'cash_on_delivery' },
    });
  });

  it('writes an order paid offline for an existing customer, by id or by e-mail, never remaking the account', async () => {
    const shopper = await newShopper(t, 'Aisha Al Nuaimi');
    const byId = await manualOrder({
      customer_id: shopper.id,
      lines: [lineOf(2)],
      shipping_address: address({ country: 'FR', city: 'Paris' }),
      payment: 'paid_offline',
      locale: 'en',
    });
    expect(byId.status).toBe(201);
    const first = ManualOrderResponseSchema.parse(byId.body).data;
    expect(first.customer).toEqual({ id: shopper.id, email: shopper.email, created: false });
    expect(first.order.payment_status).toBe('succeeded');
    expect((await orderOf(t, shopper, first.order.id)).payment_method).toBe('paid_offline');

    const users0 = (await counts()).users;
    const key = randomUUID();
    const byEmail = await manualOrder(
      {
        customer: { email: shopper.email.toUpperCase(), name: 'Someone else', phone: '+971 50 000 0000' },
        lines: [lineOf(2)],
        shipping_address: address(),
        payment: 'paid_offline',
      },
      key,
    );
    expect(byEmail.status).toBe(201);
    expect(byEmail.body.data.customer).toEqual({ id: shopper.id, email: shopper.email, created: false });
    const [account] = await t.database.db.select().from(users).where(eq(users.id, shopper.id));
    expect(account?.name).toBe('Aisha Al Nuaimi');
    expect((await counts()).users).toBe(users0);

    // The same key again: the same order.
    const again = await manualOrder(
      {
        customer: { email: shopper.email, name: 'x', phone: '+971 50 000 0000' },
        lines: [lineOf(2)],
        shipping_address: address(),
        payment: 'paid_offline',
      },
      key,
    );
    expect(again.status).toBe(200);
    expect(again.body.data.order.id).toBe(byEmail.body.data.order.id);
  });

  it('prices a discount code by the checkout rule and counts its use; refuses an unknown one on its field', async () => {
    const made = await call(t, 'POST', '/api/v1/admin/discounts', admin.token, {
      code: 'WHATSAPP50',
      kind: 'amount',
      value: '50',
    });
    expect(made.status).toBe(201);
    const customer = newCustomer();
    const body = {
      customer,
      lines: [lineOf(0)],
      shipping_address: address({ name: customer.name }),
      payment: 'cash_on_delivery',
      locale: 'en',
    };
    const before = await counts();
    const unknown = await manualOrder({ ...body, discount_code: 'NOPE' });
    expect(unknown.status).toBe(422);
    expect(unknown.body.code).toBe('discount_unknown');
    expect(Object.keys(unknown.body.errors)).toEqual(['discount_code']);
    expect(await counts()).toEqual(before);

    const res = await manualOrder({ ...body, discount_code: 'whatsapp50' });
    expect(res.status).toBe(201);
    const { order } = ManualOrderResponseSchema.parse(res.body).data;
    const price = toFils(stock[0]!.price);
    expect(order).toMatchObject({ discount_code: 'WHATSAPP50', discount_amount: '50.00' });
    expect(toFils(order.total_amount)).toBe(
      price - 5000 + toFils(order.shipping_amount) + toFils(order.cod_fee ?? '0'),
    );
    const listed = await call(t, 'GET', '/api/v1/admin/discounts', admin.token);
    expect(listed.body.data.discounts.find((d: { code: string }) => d.code === 'WHATSAPP50').usage.uses).toBe(
      1,
    );
  });

  it('refuses what cannot be sold or is not there, leaving no account, order or piece taken', async () => {
    const customer = newCustomer();
    const before = await counts();
    const pieces = await piecesOf(t, stock[0]!, stock[0]!.size);
    const base = {
      customer,
      shipping_address: address(),
      payment: 'cash_on_delivery',
    };
    const wrongSize = await manualOrder({ ...base, lines: [{ ...lineOf(0), size: 'XXS' }] });
    expect(wrongSize.status).toBe(422);
    const unknown = await manualOrder({ ...base, lines: [{ ...lineOf(0), product_id: 999_999 }] });
    expect(unknown.status).toBe(422);
    expect(unknown.body.error_codes['lines.0.product_id']).toEqual(['invalid']);
    const wrongColour = await manualOrder({ ...base, lines: [{ ...lineOf(0), color: 'no-such-colour' }] });
    expect(wrongColour.status).toBe(422);
    expect(Object.keys(wrongColour.body.error_codes)).toEqual(['lines.0.color']);
    const tooMany = await manualOrder({ ...base, lines: [lineOf(0, 99)] });
    expect(tooMany.status).toBe(409);
    expect(tooMany.body.shortages).toHaveLength(1);
    const abroad = await manualOrder({
      ...base,
      lines: [lineOf(0)],
      shipping_address: address({ country: 'SA' }),
    });
    expect(abroad.status).toBe(422);
    expect(abroad.body.code).toBe('cash_on_delivery_country');
    const badRate = await manualOrder({ ...base, lines: [lineOf(0)], shipping_rate_id: 999_999 });
    expect(badRate.status).toBe(422);
    expect(badRate.body.error_codes.shipping_rate_id).toEqual(['unavailable']);
    const both = await manualOrder({ ...base, customer_id: admin.id, lines: [lineOf(0)] });
    expect(both.status).toBe(422);
    const nobody = await manualOrder({
      customer_id: 999_999,
      lines: [lineOf(0)],
      shipping_address: address(),
      payment: 'paid_offline',
    });
    expect(nobody.status).toBe(422);
    expect(nobody.body.error_codes.customer_id).toEqual(['invalid']);

    expect(await counts()).toEqual(before);
    expect(await piecesOf(t, stock[0]!, stock[0]!.size)).toEqual(pieces);
  });

  it('answers a shopper 403 on the manual order route and changes nothing', async () => {
    const shopper = await newShopper(t);
    const before = await counts();
    const res = await manualOrder(
      { customer_id: shopper.id, lines: [lineOf(0)], shipping_address: address(), payment: 'paid_offline' },
      randomUUID(),
      shopper.token,
    );
    expect(res.status).toBe(403);
    expect(await counts()).toEqual(before);
  });
});

describe('payment links', () => {
  it('e-mails a link in the customer language that pays its order by card, once', async () => {
    const { order, mail, token } = await linkOrder('ar');
    expect(order.payment_status).toBe('awaiting_payment');
    expect(mail.subject).toContain('ادفع');
    expect(mail.text).toContain(`/ar/pay/${token}`);
    // Only the token's hash is kept.
    const [link] = await t.database.db.select().from(paymentLinks).where(eq(paymentLinks.orderId, order.id));
    expect(link!.tokenHash).not.toContain(token);

    const view = await call(t, 'GET', `/api/v1/pay/${token}`);
    expect(view.status).toBe(200);
    expect(view.body.data.order).toMatchObject({
      order_number: order.order_number,
      total_amount: order.total_amount,
    });

    // A declined card leaves the order awaiting; a good one pays it.
    const declined = await confirmLink(token, '4000000000000002');
    expect(declined.status).toBe(200);
    expect(declined.body.data).toMatchObject({ paid: false, status: 'failed' });
    const paid = await confirmLink(token);
    expect(paid.status).toBe(200);
    expect(paid.body.data).toMatchObject({
      paid: true,
      order_number: order.order_number,
      status: 'succeeded',
    });
    const [row] = await t.database.db.select().from(orders).where(eq(orders.id, order.id));
    expect(row).toMatchObject({ paymentStatus: 'succeeded', paymentMethod: 'payment_link' });
    const [payment] = await t.database.db.select().from(payments).where(eq(payments.id, row!.paymentId));
    expect(payment).toMatchObject({ status: 'succeeded', amount: order.total_amount });
    expect(payment!.intentId).toMatch(/^pi_/);

    // Used: the page and a second payment are refused with a clear word.
    const second = await confirmLink(token);
    expect(second.status).toBe(410);
    expect(second.body.code).toBe('payment_link_used');
    expect(second.body.message).toContain(order.order_number);
    expect((await call(t, 'GET', `/api/v1/pay/${token}`)).status).toBe(410);
  });

  it("pays only its own order: another order's link leaves this one awaiting", async () => {
    const a = await linkOrder('en');
    const b = await linkOrder('fr');
    expect((await confirmLink(a.token)).body.data.paid).toBe(true);
    const [rowB] = await t.database.db.select().from(orders).where(eq(orders.id, b.order.id));
    expect(rowB!.paymentStatus).toBe('awaiting_payment');
    const [paymentB] = await t.database.db.select().from(payments).where(eq(payments.id, rowB!.paymentId));
    expect(paymentB!.status).toBe('requires_payment_method');
    // A's link, used, cannot pay anything more; B's still pays B.
    expect((await confirmLink(a.token)).status).toBe(410);
    expect((await confirmLink(b.token)).body.data).toMatchObject({
      paid: true,
      order_number: b.order.order_number,
    });
    // A made-up token is unknown.
    expect((await call(t, 'GET', `/api/v1/pay/${'x'.repeat(43)}`)).status).toBe(404);
  });

  it('refuses an expired link and a link of an order marked paid by the owner', async () => {
    const expired = await linkOrder('en');
    await t.database.db
      .update(paymentLinks)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(paymentLinks.orderId, expired.order.id));
    const late = await confirmLink(expired.token);
    expect(late.status).toBe(410);
    expect(late.body.code).toBe('payment_link_expired');
    const [row] = await t.database.db.select().from(orders).where(eq(orders.id, expired.order.id));
    expect(row!.paymentStatus).toBe('awaiting_payment');

    const settled = await linkOrder('en');
    const page = await call(t, 'GET', `/api/v1/admin/orders/${settled.order.id}`, admin.token);
    const marked = await call(t, 'PATCH', `/api/v1/admin/orders/${settled.order.id}/payment`, admin.token, {
      status: 'paid',
      version: page.body.data.order.version,
    });
    expect(marked.status).toBe(200);
    const after = await confirmLink(settled.token);
    expect(after.status).toBe(410);
    expect(after.body.code).toBe('payment_link_used');
    const audit = await t.database.db.select().from(auditLog).where(eq(auditLog.entityId, settled.order.id));
    expect(audit.map((a) => a.action)).toEqual(expect.arrayContaining(['order.create', 'order.payment']));
  });
});
