import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { text } from 'node:stream/consumers';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.js';
import { loadConfig } from '../src/env.js';
import { DiskStorage } from '../src/storage/disk.js';
import { S3Storage } from '../src/storage/s3.js';
import { StorageKeyError, STORAGE_CACHE_CONTROL, type Storage } from '../src/storage/index.js';
import { startTestApp, type TestApp } from './helpers.js';
import { startLocalS3, type LocalS3 } from './support/s3.js';
import { signUp } from './support/shop.js';
import { storefrontBuild } from './support/storefront-build.js';

let s3: LocalS3;
const dirs: string[] = [];
const tempDir = () => {
  const dir = mkdtempSync(join(tmpdir(), 'boutique-storage-'));
  dirs.push(dir);
  return dir;
};
beforeAll(async () => {
  s3 = await startLocalS3();
});
afterAll(async () => {
  await s3?.close();
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

const s3Storage = (overrides: Partial<ConstructorParameters<typeof S3Storage>[0]> = {}) =>
  new S3Storage({
    bucket: s3.bucket,
    endpoint: s3.endpoint,
    region: 'us-east-1',
    credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
    forcePathStyle: true,
    publicUrl: undefined,
    ...overrides,
  });

const drivers: [string, () => Storage][] = [
  ['disk', () => new DiskStorage(tempDir())],
  ['s3', () => s3Storage()],
];

/** One suite, both drivers: whatever the shop relies on behaves the same on a disk and in a bucket. */
describe.each(drivers)('%s storage', (name, open) => {
  let storage: Storage;
  let prefix: string;
  beforeAll(() => {
    storage = open();
  });
  afterAll(() => storage?.close());
  // Each test writes under its own folder: the bucket is shared by the whole file.
  const key = (rest: string) => `${prefix}/${rest}`;
  const bytes = (n: number) => randomBytes(n);
  const read = async (k: string) => {
    const object = await storage.get(k);
    if (!object) return undefined;
    const chunks: Buffer[] = [];
    for await (const chunk of object.body) chunks.push(chunk as Buffer);
    return { ...object, bytes: Buffer.concat(chunks) };
  };

  it('gives back what was put, with its content type, size, entity tag and date', async () => {
    prefix = `t-${randomBytes(4).toString('hex')}`;
    const body = bytes(70_000);
    const before = Date.now();
    await storage.put(key('products/zahra/0-800.webp'), body, 'image/webp');
    const got = await read(key('products/zahra/0-800.webp'));
    expect(got?.bytes.equals(body)).toBe(true);
    expect(got).toMatchObject({ contentType: 'image/webp', size: body.length });
    expect(got?.etag).toMatch(/^(W\/)?".+"$/);
    // Second resolution on some stores: within two seconds of the write.
    expect(Math.abs(got!.lastModified.getTime() - before)).toBeLessThan(2000);
    expect(await storage.exists(key('products/zahra/0-800.webp'))).toBe(true);

    await storage.put(key('a.png'), bytes(10), 'image/png');
    expect((await storage.get(key('a.png')))?.contentType).toBe('image/png');
    await storage.put(key('b.jpg'), bytes(10), 'image/jpeg');
    expect((await storage.get(key('b.jpg')))?.contentType).toBe('image/jpeg');
  });

  it('answers undefined and false for what is not there', async () => {
    prefix = `t-${randomBytes(4).toString('hex')}`;
    expect(await storage.get(key('none.webp'))).toBeUndefined();
    expect(await storage.exists(key('none.webp'))).toBe(false);
    expect(await storage.get('nowhere/at/all.webp')).toBeUndefined();
  });

  it('replaces an object whole, and deletes it (twice is no error)', async () => {
    prefix = `t-${randomBytes(4).toString('hex')}`;
    await storage.put(key('x.webp'), Buffer.from('first'), 'image/webp');
    await storage.put(key('x.webp'), Buffer.from('second version'), 'image/webp');
    const got = await read(key('x.webp'));
    expect(got?.bytes.toString()).toBe('second version');
    expect(got?.size).toBe(14);
    await storage.delete(key('x.webp'));
    await storage.delete(key('x.webp'));
    expect(await storage.exists(key('x.webp'))).toBe(false);
    expect(await storage.get(key('x.webp'))).toBeUndefined();
  });

  // On S3 a PUT is atomic by the service's own guarantee (the last writer wins whole); s3rver, the local
  // stand-in, writes its files in place and can mix two racing bodies, so it cannot test that here.
  it.skipIf(name === 's3')('keeps one whole version when two writers race for a key', async () => {
    prefix = `t-${randomBytes(4).toString('hex')}`;
    const versions = Array.from({ length: 6 }, (_, i) => Buffer.alloc(200_000 + i, i + 1));
    await Promise.all(versions.map((v) => storage.put(key('race.webp'), v, 'image/webp')));
    const got = await read(key('race.webp'));
    expect(versions.some((v) => v.equals(got!.bytes))).toBe(true);
    expect(await storage.list(prefix)).toEqual([key('race.webp')]);
  });

  it('lists the keys under a prefix, nested folders included, and nothing else', async () => {
    prefix = `t-${randomBytes(4).toString('hex')}`;
    const keys = [key('products/a/0-200.webp'), key('products/a/1-200.webp'), key('products/b/0-200.webp')];
    for (const k of [...keys, key('gallery/riad-480.webp')]) await storage.put(k, bytes(5), 'image/webp');
    expect((await storage.list(key('products/'))).sort()).toEqual(keys);
    expect((await storage.list(key('products/a/'))).sort()).toEqual(keys.slice(0, 2));
    expect(await storage.list(key('products/c/'))).toEqual([]);
    expect((await storage.list(`${prefix}/`)).length).toBe(4);
    expect((await storage.list('')).filter((k) => k.startsWith(`${prefix}/`)).length).toBe(4);
  });

  // S3 answers a listing 1,000 keys at a time; the demo alone stores 4,580 pictures, which the start lists to
  // draw only the missing ones.
  it('lists every key under a prefix when there are more than one page of them', async () => {
    prefix = `t-${randomBytes(4).toString('hex')}`;
    const keys = Array.from({ length: 1_203 }, (_, i) => key(`products/p${i}/0-200.webp`));
    for (let i = 0; i < keys.length; i += 100)
      await Promise.all(keys.slice(i, i + 100).map((k) => storage.put(k, bytes(3), 'image/webp')));
    const listed = await storage.list(key('products/'));
    expect(listed.length).toBe(keys.length);
    expect(new Set(listed)).toEqual(new Set(keys));
  });

  it('refuses keys that could leave its place or that it could not serve, and writes nothing', async () => {
    prefix = `t-${randomBytes(4).toString('hex')}`;
    const bad = [
      '../escape.webp',
      `${prefix}/../../escape.webp`,
      `${prefix}/.hidden.webp`,
      `${prefix}//double.webp`,
      `/${prefix}/absolute.webp`,
      `${prefix}/page.html`,
      `${prefix}/vector.svg`,
      `${prefix}/no-extension`,
      `${prefix}/spaced name.webp`,
      `${prefix}/${'x'.repeat(600)}.webp`,
    ];
    for (const k of bad) {
      await expect(storage.put(k, bytes(5), 'image/webp'), k).rejects.toThrow(StorageKeyError);
      expect(await storage.get(k), k).toBeUndefined();
      expect(await storage.exists(k), k).toBe(false);
    }
    // A content type that is not the one of the extension is refused too: both drivers serve by extension.
    await expect(storage.put(key('photo.webp'), bytes(5), 'image/png')).rejects.toThrow(StorageKeyError);
    await expect(storage.put(key('photo.webp'), bytes(5), 'text/html')).rejects.toThrow(StorageKeyError);
    expect(await storage.list(prefix)).toEqual([]);
  });

  it('names the address a browser loads an object from: the API /storage route', () => {
    expect(storage.publicUrl('products/zahra/0-800.webp')).toBe('/storage/products/zahra/0-800.webp');
  });

  it('answers the readiness check', async () => {
    await expect(storage.check()).resolves.toBeUndefined();
  });
});

describe('storage that cannot serve', () => {
  it('fails the readiness check: a data dir that is a file, a bucket that does not exist', async () => {
    const file = join(tempDir(), 'not-a-dir');
    writeFileSync(file, 'x');
    await expect(new DiskStorage(file).check()).rejects.toThrow();
    const missing = s3Storage({ bucket: 'no-such-bucket' });
    await expect(missing.check()).rejects.toThrow();
    missing.close();
    const down = s3Storage({ endpoint: 'http://127.0.0.1:1' });
    await expect(down.check()).rejects.toThrow();
    down.close();
  });

  it('stops the start with one line naming S3_BUCKET when the bucket cannot be reached', async () => {
    // Checked before the database is opened: nothing else is touched.
    const config = loadConfig({
      ...s3.env,
      S3_BUCKET: 'no-such-bucket',
      DATA_DIR: tempDir(),
      LOG_LEVEL: 'silent',
    });
    await expect(buildApp(config)).rejects.toThrow(/^S3_BUCKET: could not reach s3:\/\/no-such-bucket/);
  });
});

describe('S3 configuration', () => {
  const base = { S3_BUCKET: 'shop-pictures' };
  it('is off without S3_BUCKET, and S3 variables without it are a mistake', () => {
    expect(loadConfig({}).storage.s3).toBeUndefined();
    expect(() => loadConfig({ S3_ENDPOINT: 'http://127.0.0.1:9000' })).toThrow(
      'Invalid configuration: S3_BUCKET: required when S3_ENDPOINT is set',
    );
    expect(() => loadConfig({ S3_BUCKET: 'Not_A_Bucket' })).toThrow(/^Invalid configuration: S3_BUCKET: /);
    expect(() => loadConfig({ ...base, S3_ACCESS_KEY_ID: 'id' })).toThrow(
      'Invalid configuration: S3_SECRET_ACCESS_KEY: required when S3_ACCESS_KEY_ID is set',
    );
    expect(() => loadConfig({ ...base, S3_PUBLIC_URL: 'ftp://cdn.example' })).toThrow(
      /^Invalid configuration: S3_PUBLIC_URL: /,
    );
    expect(() => loadConfig({ ...base, S3_FORCE_PATH_STYLE: 'maybe' })).toThrow(
      /^Invalid configuration: S3_FORCE_PATH_STYLE: /,
    );
  });

  it('uses the path style with an endpoint and the host style on AWS, unless told', () => {
    expect(loadConfig(base).storage.s3).toMatchObject({
      bucket: 'shop-pictures',
      region: 'us-east-1',
      endpoint: undefined,
      credentials: undefined,
      forcePathStyle: false,
    });
    const local = loadConfig({
      ...base,
      S3_ENDPOINT: 'http://127.0.0.1:9000/',
      S3_ACCESS_KEY_ID: 'id',
      S3_SECRET_ACCESS_KEY: 'secret',
      S3_PUBLIC_URL: 'https://cdn.example/pictures/',
    }).storage.s3;
    expect(local).toMatchObject({
      endpoint: 'http://127.0.0.1:9000',
      forcePathStyle: true,
      credentials: { accessKeyId: 'id', secretAccessKey: 'secret' },
      publicUrl: 'https://cdn.example/pictures',
    });
    expect(loadConfig({ ...base, S3_FORCE_PATH_STYLE: 'true' }).storage.s3?.forcePathStyle).toBe(true);
  });
});

/** The shop on each driver: pictures served at /storage with the cache headers of immutable files. */
describe.each(['disk', 's3'] as const)('the shop on %s storage', (driver) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(driver === 's3' ? s3.env : {});
  });
  afterAll(async () => {
    await t?.close();
  });

  it('serves a stored picture with a year-long cache, revalidates it, and 404s what is not there', async () => {
    const key = `site/test-${randomBytes(4).toString('hex')}-800.webp`;
    const body = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#0f5c4a' } })
      .webp()
      .toBuffer();
    await t.app.storage.put(key, body, 'image/webp');
    const res = await t.fetch(`/storage/${key}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/webp');
    expect(res.headers.get('cache-control')).toBe(STORAGE_CACHE_CONTROL);
    expect(res.headers.get('content-length')).toBe(String(body.length));
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(Buffer.from(await res.arrayBuffer()).equals(body)).toBe(true);
    const etag = res.headers.get('etag');
    expect(etag).toBeTruthy();
    const again = await t.fetch(`/storage/${key}`, { headers: { 'if-none-match': etag! } });
    expect(again.status).toBe(304);
    expect(await again.text()).toBe('');
    expect((await t.fetch(`/storage/${key}`, { method: 'HEAD' })).status).toBe(200);

    for (const path of [
      '/storage/site/none-800.webp',
      '/storage/..%2F..%2Fetc%2Fpasswd',
      '/storage/a.html',
    ]) {
      const missing = await t.fetch(path);
      expect(missing.status, path).toBe(404);
      expect(missing.headers.get('cache-control'), path).not.toBe(STORAGE_CACHE_CONTROL);
    }
  });

  it('keeps avatars in the storage and deletes the one replaced', async () => {
    const register = await signUp(t, {
      name: 'Salma Bennani',
      email: `salma.${driver}@example.ae`,
      password: 'Caftan-Velvet-2025',
    });
    const token: string = register.body.data.tokens.accessToken;
    const upload = async (colour: string) => {
      const png = await sharp({ create: { width: 64, height: 64, channels: 3, background: colour } })
        .png()
        .toBuffer();
      const res = await t.json('/api/v1/auth/user', {
        method: 'PATCH',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
        body: JSON.stringify({ avatar: `data:image/png;base64,${png.toString('base64')}` }),
      });
      expect(res.status).toBe(200);
      return res.body.data.user.avatar as string;
    };
    const first = await upload('#0f5c4a');
    expect(first).toMatch(/^\/storage\/avatars\/\d+-[\w-]+\.webp$/);
    const key = first.replace('/storage/', '');
    expect(await t.app.storage.exists(key)).toBe(true);
    expect((await t.fetch(first)).headers.get('content-type')).toBe('image/webp');

    const second = await upload('#c9a646');
    expect(second).not.toBe(first);
    expect(await t.app.storage.exists(key)).toBe(false);
    expect(await t.app.storage.exists(second.replace('/storage/', ''))).toBe(true);
  });

  it('is ready when its storage answers', async () => {
    const ready = await t.json('/api/health/ready');
    expect(ready.status).toBe(200);
    expect(ready.body.data.checks.storage).toBe('ok');
  });
});

/** The least of a storefront build that renders a page's head (with the real server entry). */
function tinyBuild() {
  const dist = storefrontBuild();
  writeFileSync(
    join(dist, 'index.html'),
    '<!doctype html><html lang="en"><head><!--app-head--></head><body><div id="root"></div><!--app-data--></body></html>',
  );
  mkdirSync(join(dist, 'locales', 'en'), { recursive: true });
  return dist;
}

describe('pictures served from S3_PUBLIC_URL', () => {
  let t: TestApp;
  const publicBase = () => `${s3.endpoint}/${s3.bucket}`;
  beforeAll(async () => {
    t = await startTestApp({
      ...s3.env,
      S3_PUBLIC_URL: publicBase(),
      PUBLIC_URL: 'https://shop.example',
      WEB_DIST_DIR: tinyBuild(),
    });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('gives the public address in every answer, and the bucket serves it as the API would', async () => {
    const { body } = await t.json('/api/v1/products/slug/zahra-emerald-velvet-caftan');
    const image = body.data.product.images[0];
    expect(image.url).toBe(`${publicBase()}/products/zahra-emerald-velvet-caftan/0-800.webp`);
    expect(image.srcset).toContain(`${publicBase()}/products/zahra-emerald-velvet-caftan/0-400.webp 400w`);
    const { body: categories } = await t.json('/api/v1/categories');
    expect(categories.data.categories[0].image.url).toMatch(new RegExp(`^${publicBase()}/site/collection-`));

    // The shop's pages may load pictures from there, and link previews get the address as it is.
    const page = await t.fetch('/product/zahra-emerald-velvet-caftan');
    expect(page.headers.get('content-security-policy')).toContain(
      `img-src 'self' data: blob: ${s3.endpoint}`,
    );
    expect(await page.text()).toContain(
      `property="og:image" content="${publicBase()}/products/zahra-emerald-velvet-caftan/0-800.webp"`,
    );

    // What the shop writes, the bucket hands to a browser with the same type and cache header.
    const key = 'products/zahra-emerald-velvet-caftan/0-800.webp';
    await t.app.storage.put(key, Buffer.from('RIFF-webp-bytes'), 'image/webp');
    const direct = await fetch(`${publicBase()}/${key}`);
    expect(direct.status).toBe(200);
    expect(direct.headers.get('content-type')).toBe('image/webp');
    expect(direct.headers.get('cache-control')).toBe(STORAGE_CACHE_CONTROL);
    // And the API's own /storage still serves it, for addresses written before S3_PUBLIC_URL was set.
    expect(await text((await t.fetch(`/storage/${key}`)).body as never)).toBe('RIFF-webp-bytes');
  });

  it('stores avatars at their public address and still recognises them to delete', async () => {
    const register = await signUp(t, {
      name: 'Nadia Idrissi',
      email: 'nadia.public@example.ae',
      password: 'Caftan-Velvet-2025',
    });
    const token: string = register.body.data.tokens.accessToken;
    const png = await sharp({ create: { width: 32, height: 32, channels: 3, background: '#123456' } })
      .png()
      .toBuffer();
    const patch = (avatar: string | null) =>
      t.json('/api/v1/auth/user', {
        method: 'PATCH',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
        body: JSON.stringify({ avatar }),
      });
    const url: string = (await patch(`data:image/png;base64,${png.toString('base64')}`)).body.data.user
      .avatar;
    expect(url.startsWith(`${publicBase()}/avatars/`)).toBe(true);
    expect((await fetch(url)).status).toBe(200);
    expect((await patch(null)).body.data.user.avatar).toBeNull();
    expect(await t.app.storage.exists(url.slice(publicBase().length + 1))).toBe(false);
  });
});
