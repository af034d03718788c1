import { and, asc, eq, sql } from 'drizzle-orm';
import {
  cartItems,
  payments,
  productStock,
  products,
  refreshTokens,
  users,
  userTotp,
  type AddressSnapshot,
} from '../../src/db/schema/index.js';
import { fromFils, toFils } from '../../src/lib/money.js';
import type { TestApp } from '../helpers.js';

/** What a shopper's checkout needs: who they are and how to call the API as them. */
export interface Shopper {
  id: number;
  email: string;
  name: string;
  token: string;
}

export interface Article {
  productId: number;
  slug: string;
  price: string;
  color: string;
  size: 'S' | 'M' | 'L' | 'XL';
}

export interface CartLine extends Article {
  quantity: number;
}

let seq = 0;

export const generousLimits = {
  REGISTER_LIMIT_PER_IP: '100000',
  LOGIN_LIMIT_PER_IP: '100000',
  LOGIN_LIMIT_PER_EMAIL: '100000',
};

/** Registers an account, signed in at once: the answer holds `body.data.user` and `.tokens`. */
export async function signUp(
  t: TestApp,
  form: { name: string; email: string; password: string },
  headers: Record<string, string> = {},
) {
  const json = (path: string, body: unknown) =>
    t.json(path, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body: JSON.stringify(body),
    });
  const registered = await json('/api/v1/auth/register', { ...form, password_confirmation: form.password });
  if (registered.status !== 201) {
    throw new Error(`register: ${registered.status} ${JSON.stringify(registered.body)}`);
  }
  return registered;
}

export async function newShopper(t: TestApp, name = 'Noura Al Mansoori'): Promise<Shopper> {
  seq += 1;
  const email = `shopper.${seq}.${Date.now()}@example.ae`;
  const res = await signUp(t, { name, email, password: 'Saffron-Silk-2025' });
  return { id: res.body.data.user.id, email, name, token: res.body.data.tokens.accessToken };
}

/**
 * Makes the shopper an admin as the back office needs one: a verified address, the role, an authenticator
 * app enrolled, and their current sign-in past the second factor (test/two-factor.test.ts goes through the
 * real steps).
 */
export async function makeAdmin(t: TestApp, shopper: Shopper, role: 'admin' | 'staff' = 'admin') {
  const { db } = t.database;
  await db.update(users).set({ role, emailVerifiedAt: new Date() }).where(eq(users.id, shopper.id));
  await db
    .insert(userTotp)
    .values({ userId: shopper.id, secret: 'v1.test.enrolled-directly', confirmedAt: new Date() })
    .onConflictDoNothing();
  await db
    .update(refreshTokens)
    .set({ secondFactorAt: new Date() })
    .where(eq(refreshTokens.userId, shopper.id));
}

/** A JSON call as a shopper (or anonymous without a token). */
export function call(t: TestApp, method: string, path: string, token?: string, body?: unknown) {
  return t.json(path, {
    method,
    headers: {
      ...(body !== undefined && { 'content-type': 'application/json' }),
      ...(token && { authorization: `Bearer ${token}` }),
    },
    ...(body !== undefined && { body: JSON.stringify(body) }),
  });
}

/**
 * Every colour × size of every product gets at least `pieces` pieces: for files whose stories are not about
 * stock, so that the demo's few pieces never run out under them.
 */
export async function plentyOfStock(t: TestApp, pieces = 10_000) {
  await t.database.db.execute(sql`insert into product_stock (product_id, color, size, stock)
    select p.id, coalesce(c.key, ''), s.size, ${pieces}::int
    from products p cross join lateral unnest(p.sizes) as s(size)
    left join product_colors pc on pc.product_id = p.id left join colors c on c.id = pc.color_id
    on conflict (product_id, color, size) do update set stock = greatest(product_stock.stock, excluded.stock)`);
}

/** Active products of the demo catalogue, each with its first colour and first size. */
export async function articles(t: TestApp, count = 3): Promise<Article[]> {
  const rows = await t.database.db
    .select({
      productId: products.id,
      slug: products.slug,
      price: products.price,
      sizes: products.sizes,
      color: sql<string | null>`(select c.key from product_colors pc join colors c on c.id = pc.color_id
        where pc.product_id = products.id order by pc.sort_order limit 1)`,
    })
    .from(products)
    .where(eq(products.status, 'active'))
    .orderBy(asc(products.id))
    .limit(count);
  return rows.map((r) => ({
    productId: r.productId,
    slug: r.slug,
    price: r.price,
    color: r.color ?? '',
    size: r.sizes[0] ?? 'M',
  }));
}

