import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../src/app.js';
import { loadConfig } from '../src/env.js';
import { startTestApp, type TestApp } from './helpers.js';

/** Several API instances behind a load balancer share one PostgreSQL; PGlite is one process by design. */
describe.runIf(loadConfig({ ...process.env }).databaseUrl)('two instances on one PostgreSQL', () => {
  let a: TestApp;
  let b: FastifyInstance;
  let bUrl: string;

  beforeAll(async () => {
    a = await startTestApp();
    const config = loadConfig({
      ...process.env,
      LOG_LEVEL: 'silent',
      DATABASE_URL: a.databaseUrl,
      DATA_DIR: a.config.dataDir,
    });
    b = await buildApp(config, { renderDemoMedia: false });
    await b.listen({ port: 0, host: '127.0.0.1' });
    bUrl = `http://127.0.0.1:${(b.server.address() as { port: number }).port}`;
  });
  afterAll(async () => {
    await b?.close();
    await a?.close();
  });

  const price = async (base: string) =>
    (
      (await (await fetch(`${base}/api/v1/products/slug/zahra-emerald-velvet-caftan`)).json()) as {
        data: { product: { price: string } };
      }
    ).data.product.price;

  it('seeds once and serves a change made through one instance from the other at once', async () => {
    const before = await price(bUrl);
    expect(await price(a.url)).toBe(before);
    await a.database.db.execute(
      `update products set price = '999.00' where slug = 'zahra-emerald-velvet-caftan'`,
    );
    await expect.poll(() => price(bUrl), { timeout: 3000 }).toBe('999.00');
    await expect.poll(() => price(a.url), { timeout: 3000 }).toBe('999.00');
    const categories = (await (await fetch(`${bUrl}/api/v1/categories`)).json()) as {
      data: { categories: { product_count: number }[] };
    };
    expect(categories.data.categories.map((c) => c.product_count)).toEqual([24, 18]);
  });
});
