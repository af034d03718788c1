import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import sharp from 'sharp';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dbMove } from '../src/cli/db-move-command.js';
import { copyOrder } from '../src/db/copy.js';
import { loadConfig } from '../src/env.js';
import { sqlAt, startShopOn } from './helpers.js';
import { startLocalS3, type LocalS3 } from './support/s3.js';
import { articles, call, newShopper, orderPayload, pay, type Shopper } from './support/shop.js';

describe('the order tables are copied in', () => {
  it('puts every table after the ones it references, whatever their names', () => {
    const order = copyOrder(
      ['order_items', 'orders', 'users', 'products', 'categories', 'refresh_tokens'],
      [
        { from: 'order_items', to: 'orders' },
        { from: 'order_items', to: 'products' },
        { from: 'orders', to: 'users' },
        { from: 'products', to: 'categories' },
        { from: 'refresh_tokens', to: 'users' },
        { from: 'refresh_tokens', to: 'refresh_tokens' },
      ],
    );
    const before = (a: string, b: string) => order.indexOf(a) < order.indexOf(b);
    expect(order).toHaveLength(6);
    expect(before('users', 'orders') && before('orders', 'order_items')).toBe(true);
    expect(before('categories', 'products') && before('products', 'order_items')).toBe(true);
    expect(before('users', 'refresh_tokens')).toBe(true);
  });

  it('refuses a cycle, naming its tables', () => {
    expect(() =>
      copyOrder(
        ['a', 'b', 'c'],
        [
          { from: 'a', to: 'b' },
          { from: 'b', to: 'a' },
        ],
      ),
    ).toThrow('foreign keys form a cycle between a, b');
  });
});

const server = loadConfig({ ...process.env }).databaseUrl;

