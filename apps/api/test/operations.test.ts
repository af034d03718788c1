import { rmSync, writeFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { loadConfig } from '../src/env.js';
import { startTestApp, type TestApp } from './helpers.js';
import {
  articles,
  call,
  confirmCard,
  createIntent,
  fillCart,
  generousLimits,
  newShopper,
  orderPayload,
  pay,
  totalOf,
} from './support/shop.js';

const TOKEN = 'metrics-token-for-the-tests-0123456789';
const redis = Boolean(loadConfig({ ...process.env }).redisUrl);

/** Sample value of one series in Prometheus' text format, or undefined when it is absent. */
function sample(text: string, series: string): number | undefined {
  const line = text.split('\n').find((l) => l.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
}

describe('health probes', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(async () => {
    await t?.close();
  });

  it('answers liveness without touching anything, never cached', async () => {
    const res = await t.json('/api/health/live');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ success: true, data: { status: 'ok', uptime_s: expect.any(Number) } });
    expect(res.headers.get('cache-control')).toBe('no-store');
  });

  it('is ready when the database, Redis (when configured) and the storage answer', async () => {
    const res = await t.json('/api/health/ready');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      success: true,
      data: { status: 'ok', checks: { database: 'ok', redis: redis ? 'ok' : 'off', storage: 'ok' } },
    });
    expect(res.headers.get('cache-control')).toBe('no-store');
  });

  it('answers 503 naming the storage when it cannot be used, and is ready again once it can', async () => {
    const dir = t.config.storage.dir;
    rmSync(dir, { recursive: true, force: true });
    writeFileSync(dir, 'not a folder');
    try {
      const res = await t.json('/api/health/ready');
      expect(res.status).toBe(503);
      expect(res.body).toMatchObject({
        success: false,
        message: 'Not ready: storage',
        errors: { storage: ['did not answer'] },
      });
      // Nothing of the cause (paths, errno) reaches the caller.
      expect(JSON.stringify(res.body)).not.toContain(dir);
    } finally {
      rmSync(dir, { force: true });
    }
    expect((await t.json('/api/health/ready')).status).toBe(200);
  });

  it('answers 503 naming the database when it fails, or hangs for two seconds', async () => {
    // The shop's timed mail would take the failure meant for the probe: its sweep is stopped first.
    await t.app.alerts.stop();
    const execute = vi.spyOn(t.database.db, 'execute');
    try {
      execute.mockRejectedValueOnce(new Error('connection terminated'));
      const failed = await t.json('/api/health/ready');
      expect(failed.status).toBe(503);
      expect(failed.body).toMatchObject({
        message: 'Not ready: database',
        errors: { database: ['did not answer'] },
      });
      expect(JSON.stringify(failed.body)).not.toContain('terminated');

      execute.mockReturnValueOnce(new Promise(() => {}) as never);
      const started = Date.now();
      const hung = await t.json('/api/health/ready');
      expect(hung.status).toBe(503);
      expect(hung.body.errors).toEqual({ database: ['did not answer'] });
      expect(Date.now() - started).toBeGreaterThanOrEqual(1900);
      // Liveness does not depend on the database: the balancer must not restart an instance for it.
      expect((await t.json('/api/health/live')).status).toBe(200);
    } finally {
      execute.mockRestore();
    }
    expect((await t.json('/api/health/ready')).status).toBe(200);
  });
});

