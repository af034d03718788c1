/**
 * Child process of bench/api.ts: the real app on a fresh seeded database, and a bare Fastify answering the same
 * bytes from memory: the ceiling the real endpoints are compared with.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { monitorEventLoopDelay, PerformanceObserver, type PerformanceEntry } from 'node:perf_hooks';
import Fastify from 'fastify';
import { buildApp } from '../src/app.js';
import { loadConfig } from '../src/env.js';

const config = loadConfig({
  ...process.env,
  LOG_LEVEL: 'warn',
  DATA_DIR: mkdtempSync(join(tmpdir(), 'boutique-bench-')),
});
const app = await buildApp(config, { renderDemoMedia: false });
await app.listen({ port: 0, host: '127.0.0.1' });
const real = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;

const category = await (await fetch(`${real}/api/v1/products/filters/category/caftan`)).text();
const slug = (JSON.parse(category) as { data: { data: { products: { slug: string }[] } } }).data.data
  .products[0]?.slug;
const product = await (await fetch(`${real}/api/v1/products/slug/${slug}`)).text();

const bare = Fastify({ logger: false });
bare.get('/category', (_req, reply) => reply.type('application/json; charset=utf-8').send(category));
bare.get('/product', (_req, reply) => reply.type('application/json; charset=utf-8').send(product));
await bare.listen({ port: 0, host: '127.0.0.1' });
const ceiling = `http://127.0.0.1:${(bare.server.address() as { port: number }).port}`;

process.send?.({
  real,
  ceiling,
  driver: app.database.driver,
  routes: {
    category: {
      real: '/api/v1/products/filters/category/caftan',
      ceiling: '/category',
      bytes: category.length,
    },
    product: { real: `/api/v1/products/slug/${slug}`, ceiling: '/product', bytes: product.length },
  },
});

// The server's own view of a measured window, asked by the parent ('watch', then 'report'): how long its event
// loop was held (a stall delays every request queued behind it) and what garbage collection cost.
const loopDelay = monitorEventLoopDelay({ resolution: 1 });
let pauses: number[] = [];
new PerformanceObserver((list) => {
  pauses.push(...list.getEntries().map((e: PerformanceEntry) => e.duration));
}).observe({ entryTypes: ['gc'] });
process.on('message', (message) => {
  if (message === 'watch') {
    loopDelay.reset();
    loopDelay.enable();
    pauses = [];
  } else if (message === 'report') {
    loopDelay.disable();
    process.send?.({
      loopDelayP99: loopDelay.percentile(99) / 1e6,
      loopDelayMax: loopDelay.max / 1e6,
      gcCount: pauses.length,
      gcTotal: pauses.reduce((a, b) => a + b, 0),
      gcMax: Math.max(0, ...pauses),
    });
  }
});
process.on('disconnect', () => {
  void Promise.all([app.close(), bare.close()]).then(() => process.exit(0));
});
