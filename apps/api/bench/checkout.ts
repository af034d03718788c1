/**
 * npm run bench:checkout — N shoppers check out at the same moment against the real app on PostgreSQL: add to
 * cart, create the payment intent, confirm it in the sandbox with 4242 4242 4242 4242, record the order. Prints
 * orders/s and the p50/p95 of the whole checkout and of POST /orders, then checks the database: exactly N
 * orders, one per payment, totals equal to their lines, carts empty, and every confirmation delivered by the
 * outbox (its lag, commit to delivered, p50/p95). Exits non-zero when a check fails.
 *
 * DATABASE_URL (default postgres://postgres@127.0.0.1:5432/test) names the server; a throwaway database is
 * created there and dropped at the end. BENCH_SHOPPERS (default 50) sets N.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { throwawayDatabase } from './throwaway-database.js';
import { benchShopper } from './shoppers.js';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { buildApp } from '../src/app.js';
import { loadConfig } from '../src/env.js';
import { cartItems, orderItems, orders, outbox, payments, products } from '../src/db/schema/index.js';
import { toFils } from '../src/lib/money.js';

const shoppers = Number(process.env.BENCH_SHOPPERS ?? 50);
if (!Number.isInteger(shoppers) || shoppers < 1) throw new Error('BENCH_SHOPPERS must be a positive integer');

const database = await throwawayDatabase('boutique_bench');
const dbName = database.name;
const dbUrl = new URL(database.url);
const dataDir = mkdtempSync(join(tmpdir(), 'boutique-bench-'));

const config = loadConfig({
  ...process.env,
  NODE_ENV: 'production',
  LOG_LEVEL: 'warn',
  DATA_DIR: dataDir,
  DATABASE_URL: dbUrl.toString(),
  PAYMENT_GATEWAY: 'sandbox',
  // N registrations from one address in a second: the limits are for the open internet, not for this.
  REGISTER_LIMIT_PER_IP: '100000',
  LOGIN_LIMIT_PER_IP: '100000',
  LOGIN_LIMIT_PER_EMAIL: '100000',
  // Every shopper sends their order call; reconciliation must not be what makes the orders here.
  RECONCILE_AFTER_S: '3600',
});

const app = await buildApp(config, { renderDemoMedia: false });
let failed = false;
try {
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  if (!address || typeof address === 'string') throw new Error('no address');
  const base = `http://127.0.0.1:${address.port}`;
  const db = app.database.db;
  // Stock (decision 017): this bench measures checkouts, not scarcity (bench:stock does): every size has
  // plenty.
  await db.execute(sql`update product_stock set stock = 1000000`);

  const api = async (path: string, token: string | undefined, body?: unknown) => {
    const res = await fetch(base + path, {
      method: body === undefined ? 'GET' : 'POST',
      headers: {
        ...(body !== undefined && { 'content-type': 'application/json' }),
        ...(token && { authorization: `Bearer ${token}` }),
      },
      ...(body !== undefined && { body: JSON.stringify(body) }),
    });
    const json = (await res.json()) as any;
    return { status: res.status, body: json };
  };
  const must = (what: string, res: { status: number; body: any }, ...ok: number[]) => {
    if (!ok.includes(res.status)) throw new Error(`${what}: ${res.status} ${JSON.stringify(res.body)}`);
    return res.body.data;
  };

  const catalogue = await db
    .select({
      id: products.id,
      slug: products.slug,
      price: products.price,
      sizes: products.sizes,
      // Spelled out: in a one-table query Drizzle leaves columns unqualified.
      color: sql<string | null>`(select c.key from product_colors pc join colors c on c.id = pc.color_id
        where pc.product_id = products.id order by pc.sort_order limit 1)`,
    })
    .from(products)
    .where(eq(products.status, 'active'))
    .orderBy(asc(products.id));

  console.log(
    `checkout bench: ${shoppers} shoppers at once, sandbox gateway, PostgreSQL ${dbName}, loopback`,
  );
  const registered = await Promise.all(
    Array.from({ length: shoppers }, (_, i) =>
      benchShopper(api, `Bench Shopper ${i + 1}`, `bench.${i + 1}@example.ae`),
    ),
  );

  const checkout = async (shopper: { id: number; token: string }, n: number) => {
    const picks = [0, 1, 2]
      .slice(0, 1 + (n % 3))
      .map((k) => catalogue[(n * 7 + k * 11) % catalogue.length]!)
      .filter((p, k, all) => all.findIndex((q) => q.id === p.id) === k);
    const lines = picks.map((p, k) => ({
      ...p,
      size: p.sizes[0] ?? 'M',
      color: p.color ?? '',
      quantity: 1 + (k % 2),
    }));
    const total = lines.reduce((s, l) => s + toFils(l.price) * l.quantity, 0) / 100;

    const started = performance.now();
    for (const l of lines) {
      must(
        'cart add',
        await api('/api/v1/cart/add', shopper.token, {
          slug: l.slug,
          quantity: l.quantity,
          options: { color: l.color || null, size: l.size },
        }),
        200,
        201,
      );
    }
    const intent = must(
      'payment intent',
      await api('/api/v1/payments/payment-intent', shopper.token, { amount: total, currency: 'AED' }),
      201,
    );
    const confirmed = must(
      'sandbox confirm',
      await api('/api/v1/payments/sandbox/confirm', shopper.token, {
        clientSecret: intent.clientSecret,
        card: {
          number: '4242424242424242',
          exp_month: 12,
          exp_year: new Date().getUTCFullYear() + 2,
          cvc: '123',
        },
        billing_details: { name: `Bench Shopper ${n + 1}`, city: 'Dubai', country: 'AE' },
      }),
      200,
    );
    if (confirmed.paymentIntent.status !== 'succeeded')
      throw new Error(`not paid: ${JSON.stringify(confirmed)}`);
    const orderStarted = performance.now();
    must(
      'order',
      await api('/api/v1/orders', shopper.token, {
        total_amount: total,
        currency: 'AED',
        transaction_id: intent.paymentIntentId,
        payment_status: 'succeeded',
        billing_address: {
          name: `Bench Shopper ${n + 1}`,
          email: `bench.${n + 1}@example.ae`,
          phone: '+971 50 000 0000',
          address: 'Bench Street 1',
          city: 'Dubai',
          postalCode: '00000',
          country: 'AE',
        },
        items: lines.map((l) => ({
          product_slug: l.slug,
          quantity: l.quantity,
          price: Number(l.price),
          options: { color: l.color || null, size: l.size },
        })),
      }),
      201,
    );
    const ended = performance.now();
    return { checkoutMs: ended - started, orderMs: ended - orderStarted };
  };

  const wallStart = performance.now();
  // Settled, not all: a failing shopper must not leave the others running while the app closes.
  const settled = await Promise.allSettled(registered.map((s, n) => checkout(s, n)));
  const wallMs = performance.now() - wallStart;
  const refused = settled.filter((r) => r.status === 'rejected');
  if (refused.length > 0) {
    throw new Error(`${refused.length} checkouts failed, the first: ${String(refused[0]?.reason)}`);
  }
  const timings = settled.flatMap((r) => (r.status === 'fulfilled' ? [r.value] : []));

  const pct = (values: number[], p: number) => {
    const sorted = [...values].sort((a, b) => a - b);
    return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;
  };
  const ms = (v: number) => `${v.toFixed(0)} ms`.padStart(8);
  const checkoutMs = timings.map((x) => x.checkoutMs);
  const orderMs = timings.map((x) => x.orderMs);
  console.log(
    `${shoppers} orders in ${(wallMs / 1000).toFixed(2)} s: ${(shoppers / (wallMs / 1000)).toFixed(1)} orders/s`,
  );
  console.log('                     p50      p95      max');
  console.log(
    `whole checkout  ${ms(pct(checkoutMs, 50))} ${ms(pct(checkoutMs, 95))} ${ms(Math.max(...checkoutMs))}`,
  );
  console.log(
    `POST /orders    ${ms(pct(orderMs, 50))} ${ms(pct(orderMs, 95))} ${ms(Math.max(...orderMs))}\n`,
  );

  // ---------------------------------------------------------------- the database must agree
  const ids = registered.map((s) => s.id);
  const made = await db.select().from(orders).where(inArray(orders.userId, ids));

  // The confirmations go through the outbox: from the order's commit (the row's created_at) to delivered.
  const about = made.map((o) => `order:${o.id}`);
  const confirmations = async () =>
    db
      .select({ createdAt: outbox.createdAt, sentAt: outbox.sentAt })
      .from(outbox)
      .where(and(eq(outbox.kind, 'order_confirmation'), inArray(outbox.subject, about)));
  const deadline = Date.now() + 30_000;
  let sent = await confirmations();
  while (sent.some((m) => !m.sentAt) && Date.now() < deadline) {
    await new Promise((r) => setTimeout(r, 50));
    sent = await confirmations();
  }
  const lags = sent.flatMap((m) => (m.sentAt ? [m.sentAt.getTime() - m.createdAt.getTime()] : []));
  console.log(
    `outbox lag      ${ms(pct(lags, 50))} ${ms(pct(lags, 95))} ${ms(Math.max(0, ...lags))}  (commit to delivered, ${lags.length}/${made.length} confirmations sent)\n`,
  );
  const problems: string[] = [];
  if (made.length !== shoppers) problems.push(`${made.length} orders for ${shoppers} shoppers`);
  if (new Set(made.map((o) => o.userId)).size !== made.length) problems.push('a shopper has two orders');
  if (new Set(made.map((o) => o.paymentId)).size !== made.length) problems.push('a payment has two orders');
  const paid = await db.select().from(payments).where(inArray(payments.userId, ids));
  const paymentById = new Map(paid.map((p) => [p.id, p]));
  const items = await db
    .select()
    .from(orderItems)
    .where(
      inArray(
        orderItems.orderId,
        made.map((o) => o.id),
      ),
    );
  for (const order of made) {
    const payment = paymentById.get(order.paymentId);
    const own = items.filter((i) => i.orderId === order.id);
    const itemsFils = own.reduce((s, i) => s + toFils(i.price) * i.quantity, 0);
    const linesFils = (payment?.lines ?? []).reduce((s, l) => s + toFils(l.price) * l.quantity, 0);
    if (payment?.status !== 'succeeded' || payment.userId !== order.userId)
      problems.push(`order ${order.orderNumber}: payment not the shopper's succeeded one`);
    if (
      toFils(order.totalAmount) !== itemsFils ||
      itemsFils !== linesFils ||
      toFils(payment?.amount ?? '0') !== linesFils
    )
      problems.push(
        `order ${order.orderNumber}: total ${order.totalAmount}, items ${itemsFils}, lines ${linesFils}`,
      );
    if (order.source !== 'checkout') problems.push(`order ${order.orderNumber} made by ${order.source}`);
  }
  const [left] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(cartItems)
    .where(and(inArray(cartItems.userId, ids)));
  if ((left?.n ?? 0) !== 0) problems.push(`${left?.n} cart lines left`);
  if (lags.length !== made.length) problems.push(`${made.length - lags.length} confirmations not delivered`);

  if (problems.length > 0) {
    failed = true;
    console.error('database check FAILED:');
    for (const p of problems.slice(0, 20)) console.error(`  ${p}`);
  } else {
    console.log(
      `database check passed: ${made.length} orders, one per payment, totals equal to their lines, carts empty`,
    );
  }
} catch (err) {
  failed = true;
  console.error('bench failed:', err instanceof Error ? err.message : err);
} finally {
  await app.close();
  await database.drop();
  rmSync(dataDir, { recursive: true, force: true });
}
process.exit(failed ? 1 : 0);