/** Puts lines in the shopper's server cart, as the cart module would. */
export async function fillCart(t: TestApp, shopper: Shopper, lines: CartLine[]) {
  await t.database.db.delete(cartItems).where(eq(cartItems.userId, shopper.id));
  if (lines.length === 0) return;
  await t.database.db.insert(cartItems).values(
    lines.map((l) => ({
      userId: shopper.id,
      productId: l.productId,
      color: l.color,
      size: l.size,
      quantity: l.quantity,
    })),
  );
}

export const totalOf = (lines: CartLine[]) =>
  fromFils(lines.reduce((sum, l) => sum + toFils(l.price) * l.quantity, 0));

export const address = (overrides: Partial<AddressSnapshot> = {}): AddressSnapshot => ({
  name: 'Noura Al Mansoori',
  email: 'noura@example.ae',
  phone: '+971 50 765 4321',
  address: 'Villa 12, Al Wasl Road',
  city: 'Dubai',
  postalCode: '00000',
  country: 'AE',
  ...overrides,
});

/** The spec's order payload for these lines, paid by this intent. */
export function orderPayload(lines: CartLine[], intentId: string, overrides: Record<string, unknown> = {}) {
  return {
    total_amount: Number(totalOf(lines)),
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
    ...overrides,
  };
}

export async function createIntent(t: TestApp, shopper: Shopper, amount: number | string) {
  return call(t, 'POST', '/api/v1/payments/payment-intent', shopper.token, { amount, currency: 'AED' });
}

export const card = (number: string, overrides: Record<string, unknown> = {}) => ({
  number,
  exp_month: 12,
  exp_year: new Date().getUTCFullYear() + 3,
  cvc: number.startsWith('3') && number.length === 15 ? '1234' : '123',
  ...overrides,
});

export async function confirmCard(
  t: TestApp,
  shopper: Shopper,
  clientSecret: string,
  number = '4242424242424242',
  extra: Record<string, unknown> = {},
) {
  return call(t, 'POST', '/api/v1/payments/sandbox/confirm', shopper.token, {
    clientSecret,
    card: card(number),
    ...extra,
  });
}

/** Cart filled, intent created and confirmed with a card: what the checkout page does before POST /orders. */
export async function pay(t: TestApp, shopper: Shopper, lines: CartLine[], number = '4242424242424242') {
  await fillCart(t, shopper, lines);
  const intent = await createIntent(t, shopper, Number(totalOf(lines)));
  if (intent.status !== 201) throw new Error(`intent: ${intent.status} ${JSON.stringify(intent.body)}`);
  const { paymentIntentId, clientSecret } = intent.body.data as {
    paymentIntentId: string;
    clientSecret: string;
  };
  const confirmed = await confirmCard(t, shopper, clientSecret, number, { billing_details: address() });
  return { intentId: paymentIntentId, clientSecret, confirmed };
}

/** A paid order of these lines, as the checkout makes it: paid by card, then POST /orders. Answers that call. */
export async function placeOrder(t: TestApp, shopper: Shopper, lines: CartLine[]) {
  const { intentId } = await pay(t, shopper, lines);
  return call(t, 'POST', '/api/v1/orders', shopper.token, orderPayload(lines, intentId));
}

export async function countRows(t: TestApp, table: string): Promise<number> {
  const res = await t.database.db.execute(sql.raw(`select count(*)::int as n from ${table}`));
  const rows = (Array.isArray(res) ? res : (res as { rows: { n: number }[] }).rows) as { n: number }[];
  return rows[0]?.n ?? 0;
}

export { eventually } from './eventually.js';

/** A variant's stock (the article's colour and size) and the pieces held for payments in progress. */
export const stockOf = async (t: TestApp, p: Article) =>
  (
    await t.database.db
      .select({ stock: productStock.stock, reserved: productStock.reserved })
      .from(productStock)
      .where(
        and(
          eq(productStock.productId, p.productId),
          eq(productStock.color, p.color),
          eq(productStock.size, p.size),
        ),
      )
  )[0];

/** The shop's record of a payment, by the provider's intent id. */
export const paymentOf = async (t: TestApp, intentId: string) =>
  (await t.database.db.select().from(payments).where(eq(payments.intentId, intentId)))[0]!;

/** Fills the shopper's cart with the lines and starts paying for them: the new intent's id. */
export async function startPaying(t: TestApp, shopper: Shopper, lines: CartLine[]) {
  await fillCart(t, shopper, lines);
  const res = await createIntent(t, shopper, Number(totalOf(lines)));
  if (res.status !== 201)
    throw new Error(`the payment did not start: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.data.paymentIntentId as string;
}
