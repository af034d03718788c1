/**
 * npm run test:cluster — the shop as it runs on servers, proven on one machine: three instances of the built
 * app on PostgreSQL, Redis and an S3 server, behind HAProxy, all on 127.0.0.1 (scripts/test-cluster.sh starts
 * what is missing, builds, then runs this).
 *
 * Checks, each printed with its figures; any failure exits non-zero:
 *   1. A product changed in the database, and a picture uploaded through one instance, are served by the
 *      others at once (their data dirs are apart: only PostgreSQL, Redis and the bucket are shared).
 *   2. Rate limits count across instances (Redis).
 *   3. Requests/s through the balancer for the collection and product endpoints, three instances against one.
 *   4. N shoppers check out through the balancer while one instance is killed -9 and restarted: every shopper
 *      ends with exactly one order, every paid intent has exactly one order, every order's confirmation is
 *      one message that reaches the SMTP server (twice only when the killed instance was sending it), and no
 *      5xx reaches a shopper except for requests the killed instance had in flight (which the shopper's retry
 *      recovers).
 *   5. Redis hung (SIGSTOP) for some seconds, then killed and started again empty, while signed-in shoppers
 *      browse through the balancer: no request waits a second for Redis, no 5xx, no instance leaves the
 *      balancer, readiness says `degraded` then `ok`, and what was counted or ended is not lost.
 *
 * The confirmation is written to the e-mail outbox in the order's transaction and delivered by whichever
 * instance's worker claims it; one claimed by the killed instance is claimed again when its lease (5 s here)
 * runs out, so a kill -9 delays a confirmation and loses none.
 *
 * Variables: CLUSTER_PORT_BASE (4342: S3, SMTP, balancer, single; Redis at base+8, instances at base+9..),
 * CLUSTER_DATABASE_URL (else DATABASE_URL, else postgres://postgres@127.0.0.1:5432/postgres; a throwaway
 * database is made there), REDIS_SERVER (redis-server: the test runs its own, which it hangs and kills), HAPROXY (haproxy), CLUSTER_SHOPPERS (50), CLUSTER_BENCH_SECONDS (5).
 */
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import pg from 'pg';
import sharp from 'sharp';
import { balancer, instance, redisServer, services, sleep, waitFor, type Instance } from './processes.js';
import { checkout, ShopperClient, type Article, type Checkout } from './shopper.js';

const env = process.env;
const portBase = Number(env.CLUSTER_PORT_BASE ?? 4342);
const shoppers = Number(env.CLUSTER_SHOPPERS ?? 50);
const benchSeconds = Number(env.CLUSTER_BENCH_SECONDS ?? 5);
const baseDatabaseUrl =
  env.CLUSTER_DATABASE_URL ?? env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const serverJs = fileURLToPath(new URL('../dist/server.js', import.meta.url));
const LOGIN_LIMIT = 5;
const KILLED = 'i2';
/** The outbox's lease: a message the killed instance was sending goes to another worker after it. */
const LEASE_S = 5;

for (const [name, value] of [
  ['CLUSTER_SHOPPERS', shoppers],
  ['CLUSTER_BENCH_SECONDS', benchSeconds],
  ['CLUSTER_PORT_BASE', portBase],
] as const) {
  if (!Number.isInteger(value) || value < 1) throw new Error(`${name} must be a positive integer`);
}
if (!existsSync(serverJs)) throw new Error(`${serverJs} is missing: build the shop first (npm run build)`);

// ------------------------------------------------------------------------------------------------ reporting
interface Check {
  name: string;
  ok: boolean;
  known: boolean;
  detail: string;
}
const checks: Check[] = [];
/**
 * `known`: a failure to report without failing the run. No check passes it since the outbox (decision 022) made
 * the confirmations' check strict; it served CLUSTER_MAIL_CHECK=report, which nothing reads any more.
 */
const check = (name: string, ok: boolean, detail: string, known = false) => {
  checks.push({ name, ok, known: !ok && known, detail });
  console.log(`${ok ? 'PASS' : known ? 'KNOWN' : 'FAIL'}  ${name}: ${detail}`);
};
const section = (title: string) => console.log(`\n== ${title}`);
const pct = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))] ?? 0;
};
const ms = (v: number) => `${Math.round(v)} ms`;
const s = (v: number) => `${(v / 1000).toFixed(2)} s`;

