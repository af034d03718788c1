import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/env.js';
import { sqlAt, startShopOn, startTestApp, type TestApp } from './helpers.js';
import {
  articles,
  call,
  generousLimits,
  newShopper,
  orderPayload,
  pay,
  type Shopper,
} from './support/shop.js';

const server = loadConfig({ ...process.env }).databaseUrl;
const tools = ['pg_dump', 'pg_restore'].every((tool) => spawnSync(tool, ['--version']).status === 0);

/**
 * The backup of docs/operations.md: `pg_dump --format=custom` of a running shop, restored with `pg_restore`
 * into a fresh database, and the shop started on it. Needs a PostgreSQL server (DATABASE_URL) and its client
 * tools.
 */
describe.runIf(server && tools)('a backup restored into a fresh database', () => {
  let t: TestApp;
  let restoredUrl: string;
  let shopper: Shopper;
  let orderNumber: string;
  const dir = mkdtempSync(join(tmpdir(), 'boutique-backup-'));
  const dump = join(dir, 'shop.dump');
  beforeAll(async () => {
    t = await startTestApp(generousLimits);
    shopper = await newShopper(t, 'Imane Alaoui');
    const lines = (await articles(t, 2)).map((a) => ({ ...a, quantity: 1 }));
    const { intentId } = await pay(t, shopper, lines);
    orderNumber = (await call(t, 'POST', '/api/v1/orders', shopper.token, orderPayload(lines, intentId))).body
      .data.order_number;
  }, 120_000);

  afterAll(async () => {
    await t?.close();
    if (restoredUrl)
      await sqlAt(server!, `drop database if exists ${new URL(restoredUrl).pathname.slice(1)} with (force)`);
    rmSync(dir, { recursive: true, force: true });
  });

  it('holds the whole shop, and the shop runs on it', async () => {
    // Taken while the shop runs, as docs/operations.md says: pg_dump reads one consistent snapshot.
    execFileSync('pg_dump', ['--format=custom', '--no-owner', `--file=${dump}`, t.databaseUrl!]);
    expect(statSync(dump).size).toBeGreaterThan(10_000);

    const name = `boutique_restore_${randomBytes(5).toString('hex')}`;
    await sqlAt(server!, `create database ${name}`);
    const url = new URL(server!);
    url.pathname = `/${name}`;
    restoredUrl = url.toString();
    execFileSync('pg_restore', ['--no-owner', '--exit-on-error', `--dbname=${restoredUrl}`, dump]);

    // No seed: what the restored shop shows came from the backup.
    const restored = await startShopOn(restoredUrl, { ...generousLimits, SEED_DEMO: 'false' });
    try {
      const [before] = await sqlAt<{ n: number }>(t.databaseUrl!, 'select count(*)::int as n from products');
      const categories = await restored.json('/api/v1/categories');
      expect(
        categories.body.data.categories.reduce(
          (n: number, c: { product_count: number }) => n + c.product_count,
          0,
        ),
      ).toBe(before!.n);
      const login = await call(restored, 'POST', '/api/v1/auth/login', undefined, {
        email: shopper.email,
        password: 'Saffron-Silk-2025',
      });
      expect(login.status).toBe(200);
      const mine = await call(
        restored,
        'GET',
        '/api/v1/orders/my-orders',
        login.body.data.tokens.accessToken,
      );
      expect(mine.body.data.orders.map((o: { order_number: string }) => o.order_number)).toEqual([
        orderNumber,
      ]);

      // Its sequences and its change notifications came back too: new rows, and edits seen at once.
      expect((await newShopper(restored, 'Sara Bennis')).id).toBeGreaterThan(shopper.id);
      const price = async () =>
        (await restored.json('/api/v1/products/slug/zahra-emerald-velvet-caftan')).body.data.product.price;
      await price();
      await sqlAt(restoredUrl, `update products set price = 1999 where slug = 'zahra-emerald-velvet-caftan'`);
      await expect.poll(price, { timeout: 3000 }).toBe('1999.00');
    } finally {
      await restored.close();
    }
  }, 120_000);
});