describe('metrics', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ ...generousLimits, METRICS_TOKEN: TOKEN });
  });
  afterAll(async () => {
    await t?.close();
  });

  const scrape = async () => {
    const res = await t.fetch('/metrics', { headers: { authorization: `Bearer ${TOKEN}` } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/plain; version=0.0.4');
    expect(res.headers.get('cache-control')).toBe('no-store');
    return res.text();
  };

  it('refuses a scraper without the token, or with another', async () => {
    for (const authorization of [undefined, 'Bearer wrong', `Bearer ${TOKEN}x`, TOKEN, `Basic ${TOKEN}`]) {
      const res = await t.fetch('/metrics', { headers: authorization ? { authorization } : {} });
      expect(res.status, authorization).toBe(401);
      expect(res.headers.get('www-authenticate')).toBe('Bearer realm="metrics"');
      expect(await res.text()).not.toContain('boutique_');
    }
  });

  it('times every request by route pattern, method and status, and counts catalogue cache hits', async () => {
    const path = '/api/v1/products/slug/zahra-emerald-velvet-caftan';
    const before = await scrape();
    const series = (status: number) =>
      `boutique_http_request_duration_seconds_count{method="GET",route="/api/v1/products/slug/:slug",status_code="${status}"}`;
    const hits = 'boutique_cache_lookups_total{cache="catalog",result="hit"}';
    const misses = 'boutique_cache_lookups_total{cache="catalog",result="miss"}';
    for (let i = 0; i < 3; i++) expect((await t.fetch(path)).status).toBe(200);
    expect((await t.fetch('/api/v1/products/slug/no-such-caftan')).status).toBe(404);

    const after = await scrape();
    expect((sample(after, series(200)) ?? 0) - (sample(before, series(200)) ?? 0)).toBe(3);
    expect(sample(after, series(404))).toBe(1);
    // One load for the product, two answers from the cache; the unknown slug is looked up (and not kept).
    expect((sample(after, misses) ?? 0) - (sample(before, misses) ?? 0)).toBe(2);
    expect((sample(after, hits) ?? 0) - (sample(before, hits) ?? 0)).toBe(2);
    // Raw URLs never become series: a route pattern, or "unmatched".
    expect(after).not.toContain('zahra-emerald-velvet-caftan');
    expect(after).toMatch(/boutique_http_request_duration_seconds_bucket\{le="0.005",method="GET"/);
    expect(after).toContain('boutique_process_cpu_seconds_total');
    expect(after).toContain('boutique_nodejs_eventloop_lag_seconds');
  });

  it('counts orders by source and payments by outcome', async () => {
    const before = await scrape();
    const shopper = await newShopper(t);
    const lines = (await articles(t, 2)).map((a) => ({ ...a, quantity: 1 }));
    const held = 'boutique_stock_held_pieces{state="held"}';
    const { intentId } = await pay(t, shopper, lines);
    // Paid, not ordered yet: its two pieces are held for it; the order takes them.
    expect((sample(await scrape(), held) ?? 0) - (sample(before, held) ?? 0)).toBe(2);
    expect(
      (await call(t, 'POST', '/api/v1/orders', shopper.token, orderPayload(lines, intentId))).status,
    ).toBe(201);
    expect(sample(await scrape(), held)).toBe(sample(before, held));
    expect(sample(before, 'boutique_stock_held_pieces{state="overdue"}')).toBe(0);
    // A declined card is an outcome too.
    await fillCart(t, shopper, lines);
    const declined = await createIntent(t, shopper, Number(totalOf(lines)));
    await confirmCard(t, shopper, declined.body.data.clientSecret, '4000000000000002');

    const after = await scrape();
    const delta = (series: string) => (sample(after, series) ?? 0) - (sample(before, series) ?? 0);
    expect(delta('boutique_orders_created_total{source="checkout"}')).toBe(1);
    expect(sample(after, 'boutique_orders_created_total{source="reconciliation"}')).toBe(0);
    expect(delta('boutique_payments_total{outcome="succeeded"}')).toBe(1);
    expect(delta('boutique_payments_total{outcome="failed"}')).toBe(1);
  });

  it('takes gauges from other modules, and a failing one spoils only itself', async () => {
    let pending = 3;
    t.app.metrics.gauge({
      name: 'boutique_test_outbox_pending',
      help: 'Messages waiting',
      collect: () => pending,
    });
    t.app.metrics.gauge({
      name: 'boutique_test_reservations',
      help: 'Pieces held, by state',
      labelNames: ['state'],
      collect: async () => [
        { labels: { state: 'held' }, value: 2 },
        { labels: { state: 'expired' }, value: 1 },
      ],
    });
    t.app.metrics.gauge({
      name: 'boutique_test_broken',
      help: 'Always fails',
      collect: () => Promise.reject(new Error('database away')),
    });
    let text = await scrape();
    expect(sample(text, 'boutique_test_outbox_pending')).toBe(3);
    expect(sample(text, 'boutique_test_reservations{state="held"}')).toBe(2);
    expect(sample(text, 'boutique_test_reservations{state="expired"}')).toBe(1);
    // Not a made-up zero: "no value" (a gauge with labels simply has no series).
    expect(sample(text, 'boutique_test_broken')).toBeNaN();
    pending = 0;
    text = await scrape();
    expect(sample(text, 'boutique_test_outbox_pending')).toBe(0);
  });
});

describe('metrics without METRICS_TOKEN', () => {
  // Started in a hook: a shop's start is not what the 30 seconds of a test are for.
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(async () => {
    await t?.close();
  });

  it('are not served at all', async () => {
    // No route: the address falls to the storefront (its not-found page, or 503 before a build).
    const res = await t.fetch('/metrics', { headers: { authorization: 'Bearer anything' } });
    expect(res.status).not.toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/html/);
    expect(await res.text()).not.toMatch(/^# (HELP|TYPE) /m);
  });

  it('need a token long enough not to be guessed', () => {
    expect(() => loadConfig({ METRICS_TOKEN: 'short' })).toThrow(/^Invalid configuration: METRICS_TOKEN: /);
    expect(() => loadConfig({ METRICS_TOKEN: 'has a space in it, twenty-four+' })).toThrow(/METRICS_TOKEN/);
    expect(loadConfig({ METRICS_TOKEN: TOKEN }).metricsToken).toBe(TOKEN);
  });
});