/** Order number -> when it was committed (epoch ms), from the `order created` lines of the instances' JSON logs. */
function orderCreationTimes(logDir: string, list: Instance[]): Map<string, number> {
  const times = new Map<string, number>();
  for (const i of list) {
    for (const line of readFileSync(join(logDir, `${i.name}.log`), 'utf8').split('\n')) {
      if (!line.includes('"order created"')) continue;
      const entry = JSON.parse(line) as { time: number; orderNumber: string };
      times.set(entry.orderNumber, entry.time);
    }
  }
  return times;
}

// ------------------------------------------------------------------------------------------------ set-up
const runId = randomBytes(4).toString('hex');
const dir = mkdtempSync(join(tmpdir(), 'boutique-cluster-'));
const dbName = `boutique_cluster_${runId}`;
const dbUrl = new URL(baseDatabaseUrl);
dbUrl.pathname = `/${dbName}`;
const redisPrefix = `cluster-${runId}:`;
const metricsToken = randomBytes(24).toString('base64url');

const cleanups: (() => Promise<unknown>)[] = [];
let failedToRun: unknown;

const admin = new pg.Client({ connectionString: baseDatabaseUrl });
await admin.connect();
await admin.query(`create database ${dbName}`);
await admin.end();
cleanups.push(async () => {
  const c = new pg.Client({ connectionString: baseDatabaseUrl });
  await c.connect();
  await c.query(`drop database if exists ${dbName} with (force)`);
  await c.end();
});
// Redis of the test's own: it is hung and killed below (the machine's shared one is left alone).
const redisProcess = redisServer(env.REDIS_SERVER ?? 'redis-server', portBase + 8, dir);
await redisProcess.start();
cleanups.push(() => redisProcess.stop());
const redisUrl = redisProcess.url;
const db = new pg.Client({ connectionString: dbUrl.toString() });

