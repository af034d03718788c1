import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../src/app.js';
import { loadConfig } from '../src/env.js';
import { startTestApp, type TestApp } from './helpers.js';
import { signUp } from './support/shop.js';

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
      // The same shop: the same Redis keys when REDIS_URL is set.
      REDIS_PREFIX: a.config.redisPrefix,
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

  it('refuses on one instance, at once, the access token of a sign-in ended on the other', async () => {
    const session = await signUp(a, {
      name: 'Two Doors',
      email: `doors.${randomUUID()}@example.ae`,
      password: 'Saffron-Silk-2025',
    });
    const token = session.body.data.tokens.accessToken as string;
    const me = (base: string) =>
      fetch(`${base}/api/v1/auth/user`, { headers: { authorization: `Bearer ${token}` } });
    expect((await me(bUrl)).status).toBe(200);
    await fetch(`${a.url}/api/v1/auth/logout`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}` },
    });
    expect((await me(bUrl)).status).toBe(401);
    expect((await me(a.url)).status).toBe(401);
  });

  it('serves a stock change made through one instance from the other at once, and only for that product', async () => {
    const sizeM = async (base: string) =>
      (
        (await (await fetch(`${base}/api/v1/products/slug/bahia-womens-embroidered-jellaba`)).json()) as {
          data: { product: { sizes: { name: string }[] } };
        }
      ).data.product.sizes.find((s) => s.name === 'M');
    const other = `${bUrl}/api/v1/products/slug/zahra-emerald-velvet-caftan`;
    expect(await sizeM(bUrl)).toEqual({ name: 'M', in_stock: true, left: 2 });
    await fetch(other);
    await a.app.stock.setCount('bahia-womens-embroidered-jellaba', { color: 'emerald', size: 'M' }, 0);
    await expect.poll(() => sizeM(bUrl), { timeout: 3000 }).toEqual({ name: 'M', in_stock: false, left: 0 });
    // B kept the answers that do not show that product.
    await expect(
      b.catalog.cache.get('product:zahra-emerald-velvet-caftan', async () => {
        throw new Error('not cached');
      }),
    ).resolves.toBeDefined();
  });

  it('finds at once on the other instance a product renamed, a product added and a synonym added on one', async () => {
    const found = async (base: string, q: string) =>
      (
        (await (await fetch(`${base}/api/v1/products/search?q=${encodeURIComponent(q)}`)).json()) as {
          data: { data: { products: { slug: string }[] } };
        }
      ).data.data.products.map((p) => p.slug);
    // Both instances cache an answer first.
    for (const base of [a.url, bUrl]) {
      expect(await found(base, 'quintessa')).toEqual([]);
      expect(await found(base, 'abaya')).toEqual([]);
      expect(await found(base, 'زنوبيا')).toEqual([]);
    }
    await a.database.db
      .execute(`update products set name = jsonb_set(name, '{en}', '"Quintessa Emerald Velvet Caftan"')
      where slug = 'zahra-emerald-velvet-caftan'`);
    await expect
      .poll(() => found(bUrl, 'quintessa'), { timeout: 3000 })
      .toEqual(['zahra-emerald-velvet-caftan']);

    await a.database.db.execute(`insert into products (slug, category_id, name, description, price, sizes)
      select 'test-night-jellaba', id, '{"en": "Night Jellaba", "fr": "Jellaba de nuit", "ar": "جلابة زنوبيا"}',
        '{"en": "", "fr": "", "ar": ""}', '700.00', '{M}' from categories where slug = 'jellaba'`);
    await expect.poll(() => found(bUrl, 'زنوبيا'), { timeout: 3000 }).toEqual(['test-night-jellaba']);

    await a.database.db.execute(`insert into search_synonyms (words) values ('{abaya,jellaba}')`);
    await expect.poll(async () => (await found(bUrl, 'abaya')).length, { timeout: 3000 }).toBe(19);
    expect((await found(a.url, 'abaya')).length).toBe(19);
  });
});

/** Rate limits hold across instances only if they count together: in Redis (REDIS_URL). */
describe.runIf(loadConfig({ ...process.env }).redisUrl)('two instances sharing Redis', () => {
  let a: TestApp;
  let b: TestApp;
  beforeAll(async () => {
    const shared = { REDIS_PREFIX: `test-${randomUUID()}:`, LOGIN_LIMIT_PER_IP: '4' };
    [a, b] = await Promise.all([startTestApp(shared), startTestApp(shared)]);
  });
  afterAll(async () => {
    await Promise.all([a?.close(), b?.close()]);
  });

  const login = (app: TestApp, email: string) =>
    app.json('/api/v1/auth/login', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email, password: 'Not-the-password-1' }),
    });

  it('counts the failed logins of one address on both, and refuses the next wherever it lands', async () => {
    const statuses = [];
    for (const [i, app] of [a, b, a, b].entries())
      statuses.push((await login(app, `guess.${i}@example.ae`)).status);
    expect(statuses).toEqual([401, 401, 401, 401]);
    expect((await login(a, 'guess.4@example.ae')).status).toBe(429);
    expect((await login(b, 'guess.5@example.ae')).status).toBe(429);
  });
});
