/**
 * npm run bench:stock — the last pieces, fought over. Two API instances (child processes) share one PostgreSQL
 * database, as behind a load balancer. First race: one colour × size of one product has BENCH_PIECES pieces
 * (default 10); BENCH_SHOPPERS shoppers (default 50) at the same moment each add one piece to their cart,
 * prepare the payment, pay with the sandbox card 4242 4242 4242 4242 and record the order, every call landing on
 * either instance in turn. Second race: two colours of that size (BENCH_PIECES and half as many), the shoppers
 * split between them. Each race prints how each shopper ended, the p50/p95 of the checkout and what each variant
 * sold, then checks the database: exactly the pieces of each variant sold, its stock 0 and never seen negative,
 * every other shopper refused before paying or refunded, no succeeded payment without an order or a refund, no
 * hold left. Exits non-zero when a check fails.
 *
 * DATABASE_URL (default postgres://postgres@127.0.0.1:5432/test) names the server; a throwaway database is
 * created there and dropped at the end. BENCH_PORT (default 4322) and the port after it are the instances'.
 */
import { fork, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import { throwawayDatabase } from './throwaway-database.js';
import { benchShopper } from './shoppers.js';

const shoppers = Number(process.env.BENCH_SHOPPERS ?? 50);
const pieces = Number(process.env.BENCH_PIECES ?? 10);
const firstPort = Number(process.env.BENCH_PORT ?? 4322);
const SLUG = 'zahra-emerald-velvet-caftan';
const SIZE = 'M';
for (const [name, value] of Object.entries({ shoppers, pieces, firstPort })) {
  if (!Number.isInteger(value) || value < 1) throw new Error(`${name} must be a positive integer`);
}

const database = await throwawayDatabase('boutique_stock');
const dbName = database.name;
const dbUrl = new URL(database.url);

// Instances behind one load balancer answer to one address and sign with one secret (each has its own data
// folder).
const jwtSecret = randomBytes(48).toString('base64url');
const children: ChildProcess[] = [];
async function instance(port: number): Promise<string> {
  const child = fork(fileURLToPath(new URL('./instance.ts', import.meta.url)), {
    execArgv: ['--conditions=source', '--import', 'tsx'],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(port),
      DATABASE_URL: dbUrl.toString(),
      PAYMENT_GATEWAY: 'sandbox',
      JWT_SECRET: jwtSecret,
      PUBLIC_URL: `http://127.0.0.1:${firstPort}`,
      // 50 registrations from one address in a second: the limits are for the open internet, not for this.
      REGISTER_LIMIT_PER_IP: '100000',
      LOGIN_LIMIT_PER_IP: '100000',
      LOGIN_LIMIT_PER_EMAIL: '100000',
      // Every shopper sends their order call: reconciliation must not be what makes the orders here.
      RECONCILE_AFTER_S: '3600',
    },
  });
  children.push(child);
  return new Promise<string>((resolve, reject) => {
    child.once('message', (m) => resolve((m as { url: string }).url));
    child.once('exit', (code) => reject(new Error(`instance on port ${port} exited with ${code}`)));
  });
}