const instances: Instance[] = [];
try {
  section(
    `cluster: 3 instances of the built shop, PostgreSQL ${dbName}, Redis, S3, HAProxy, all on 127.0.0.1`,
  );
  const mail = await services({ s3: portBase, smtp: portBase + 1 }, 'boutique-cluster', dir);
  cleanups.push(() => mail.stop());

  const shared: Record<string, string> = {
    NODE_ENV: 'production',
    HOST: '127.0.0.1',
    PUBLIC_URL: `http://127.0.0.1:${portBase + 2}`,
    LOG_LEVEL: 'info',
    DATABASE_URL: dbUrl.toString(),
    REDIS_URL: redisUrl,
    REDIS_PREFIX: redisPrefix,
    ...mail.s3Env,
    SMTP_URL: mail.smtpUrl,
    JWT_SECRET: randomBytes(48).toString('base64url'),
    METRICS_TOKEN: metricsToken,
    // Fifty shoppers sign up from one address in a few seconds; sign-in attempts per address stay strict.
    REGISTER_LIMIT_PER_IP: '100000',
    LOGIN_LIMIT_PER_IP: '100000',
    LOGIN_LIMIT_PER_EMAIL: String(LOGIN_LIMIT),
    // Orders must come from the shoppers' own calls: reconciliation would hide a lost one.
    RECONCILE_AFTER_S: '3600',
    OUTBOX_LEASE_S: String(LEASE_S),
    OUTBOX_POLL_S: '1',
    AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true',
  };
  for (const [i, name] of ['i1', 'i2', 'i3'].entries())
    instances.push(instance(name, portBase + 9 + i, serverJs, shared, dir));
  cleanups.push(() => Promise.all(instances.map((i) => i.stop())));

  // The first start migrates, seeds and renders the demo pictures into the bucket; the others then find them.
  await instances[0]!.start();
  await Promise.all(instances.slice(1).map((i) => i.start()));
  console.log(
    `instances ready: ${instances.map((i) => `${i.name} ${s(i.startMs)}`).join(', ')} (i1 migrated, seeded and rendered the pictures)`,
  );
  const lb = await balancer(
    env.HAPROXY ?? 'haproxy',
    dir,
    { all: portBase + 2, single: portBase + 3 },
    instances,
  );
  cleanups.push(() => lb.stop());
  await db.connect();
  cleanups.push(() => db.end());

  const [i1, i2, i3] = instances as [Instance, Instance, Instance];
  const json = async (url: string, init?: RequestInit) => {
    const res = await fetch(url, { ...init, signal: AbortSignal.timeout(10_000) });
    const text = await res.text();
    if (!(res.headers.get('content-type') ?? '').includes('json'))
      throw new Error(`${init?.method ?? 'GET'} ${url}: ${res.status} ${text.slice(0, 200)}`);
    return { status: res.status, body: text ? JSON.parse(text) : undefined, headers: res.headers };
  };
  const post = (url: string, body: unknown, token?: string, method = 'POST') =>
    json(url, {
      method,
      headers: { 'content-type': 'application/json', ...(token && { authorization: `Bearer ${token}` }) },
      body: JSON.stringify(body),
    });
  /** Registration answers 201 with the new account's session, as the spec's clients expect (decision 030). */
  const signUp = async (base: string, form: { name: string; email: string; password: string }) => {
    const registered = await post(`${base}/api/v1/auth/register`, {
      ...form,
      password_confirmation: form.password,
    });
    if (registered.status !== 201)
      throw new Error(`register ${form.email}: ${registered.status} ${JSON.stringify(registered.body)}`);
    return registered;
  };

  // ---------------------------------------------------------------------------------------------- shared state
  section('one shop, whichever instance answers');
  const slug = 'zahra-emerald-velvet-caftan';
  const priceAt = async (i: Instance) =>
    (await json(`${i.url}/api/v1/products/slug/${slug}`)).body.data.product.price as string;
  await Promise.all(instances.map(priceAt)); // every instance has it cached now
  const { rows } = await db.query<{ price: string }>(
    `update products set price = price + 1 where slug = $1 returning price::text`,
    [slug],
  );
  const newPrice = rows[0]!.price;
  const changed = performance.now();
  const seenAfter = await Promise.all(
    instances.map(async (i) => {
      await waitFor(`${i.name} serving the new price`, async () => (await priceAt(i)) === newPrice, 3000, 5);
      return performance.now() - changed;
    }),
  );
  check(
    'a price changed in the database is served by every instance at once',
    seenAfter.every((t) => t < 2000),
    `AED ${newPrice} served by ${instances.map((i, k) => `${i.name} after ${ms(seenAfter[k]!)}`).join(', ')} (caches dropped on NOTIFY)`,
  );

  const avatarOwner = await signUp(i1.url, {
    name: 'Leila Cluster',
    email: 'leila.cluster@example.ae',
    password: 'Caftan-Velvet-2025',
  });
  const png = await sharp({ create: { width: 120, height: 90, channels: 3, background: '#7a1f3d' } })
    .png()
    .toBuffer();
  const uploaded = await post(
    `${i1.url}/api/v1/auth/user`,
    { avatar: `data:image/png;base64,${png.toString('base64')}` },
    avatarOwner.body.data.tokens.accessToken,
    'PATCH',
  );
  const avatarUrl: string = uploaded.body.data.user.avatar;
  const fetched = await Promise.all(
    instances.map(async (i) => {
      const res = await fetch(i.url + avatarUrl);
      return { status: res.status, bytes: Buffer.from(await res.arrayBuffer()) };
    }),
  );
  check(
    'a picture uploaded through one instance is served by the others at once',
    fetched.every((f) => f.status === 200 && f.bytes.equals(fetched[0]!.bytes)) &&
      !existsSync(join(dir, 'i1', 'storage', 'avatars')),
    `avatar uploaded through i1 at ${avatarUrl}: ${fetched.map((f, k) => `${instances[k]!.name} ${f.status} (${f.bytes.length} B)`).join(', ')}; stored in the bucket, not on i1's disk`,
  );

  const login = (i: Instance | string, email: string) =>
    post(`${typeof i === 'string' ? i : i.url}/api/v1/auth/login`, { email, password: 'Not-the-password-1' });
  const direct: number[] = [];
  for (const i of [i1, i2, i3, i1, i2, i3]) direct.push((await login(i, 'guess.direct@example.ae')).status);
  const balanced: number[] = [];
  for (let k = 0; k <= LOGIN_LIMIT; k++)
    balanced.push((await login(lb.url, 'guess.balanced@example.ae')).status);
  const expected = [...Array<number>(LOGIN_LIMIT).fill(401), 429];
  check(
    'rate limits count across instances',
    direct.join() === expected.join() && balanced.join() === expected.join(),
    `${LOGIN_LIMIT} failed sign-ins per address allowed; on i1,i2,i3,i1,i2,i3: ${direct.join(' ')}; through the balancer: ${balanced.join(' ')}`,
  );

  // ---------------------------------------------------------------------------------------------- throughput
  section(
    `requests/s through HAProxy, ${benchSeconds} s each, 3 instances against 1 (${availableParallelism()} cores, load average ${loadavg()[0]!.toFixed(1)} before)`,
  );
  const measure = async (url: string) => {
    const r = await autocannon({ url, connections: 32, duration: benchSeconds, pipelining: 1 });
    return { rps: r.requests.average, p99: r.latency.p99, errors: r.errors + r.non2xx };
  };
  const endpoints = {
    collection: '/api/v1/products/filters/category/caftan',
    product: `/api/v1/products/slug/${slug}`,
  };
  console.log('endpoint        3 instances       1 instance     ratio');
  for (const [name, path] of Object.entries(endpoints)) {
    // Warm every instance's cache and JIT first, then one instance alone, then the three.
    await autocannon({ url: lb.url + path, connections: 16, duration: 2 });
    const one = await measure(lb.singleUrl + path);
    const three = await measure(lb.url + path);
    console.log(
      `${name.padEnd(12)} ${`${Math.round(three.rps)} req/s`.padStart(14)} ${`${Math.round(one.rps)} req/s`.padStart(16)} ${`${(three.rps / one.rps).toFixed(2)}x`.padStart(9)}   p99 ${three.p99} ms / ${one.p99} ms`,
    );
    check(
      `${name} endpoint under load answers without errors`,
      three.errors === 0 && one.errors === 0,
      `${three.errors + one.errors} errors`,
    );
  }

  // ---------------------------------------------------------------------------------------------- checkout
  section(
    `${shoppers} shoppers check out through the balancer; ${KILLED} is killed -9 and restarted meanwhile`,
  );
  // This is about several instances, not about the last piece (npm run bench:stock races for that): every size
  // gets enough pieces for all the shoppers in every colour (pieces are counted per colour × size, '' for a
  // product without colours), as the shop owner would stock it for a sale.
  await db.query(`insert into product_stock (product_id, color, size, stock)
    select p.id, coalesce(c.key, ''), s.size, 1000 from products p
    cross join lateral unnest(p.sizes) as s(size)
    left join product_colors pc on pc.product_id = p.id
    left join colors c on c.id = pc.color_id
    on conflict (product_id, color, size) do update set stock = greatest(product_stock.stock, excluded.stock)`);
  const collection = async (category: string) =>
    (await json(`${lb.url}/api/v1/products/filters/category/${category}`)).body.data.data.products as any[];
  const catalogue: Article[] = [...(await collection('caftan')), ...(await collection('jellaba'))]
    .filter((p) => p.status === 'active')
    .flatMap((p) => {
      // A size in stock when the answer says which are (per-size stock), else the first.
      const size = (p.sizes as { name: string; in_stock?: boolean }[]).find((x) => x.in_stock !== false);
      return size ? [{ slug: p.slug, color: p.colors[0]?.key ?? null, size: size.name }] : [];
    });
  const registered: { n: number; token: string; name: string; email: string; id: number }[] = [];
  for (let start = 0; start < shoppers; start += 5) {
    const batch = await Promise.all(
      Array.from({ length: Math.min(5, shoppers - start) }, async (_, k) => {
        const n = start + k + 1;
        const name = `Cluster Shopper ${n}`;
        const email = `cluster.shopper.${n}@example.ae`;
        const res = await signUp(lb.url, { name, email, password: 'Saffron-Silk-2025' });
        return {
          n,
          token: res.body.data.tokens.accessToken as string,
          name,
          email,
          id: res.body.data.user.id as number,
        };
      }),
    );
    registered.push(...batch);
  }

  const t0 = performance.now();
  const client = new ShopperClient(lb.url, t0);
  let done = 0;
  const killAfter = Math.max(1, Math.round(shoppers / 4));
  const kill: {
    at?: number;
    epoch?: number;
    downAt?: number;
    restartedAt?: number;
    readyAt?: number;
    upAt?: number;
    firstServedAt?: number;
  } = {};
  let resolveKillPoint: () => void = () => {};
  const killPoint = new Promise<void>((resolve) => (resolveKillPoint = resolve));

  const runs = registered.map(async (shopper, k) => {
    await sleep(k * 40);
    const picks = [catalogue[(k * 7) % catalogue.length]!, catalogue[(k * 7 + 11) % catalogue.length]!].slice(
      0,
      1 + (k % 2),
    );
    const result = await checkout(client, shopper, picks, () => 150 + Math.random() * 350);
    done += 1;
    if (done === killAfter) resolveKillPoint();
    return result;
  });

  const killer = (async () => {
    await killPoint;
    i2.kill('SIGKILL');
    kill.at = performance.now() - t0;
    kill.epoch = Date.now();
    const watchDown = waitFor(
      'HAProxy marking i2 down',
      async () => !(await lb.isUp(KILLED)),
      10_000,
      10,
    ).then(() => (kill.downAt = performance.now() - t0));
    // A supervisor (systemd, compose's restart policy) starts it again at once.
    await new Promise((r) => i2.process?.once('exit', r));
    kill.restartedAt = performance.now() - t0;
    await i2.start();
    kill.readyAt = performance.now() - t0;
    await watchDown;
    await waitFor('HAProxy taking i2 back', () => lb.isUp(KILLED), 15_000, 20);
    kill.upAt = performance.now() - t0;
  })();

  const results: Checkout[] = await Promise.all(runs);
  const wallMs = performance.now() - t0;
  await killer;
  const firstBack = client.calls.find((c) => c.servedBy === KILLED && c.startedAt > (kill.upAt ?? Infinity));
  kill.firstServedAt = firstBack?.startedAt;
  // Back in rotation means serving again: a few browsing requests through the balancer after the checkouts.
  const servedBy: string[] = [];
  for (let k = 0; k < 12; k++)
    servedBy.push((await fetch(`${lb.url}/api/v1/products/slug/${slug}`)).headers.get('x-served-by') ?? '');

  // ---------------------------------------------------------------------------------------------- verdicts
  const failed = results.filter((r) => r.failure);
  const busy = results.filter((r) => !r.failure).map((r) => r.busyMs);
  const orderTimes = results.filter((r) => !r.failure).map((r) => r.orderMs);
  console.log(
    `${results.length - failed.length} of ${shoppers} checkouts completed in ${s(wallMs)} (shoppers pause 150 to 500 ms between steps, start 40 ms apart)`,
  );
  console.log(
    `checkout time spent waiting on the shop: p50 ${ms(pct(busy, 50))}, p95 ${ms(pct(busy, 95))}, max ${ms(Math.max(0, ...busy))}; POST /orders p50 ${ms(pct(orderTimes, 50))}, p95 ${ms(pct(orderTimes, 95))}`,
  );
  const perInstance = ['i1', 'i2', 'i3'].map(
    (name) =>
      `${name} ${client.calls.filter((c) => c.step === 'order' && c.servedBy === name && c.status === 201).length}`,
  );
  console.log(
    `orders made by: ${perInstance.join(', ')}; calls retried by shoppers: ${results.reduce((n, r) => n + r.retries, 0)}`,
  );

  const bad = client.calls.filter((c) => c.status === 0 || c.status >= 500);
  // What the kill may fail: requests the instance had in flight (HAProxy answers 502 for them), and requests
  // HAProxy sent it on a kept-alive connection before it saw it die (it then closes the shopper's connection
  // unanswered, as a server would, for the client to retry). A request that could not connect is retried by
  // HAProxy itself. Anything else is a failure of the cluster.
  const atKill = (c: { startedAt: number; endedAt: number; servedBy: string; status: number }) =>
    kill.at !== undefined &&
    c.endedAt >= kill.at &&
    c.startedAt <= (kill.downAt ?? kill.at) &&
    (c.servedBy === KILLED || (c.status === 0 && c.servedBy === ''));
  const unexpected = bad.filter((c) => !atKill(c));
  const describe = (list: typeof bad) =>
    [...new Set(list.map((c) => `${c.step} ${c.status || 'connection closed'}`))].join(', ') || 'none';
  console.log('at the kill:');
  console.log(`  ${KILLED} killed -9 at ${s(kill.at ?? 0)}, after ${killAfter} completed checkouts`);
  console.log(
    `  ${bad.filter(atKill).length} requests it had in flight, or was sent before HAProxy marked it down, failed (${describe(bad.filter(atKill))}); each was retried by its shopper`,
  );
  console.log(`  HAProxy marked it down ${ms((kill.downAt ?? 0) - (kill.at ?? 0))} after the kill`);
  console.log(
    `  restarted at once: ready ${ms((kill.readyAt ?? 0) - (kill.restartedAt ?? 0))} after its start, back in rotation ${ms((kill.upAt ?? 0) - (kill.at ?? 0))} after the kill${kill.firstServedAt ? `, serving shoppers again at ${s(kill.firstServedAt)}` : ' (the shoppers were done by then)'}`,
  );
  check(
    'the restarted instance is back in rotation',
    servedBy.filter((name) => name === KILLED).length >= 3,
    `12 requests through the balancer afterwards served by ${['i1', 'i2', 'i3'].map((n) => `${n} ${servedBy.filter((x) => x === n).length}`).join(', ')}`,
  );

  check(
    'every shopper completed the checkout',
    failed.length === 0,
    failed.length === 0
      ? `${shoppers} of ${shoppers}`
      : failed
          .slice(0, 5)
          .map((r) => `shopper ${r.shopper}: ${r.failure}`)
          .join('; '),
  );
  check(
    'no 5xx reached a shopper except for requests in flight on the killed instance',
    unexpected.length === 0,
    unexpected.length === 0
      ? `${bad.length} failed calls, all at ${KILLED} when it died, all recovered by retrying`
      : unexpected
          .slice(0, 5)
          .map((c) => `${c.step} ${c.status || c.error} from ${c.servedBy || 'nobody'} at ${s(c.startedAt)}`)
          .join('; '),
  );

  const ids = registered.map((r) => r.id);
  const orderRows = (
    await db.query<{ user_id: number; order_number: string; source: string; payment_id: number }>(
      `select user_id, order_number, source, payment_id from orders where user_id = any($1)`,
      [ids],
    )
  ).rows;
  const byUser = new Map<number, typeof orderRows>();
  for (const o of orderRows) byUser.set(o.user_id, [...(byUser.get(o.user_id) ?? []), o]);
  const lost = registered.filter((r) => (byUser.get(r.id)?.length ?? 0) === 0);
  const doubled = registered.filter((r) => (byUser.get(r.id)?.length ?? 0) > 1);
  const answered = results.filter((r) => r.orderNumber);
  const mismatched = answered.filter(
    (r) => byUser.get(registered[r.shopper - 1]!.id)?.[0]?.order_number !== r.orderNumber,
  );
  check(
    'zero lost or doubled orders',
    lost.length === 0 && doubled.length === 0 && mismatched.length === 0 && orderRows.length === shoppers,
    `${orderRows.length} orders for ${shoppers} shoppers; lost ${lost.length}, doubled ${doubled.length}, answer differing from the database ${mismatched.length}`,
  );
  const paid = (
    await db.query<{ intent_id: string; orders: number }>(
      `select p.intent_id, count(o.id)::int as orders from payments p left join orders o on o.payment_id = p.id
       where p.user_id = any($1) and p.status = 'succeeded' group by p.id`,
      [ids],
    )
  ).rows;
  const unpaid = (
    await db.query<{ n: number }>(
      `select count(*)::int as n from payments where user_id = any($1) and status <> 'succeeded'`,
      [ids],
    )
  ).rows[0]!.n;
  check(
    'every paid intent has exactly one order',
    paid.length === shoppers && paid.every((p) => p.orders === 1),
    `${paid.length} paid intents, ${paid.filter((p) => p.orders === 1).length} with one order; ${unpaid} intents left unpaid by retried calls; orders by reconciliation: ${orderRows.filter((o) => o.source !== 'checkout').length}`,
  );

  // The confirmation goes out after the order commits; give the last ones a moment to arrive (one the killed
  // instance had claimed waits for its lease to run out).
  const orderNumbers = orderRows.map((o) => o.order_number);
  const mailsOf = (n: string) =>
    mail.messages.filter((m) => m.subject.startsWith(`Your order ${n} is confirmed`));
  await waitFor(
    'confirmation e-mails',
    async () => orderNumbers.every((n) => mailsOf(n).length >= 1),
    30_000,
    50,
  ).catch(() => undefined);
  // And long enough for a message the killed instance held to be sent again: a repeat must be seen to be judged.
  await sleep(Math.max(500, (kill.epoch ?? 0) + (LEASE_S + 2) * 1000 - Date.now()));
  // When each order was committed, from the instances' JSON logs: the window in which a kill loses its e-mail.
  const created = orderCreationTimes(dir, instances);
  const delays = orderNumbers.flatMap((n) => {
    const [first] = mailsOf(n);
    const at = created.get(n);
    return first && at ? [first.at - at] : [];
  });
  const missing = orderNumbers.filter((n) => mailsOf(n).length === 0);
  // One message per order: every delivery of an order's confirmation carries the one Message-ID of its outbox row.
  const written = orderNumbers.filter((n) => new Set(mailsOf(n).map((m) => m.messageId)).size > 1);
  // Delivery is at least once (decision 022): the one repeat allowed is the message the killed instance had
  // handed over when it died, sent again by another instance once its lease ran out. Any other repeat (two
  // live workers on one message, a second send within the lease) fails.
  const killedAtEpoch = kill.epoch ?? 0;
  const repeated = orderNumbers.filter((n) => mailsOf(n).length > 1);
  const inFlightAtKill = (n: string) => {
    const [first, again, ...more] = mailsOf(n);
    return (
      more.length === 0 &&
      Math.abs(first!.at - killedAtEpoch) < 1000 &&
      again!.at - first!.at >= LEASE_S * 500
    );
  };
  const badRepeats = repeated.filter((n) => !inFlightAtKill(n));
  console.log(
    `confirmation e-mails reached the SMTP server ${ms(pct(delays, 50))} after their order was committed (p50; max ${ms(Math.max(0, ...delays))})`,
  );
  const describeRepeat = (n: string) =>
    `${n} (${mailsOf(n)
      .map((m) => `${m.messageId} ${ms(m.at - killedAtEpoch)} from the kill`)
      .join(', ')})`;
  check(
    'every confirmation e-mail written once, delivered, and repeated only when its sender was killed mid-send',
    missing.length === 0 && written.length === 0 && badRepeats.length === 0,
    `${mail.messages.length} messages at the SMTP server for ${orderNumbers.length} orders; missing ${missing.length}${
      missing.length
        ? `: ${missing
            .slice(0, 5)
            .map((n) =>
              created.has(n)
                ? `${n} committed ${ms(killedAtEpoch - created.get(n)!)} before the kill`
                : `${n} committed just before the kill (its log line never written)`,
            )
            .join(', ')}`
        : ''
    }; two messages for one order ${written.length}; repeats of one message ${repeated.length}${
      repeated.length ? ` (${repeated.slice(0, 5).map(describeRepeat).join('; ')})` : ''
    }, of which not from the kill ${badRepeats.length}`,
  );

  const scraped = await Promise.all(
    instances.map(async (i) => {
      const text = await (
        await fetch(`${i.url}/metrics`, { headers: { authorization: `Bearer ${metricsToken}` } })
      ).text();
      return Number(/^boutique_orders_created_total\{source="checkout"\} (\d+)/m.exec(text)?.[1] ?? NaN);
    }),
  );
  console.log(
    `orders counted by /metrics since each instance's start: ${instances.map((i, k) => `${i.name} ${scraped[k]}`).join(', ')} (${KILLED}'s count began again at its restart)`,
  );

  // ---------------------------------------------------------------------------------------------- Redis outage
  section('Redis hung, then killed and started again empty, under load');
  const browsers = await Promise.all(
    Array.from({ length: 6 }, (_, k) =>
      signUp(lb.url, {
        name: `Redis Shopper ${k}`,
        email: `redis.shopper.${k}.${runId}@example.ae`,
        password: 'Caftan-Velvet-2025',
      }).then((r) => r.body.data.tokens.accessToken as string),
    ),
  );
  // A sign-in ended before the outage, and one address's failed sign-ins counted during it, must stay so.
  const ended = await signUp(lb.url, {
    name: 'Ended Sign-in',
    email: `redis.ended.${runId}@example.ae`,
    password: 'Caftan-Velvet-2025',
  });
  const endedToken = ended.body.data.tokens.accessToken as string;
  await post(`${lb.url}/api/v1/auth/logout`, {}, endedToken);

  type Phase = 'before' | 'hung' | 'killed' | 'after';
  let phase: Phase = 'before';
  const samples: { phase: Phase; ms: number; status: number }[] = [];
  let browsing = true;
  const browse = async (token: string) => {
    while (browsing) {
      const started = performance.now();
      const at = phase;
      let status: number;
      try {
        const res = await fetch(`${lb.url}/api/v1/auth/user`, {
          headers: { authorization: `Bearer ${token}` },
          signal: AbortSignal.timeout(10_000),
        });
        await res.arrayBuffer();
        status = res.status;
      } catch {
        status = 0;
      }
      samples.push({ phase: at, ms: performance.now() - started, status });
      await sleep(20);
    }
  };
  const outOfBalancer = new Set<string>();
  let watching = true;
  const watch = (async () => {
    while (watching) {
      for (const i of instances) if (!(await lb.isUp(i.name))) outOfBalancer.add(`${i.name} (${phase})`);
      await sleep(200);
    }
  })();
  const readiness = async () =>
    Promise.all(
      instances.map(async (i) => (await json(`${i.url}/api/health/ready`)).body.data?.status as string),
    );
  const load = browsers.map(browse);

  await sleep(2000);
  phase = 'hung';
  redisProcess.hang();
  await sleep(6000);
  const whileHung = await readiness();
  redisProcess.resume();
  phase = 'after';
  await sleep(2000);
  phase = 'killed';
  await redisProcess.kill();
  await sleep(2000);
  const whileKilled = await readiness();
  const attempts: number[] = [];
  for (let k = 0; k <= LOGIN_LIMIT; k++)
    attempts.push((await login(i1, `redis.guess.${runId}@example.ae`)).status);
  await sleep(2000);
  await redisProcess.start();
  phase = 'after';
  await waitFor(
    'every instance using Redis again',
    async () => (await readiness()).every((r) => r === 'ok'),
    10_000,
    200,
  );
  await sleep(2000);
  browsing = false;
  await Promise.all(load);
  watching = false;
  await watch;
  const afterRestart = (await login(i1, `redis.guess.${runId}@example.ae`)).status;
  const endedStatuses = await Promise.all(
    instances.map(
      async (i) =>
        (await fetch(`${i.url}/api/v1/auth/user`, { headers: { authorization: `Bearer ${endedToken}` } }))
          .status,
    ),
  );

  const ofPhase = (p: Phase) => samples.filter((x) => x.phase === p);
  console.log('phase      requests   p50       p95       max      failed');
  for (const p of ['before', 'hung', 'killed', 'after'] as const) {
    const list = ofPhase(p);
    const times = list.map((x) => x.ms);
    console.log(
      `${p.padEnd(10)} ${String(list.length).padStart(8)} ${ms(pct(times, 50)).padStart(8)} ${ms(pct(times, 95)).padStart(9)} ${ms(Math.max(0, ...times)).padStart(9)} ${String(list.filter((x) => x.status !== 200).length).padStart(8)}`,
    );
  }
  const outage = [...ofPhase('hung'), ...ofPhase('killed')];
  const warnings = instances.map(
    (i) =>
      readFileSync(join(dir, `${i.name}.log`), 'utf8')
        .split('\n')
        .filter((l) => l.includes('Redis is unavailable')).length,
  );
  check(
    'with Redis hung or killed no signed-in request waits a second for it, and none fails',
    outage.length > 0 && outage.every((x) => x.ms < 1000) && samples.every((x) => x.status === 200),
    `${outage.length} requests during the outage, slowest ${ms(Math.max(0, ...outage.map((x) => x.ms)))}; ${samples.filter((x) => x.status !== 200).length} of ${samples.length} not 200`,
  );
  check(
    'no instance leaves the balancer while Redis is down; readiness says degraded, then ok',
    outOfBalancer.size === 0 &&
      whileHung.every((r) => r === 'degraded') &&
      whileKilled.every((r) => r === 'degraded'),
    `out of the balancer: ${[...outOfBalancer].join(', ') || 'none'}; readiness hung ${whileHung.join(' ')}, killed ${whileKilled.join(' ')}, after ok`,
  );
  check(
    'nothing counted or ended is lost to the outage, and each instance warned once per outage',
    attempts.join() === [...Array<number>(LOGIN_LIMIT).fill(401), 429].join() &&
      afterRestart === 429 &&
      endedStatuses.every((st) => st === 401) &&
      warnings.every((w) => w >= 1 && w <= 2),
    `failed sign-ins on i1 while Redis was down ${attempts.join(' ')}, after it came back empty ${afterRestart}; a sign-in ended before: ${endedStatuses.join(' ')} on i1,i2,i3; "Redis is unavailable" logged ${warnings.join(', ')} times (one per outage)`,
  );
} catch (err) {
  failedToRun = err;
  console.error(`\ncluster test could not run to the end: ${err instanceof Error ? err.stack : String(err)}`);
} finally {
  for (const cleanup of cleanups.reverse())
    await cleanup().catch((err: unknown) => console.error('clean-up:', err));
}

const failures = checks.filter((c) => !c.ok && !c.known);
const known = checks.filter((c) => c.known);
// A known gap was not enforced: counted as skipped.
console.log(
  `\n${checks.filter((c) => c.ok).length} passed, ${failures.length} failed${known.length ? `, ${known.length} skipped` : ''}`,
);
if (failures.length > 0 || failedToRun) {
  console.log(`logs of the instances and HAProxy kept in ${dir}`);
  process.exit(1);
}
rmSync(dir, { recursive: true, force: true });
process.exit(0);