/** An embedded shop with customers, an order and pictures, moved to a PostgreSQL server and an S3 bucket. */
describe.runIf(server)('npm run db:move', () => {
  let s3: LocalS3;
  let dataDir: string;
  let targetUrl: string;
  let shopper: Shopper;
  let orderNumber: string;
  let avatar: string;
  const lines: string[] = [];
  const io = (extra: Record<string, string> = {}) => ({
    out: (line: string) => lines.push(line),
    err: (line: string) => lines.push(`ERR ${line}`),
    env: { ...process.env, DATABASE_URL: '', REDIS_URL: '', DATA_DIR: dataDir, ...s3.env, ...extra },
  });
  const tableCounts = async (url: string) => {
    const rows = await sqlAt<{ name: string }>(
      url,
      `select c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
       where n.nspname = 'public' and c.relkind = 'r' order by 1`,
    );
    const counts: Record<string, number> = {};
    for (const { name } of rows)
      counts[name] = (await sqlAt<{ n: number }>(url, `select count(*)::int as n from "${name}"`))[0]!.n;
    return counts;
  };

  beforeAll(async () => {
    s3 = await startLocalS3();
    dataDir = mkdtempSync(join(tmpdir(), 'boutique-move-'));
    // The embedded shop: PGlite on disk, pictures on disk.
    const t = await startShopOn(undefined, { DATA_DIR: dataDir });
    const app = t.app;
    await app.storage.put(
      'products/zahra-emerald-velvet-caftan/0-800.webp',
      await picture('#0f5c4a'),
      'image/webp',
    );
    await app.storage.put('site/banner-1600.webp', await picture('#c9a646'), 'image/webp');
    shopper = await newShopper(t, 'Meryem Tazi');
    const png = await sharp({ create: { width: 40, height: 40, channels: 3, background: '#7a1f3d' } })
      .png()
      .toBuffer();
    avatar = (
      await call(t, 'PATCH', '/api/v1/auth/user', shopper.token, {
        avatar: `data:image/png;base64,${png.toString('base64')}`,
      })
    ).body.data.user.avatar;
    const order = (await articles(t, 2)).map((a) => ({ ...a, quantity: 1 }));
    const { intentId } = await pay(t, shopper, order);
    orderNumber = (await call(t, 'POST', '/api/v1/orders', shopper.token, orderPayload(order, intentId))).body
      .data.order_number;
    // The owner priced the worldwide rate: the migrations seed that zone on the target, the move brings this one.
    await t.database.db.execute(sql`update shipping_rates set price = '30.00'`);
    await t.close();

    const name = `boutique_move_${randomBytes(5).toString('hex')}`;
    await sqlAt(server!, `create database ${name}`);
    const target = new URL(server!);
    target.pathname = `/${name}`;
    targetUrl = target.toString();
  }, 180_000);

  afterAll(async () => {
    if (targetUrl)
      await sqlAt(server!, `drop database if exists ${new URL(targetUrl).pathname.slice(1)} with (force)`);
    await s3?.close();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  it('refuses bad arguments and a shop that already runs on PostgreSQL, changing nothing', async () => {
    lines.length = 0;
    expect(await dbMove([], io())).toBe(2);
    expect(await dbMove(['mysql://host/db'], io())).toBe(2);
    expect(await dbMove([targetUrl, 'extra'], io())).toBe(2);
    expect(lines.at(-1)).toContain('Usage: npm run db:move --');
    expect(await dbMove([targetUrl], io({ DATABASE_URL: targetUrl }))).toBe(1);
    expect(lines.at(-1)).toContain('DATABASE_URL is set');
    expect(await dbMove([targetUrl], io({ DATA_DIR: join(dataDir, 'nowhere') }))).toBe(1);
    expect(lines.at(-1)).toContain('There is no embedded shop in');
    expect(await tableCounts(targetUrl)).toEqual({});
  });

  it('copies every table, row, sequence and picture, and the shop runs on the copy', async () => {
    lines.length = 0;
    expect(await dbMove([targetUrl], io()), lines.join('\n')).toBe(0);
    expect(lines.join('\n')).toMatch(
      /Pictures: 3 copied to s3:\/\/boutique-test, 0 were there already; all 3 checked/,
    );

    // Every table of the embedded database, found by the command itself, holds the same rows on the server.
    const { openDatabase } = await import('../src/db/client.js');
    const embedded = await openDatabase({ databaseUrl: undefined, pgliteDir: join(dataDir, 'db') });
    const source: Record<string, number> = {};
    try {
      const client = (
        embedded.db as unknown as { $client: { query: (t: string) => Promise<{ rows: any[] }> } }
      ).$client;
      const names = (
        await client.query(
          `select c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
           where n.nspname = 'public' and c.relkind = 'r' order by 1`,
        )
      ).rows.map((r: { name: string }) => r.name);
      for (const name of names)
        source[name] = (await client.query(`select count(*)::int as n from "${name}"`)).rows[0].n;
    } finally {
      await embedded.close();
    }
    expect(Object.keys(source).length).toBeGreaterThan(10);
    expect(source.orders).toBe(1);
    expect(await tableCounts(targetUrl)).toEqual(source);

    // The shop started on the server and the bucket: same catalogue, same customer, same order, same pictures.
    // No demo seed: whatever it serves came through the move.
    const moved = await startShopOn(targetUrl, { ...s3.env, SEED_DEMO: 'false' });
    try {
      const product = await moved.json('/api/v1/products/slug/zahra-emerald-velvet-caftan');
      expect(product.status).toBe(200);
      const shipping = await moved.json('/api/v1/shipping-methods?country=FR');
      expect(shipping.body.data.methods.map((m: { price: string }) => m.price)).toEqual(['30.00']);
      const login = await call(moved, 'POST', '/api/v1/auth/login', undefined, {
        email: shopper.email,
        password: 'Saffron-Silk-2025',
      });
      expect(login.status).toBe(200);
      const token: string = login.body.data.tokens.accessToken;
      const mine = await call(moved, 'GET', '/api/v1/orders/my-orders', token);
      expect(mine.body.data.orders.map((o: { order_number: string }) => o.order_number)).toEqual([
        orderNumber,
      ]);
      const picture = await moved.fetch(avatar);
      expect(picture.status).toBe(200);
      expect(picture.headers.get('content-type')).toBe('image/webp');
      expect((await moved.fetch('/storage/site/banner-1600.webp')).status).toBe(200);
      // Sequences carried over: new rows take new ids.
      const next = await newShopper(moved, 'Ghita Berrada');
      expect(next.id).toBeGreaterThan(shopper.id);
    } finally {
      await moved.close();
    }
  }, 120_000);

  it('refuses a target that holds rows, and leaves it as it was', async () => {
    const before = await tableCounts(targetUrl);
    lines.length = 0;
    expect(await dbMove([targetUrl], io())).toBe(1);
    expect(lines.at(-1)).toMatch(
      /is not empty \(.+ hold rows\): db:move only fills an empty database\. Nothing was changed\./,
    );
    expect(await tableCounts(targetUrl)).toEqual(before);
  });
});

function picture(colour: string) {
  return sharp({ create: { width: 16, height: 16, channels: 3, background: colour } })
    .webp()
    .toBuffer();
}