type Outcome = 'ordered' | 'refused at the cart' | 'refused at the payment' | 'refunded' | 'failed';
/** One colour × size of the product fought over, and the pieces it starts the race with. */
interface Variant {
  color: string;
  pieces: number;
}
const db = new pg.Client({ connectionString: dbUrl.toString() });
let failed = false;
try {
  // One at a time: the first migrates and seeds, the second finds it done.
  const bases = [await instance(firstPort), await instance(firstPort + 1)];
  await db.connect();
  const [product] = (
    await db.query<{ id: number; price: string; colors: string[] }>(
      `select p.id, p.price, array(select c.key from product_colors pc join colors c on c.id = pc.color_id
         where pc.product_id = p.id order by pc.sort_order, pc.color_id) as colors
       from products p where p.slug = $1`,
      [SLUG],
    )
  ).rows;
  if (!product) throw new Error(`no product ${SLUG}`);
  if (product.colors.length < 2) throw new Error(`${SLUG} needs two colours for the second race`);
  const { price } = product;

  let turn = 0;
  const api = async (path: string, token: string | undefined, body?: unknown) => {
    const base = bases[turn++ % bases.length];
    const res = await fetch(base + path, {
      method: body === undefined ? 'GET' : 'POST',
      headers: {
        ...(body !== undefined && { 'content-type': 'application/json' }),
        ...(token && { authorization: `Bearer ${token}` }),
      },
      ...(body !== undefined && { body: JSON.stringify(body) }),
    });
    return { status: res.status, body: (await res.json()) as any };
  };
  const q = async <T extends pg.QueryResultRow>(text: string, values: unknown[] = []) =>
    (await db.query<T>(text, values)).rows;
  const rowOf = (client: pg.Client, color: string) =>
    client
      .query<{ stock: number; reserved: number }>(
        'select stock, reserved from product_stock where product_id = $1 and color = $2 and size = $3',
        [product.id, color, SIZE],
      )
      .then((r) => r.rows[0]);

  /**
   * One race: `shoppers` shoppers at the same moment, each buying one piece of one of `variants` (in turn), on
   * either instance. Prints how each ended and the checkout's p50/p95, then checks the database; answers the
   * problems found.
   */
  async function race(name: string, variants: Variant[]): Promise<string[]> {
    for (const v of variants) {
      await db.query(
        'update product_stock set stock = $4, reserved = 0 where product_id = $1 and color = $2 and size = $3',
        [product!.id, v.color, SIZE, v.pieces],
      );
    }
    const total = variants.reduce((n, v) => n + v.pieces, 0);
    const named = (v: Variant) => `${v.color} ${SIZE}`;
    console.log(
      `\n${name}: ${shoppers} shoppers race for ${variants.map((v) => `${v.pieces} pieces of ${named(v)}`).join(' and ')} ` +
        `of ${SLUG}, two instances (${bases.join(', ')}), sandbox gateway, PostgreSQL ${dbName}`,
    );
    const registered = await Promise.all(
      Array.from({ length: shoppers }, async (_, i) => ({
        ...(await benchShopper(api, `Race Shopper ${i + 1}`, `${name}.${i + 1}@example.ae`)),
        n: i + 1,
        variant: variants[i % variants.length]!,
      })),
    );

    // What each variant's row holds while the race runs: it must never be seen below zero.
    const lowest = new Map(variants.map((v) => [v.color, { stock: Infinity, free: Infinity }]));
    let racing = true;
    const watcher = new pg.Client({ connectionString: dbUrl.toString() });
    await watcher.connect();
    const watching = (async () => {
      while (racing) {
        for (const v of variants) {
          const row = await rowOf(watcher, v.color);
          const seen = lowest.get(v.color)!;
          if (row) {
            seen.stock = Math.min(seen.stock, row.stock);
            seen.free = Math.min(seen.free, row.stock - row.reserved);
          }
        }
        await new Promise((r) => setTimeout(r, 2));
      }
    })();

    const checkout = async (shopper: {
      token: string;
      n: number;
      variant: Variant;
    }): Promise<{ outcome: Outcome; ms: number; color: string; detail?: string }> => {
      const started = performance.now();
      const { color } = shopper.variant;
      const done = (outcome: Outcome, detail?: string) => ({
        outcome,
        ms: performance.now() - started,
        color,
        detail,
      });
      const added = await api('/api/v1/cart/add', shopper.token, {
        slug: SLUG,
        quantity: 1,
        options: { color, size: SIZE },
      });
      if (added.status === 422 && added.body.shortages) return done('refused at the cart');
      if (added.status !== 200)
        return done('failed', `cart add ${added.status} ${JSON.stringify(added.body)}`);
      const intent = await api('/api/v1/payments/payment-intent', shopper.token, {
        amount: price,
        currency: 'AED',
      });
      if (intent.status === 409 && intent.body.shortages) return done('refused at the payment');
      if (intent.status !== 201)
        return done('failed', `intent ${intent.status} ${JSON.stringify(intent.body)}`);
      const confirmed = await api('/api/v1/payments/sandbox/confirm', shopper.token, {
        clientSecret: intent.body.data.clientSecret,
        card: {
          number: '4242424242424242',
          exp_month: 12,
          exp_year: new Date().getUTCFullYear() + 2,
          cvc: '123',
        },
      });
      if (confirmed.body.data?.paymentIntent?.status !== 'succeeded')
        return done('failed', `confirm ${confirmed.status} ${JSON.stringify(confirmed.body)}`);
      const order = await api('/api/v1/orders', shopper.token, {
        total_amount: price,
        currency: 'AED',
        transaction_id: intent.body.data.paymentIntentId,
        payment_status: 'succeeded',
        billing_address: {
          name: `Race Shopper ${shopper.n}`,
          email: `${name}.${shopper.n}@example.ae`,
          phone: '+971 50 000 0000',
          address: 'Race Street 1',
          city: 'Dubai',
          postalCode: '00000',
          country: 'AE',
        },
        items: [{ product_slug: SLUG, quantity: 1, price, options: { color, size: SIZE } }],
      });
      if (order.status === 201) return done('ordered');
      if (order.status === 409 && order.body.refunded) return done('refunded');
      return done('failed', `order ${order.status} ${JSON.stringify(order.body)}`);
    };

    const wallStart = performance.now();
    const results = await Promise.all(registered.map((s) => checkout(s)));
    const wallMs = performance.now() - wallStart;
    racing = false;
    await watching;
    await watcher.end();

    const count = (o: Outcome) => results.filter((r) => r.outcome === o).length;
    const pct = (values: number[], p: number) => {
      const sorted = [...values].sort((a, b) => a - b);
      return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;
    };
    const ms = (v: number) => `${v.toFixed(0)} ms`.padStart(8);
    const line = (label: string, values: number[]) =>
      values.length === 0
        ? `${label.padEnd(24)}       -        -        -`
        : `${label.padEnd(24)}${ms(pct(values, 50))} ${ms(pct(values, 95))} ${ms(Math.max(...values))}`;
    console.log(`race over in ${(wallMs / 1000).toFixed(2)} s`);
    for (const o of [
      'ordered',
      'refused at the cart',
      'refused at the payment',
      'refunded',
      'failed',
    ] as const)
      console.log(`  ${o.padEnd(24)} ${count(o)}`);
    console.log(`\n                            p50      p95      max`);
    console.log(
      line(
        'whole checkout (all)',
        results.map((r) => r.ms),
      ),
    );
    console.log(
      line(
        '  ending in an order',
        results.filter((r) => r.outcome === 'ordered').map((r) => r.ms),
      ),
    );
    console.log(
      line(
        '  ending in a refusal',
        results.filter((r) => r.outcome.startsWith('refused')).map((r) => r.ms),
      ),
    );

    // ---------------------------------------------------------------- the database must agree
    const problems: string[] = [];
    for (const r of results.filter((x) => x.outcome === 'failed').slice(0, 5))
      problems.push(`a shopper failed: ${r.detail}`);
    const ids = registered.map((s) => s.id);
    const [ordersMade] = await q<{ n: number }>(
      'select count(*)::int as n from orders where user_id = any($1)',
      [ids],
    );
    if (ordersMade?.n !== total) problems.push(`${ordersMade?.n} orders for ${total} pieces`);
    if (count('ordered') !== total)
      problems.push(`${count('ordered')} shoppers told "ordered" for ${total} pieces`);
    for (const v of variants) {
      const [sold] = await q<{ n: number }>(
        `select coalesce(sum(i.quantity), 0)::int as n from order_items i join orders o on o.id = i.order_id
         where o.user_id = any($1) and i.product_id = $2 and i.color = $3 and i.size = $4`,
        [ids, product!.id, v.color, SIZE],
      );
      const told = results.filter((r) => r.outcome === 'ordered' && r.color === v.color).length;
      const row = await rowOf(db, v.color);
      const seen = lowest.get(v.color)!;
      console.log(
        `${named(v).padEnd(20)} ${v.pieces} pieces, ${sold?.n} sold (${told} shoppers told "ordered"); ` +
          `now stock ${row?.stock}, reserved ${row?.reserved}; lowest seen: stock ${seen.stock}, free ${seen.free}`,
      );
      if (sold?.n !== v.pieces) problems.push(`${named(v)}: ${sold?.n} pieces sold of ${v.pieces}`);
      if (told !== v.pieces) problems.push(`${named(v)}: ${told} shoppers told "ordered" for ${v.pieces}`);
      if (row?.stock !== 0 || row.reserved !== 0)
        problems.push(
          `${named(v)}: stock ${row?.stock}, reserved ${row?.reserved} after the race (want 0, 0)`,
        );
      if (seen.stock < 0 || seen.free < 0)
        problems.push(`${named(v)}: stock seen at ${seen.stock}, free at ${seen.free}`);
    }
    const orphans = await q<{ id: number }>(
      `select p.id from payments p where p.user_id = any($1) and p.status = 'succeeded'
         and not exists (select 1 from orders o where o.payment_id = p.id)
         and not exists (select 1 from refunds r where r.payment_id = p.id and r.kind = 'sold_out' and r.status = 'succeeded')`,
      [ids],
    );
    if (orphans.length > 0)
      problems.push(`${orphans.length} succeeded payments with neither an order nor a refund`);
    const [holds] = await q<{ n: number }>(
      'select count(*)::int as n from stock_holds where user_id = any($1)',
      [ids],
    );
    if (holds?.n !== 0) problems.push(`${holds?.n} holds left`);
    const unserved =
      shoppers -
      count('ordered') -
      count('refunded') -
      count('refused at the cart') -
      count('refused at the payment');
    if (unserved !== 0)
      problems.push(`${unserved} shoppers neither served, refused before paying, nor refunded`);
    if (problems.length === 0) {
      console.log(
        `${name} check passed: exactly the pieces of each variant sold (${variants.map((v) => `${named(v)} ${v.pieces}`).join(', ')}), ` +
          `stock 0 and never negative, the ${shoppers - total} others refused before paying or refunded ` +
          `(${count('refunded')} refunded), every payment with an order or a refund, no hold left`,
      );
    }
    return problems.map((p) => `${name}: ${p}`);
  }

  const [first, second] = product.colors as [string, string];
  const problems = [
    ...(await race('one-colour', [{ color: first, pieces }])),
    // Two colours of one size: each sells its own pieces, none of the other's.
    ...(await race('two-colours', [
      { color: first, pieces },
      { color: second, pieces: Math.max(1, Math.floor(pieces / 2)) },
    ])),
  ];
  if (problems.length > 0) {
    failed = true;
    console.error('\nstock check FAILED:');
    for (const p of problems) console.error(`  ${p}`);
  } else {
    console.log('\nstock check passed for both races');
  }
} catch (err) {
  failed = true;
  console.error('bench failed:', err instanceof Error ? err.message : err);
} finally {
  await db.end().catch(() => {});
  for (const child of children) child.disconnect();
  await Promise.all(
    children.map((c) => new Promise((r) => (c.exitCode === null ? c.once('exit', r) : r(null)))),
  );
  await database.drop();
}
process.exit(failed ? 1 : 0);
