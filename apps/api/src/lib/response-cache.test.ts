import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { ResponseCache } from './response-cache.js';

describe('ResponseCache', () => {
  it('loads once and serves the same body and etag afterwards', async () => {
    const cache = new ResponseCache(60_000);
    let loads = 0;
    const load = async () => ({ n: ++loads });
    const a = await cache.get('k', load);
    const b = await cache.get('k', load);
    expect(loads).toBe(1);
    expect(a?.body.toString()).toBe('{"n":1}');
    expect(b?.etag).toBe(a?.etag);
    expect([cache.hits, cache.misses]).toEqual([1, 1]);
  });

  it('compresses a cached answer once per encoding and serves that copy again', async () => {
    const cache = new ResponseCache(60_000);
    const load = async () => ({
      products: Array.from({ length: 40 }, (_, id) => ({ id, name: `caftan ${id}` })),
    });
    const first = await cache.get('k', load);
    const br = first?.encoded('br');
    expect(br?.encoding).toBe('br');
    expect(brotliDecompressSync(br!.body).equals(first!.body)).toBe(true);
    expect(br!.body.length).toBeLessThan(first!.body.length / 4);
    // The same bytes, not compressed again, for the next request of the answer.
    expect((await cache.get('k', load))?.encoded('br').body).toBe(br!.body);
    const gzip = first?.encoded('gzip');
    expect(gzip?.encoding).toBe('gzip');
    expect(gunzipSync(gzip!.body).equals(first!.body)).toBe(true);
    // Too small to gain: the body as it is, saying so.
    const small = await cache.get('small', async () => ({ ok: true }));
    expect(small?.encoded('br')).toEqual({ body: small?.body, encoding: null });
  });

  it('shares one load between concurrent misses', async () => {
    const cache = new ResponseCache(60_000);
    let loads = 0;
    const load = () => new Promise((r) => setTimeout(() => r({ n: ++loads }), 10));
    const results = await Promise.all(Array.from({ length: 20 }, () => cache.get('k', load)));
    expect(loads).toBe(1);
    expect(new Set(results.map((r) => r?.body.toString()))).toEqual(new Set(['{"n":1}']));
    // The nineteen that shared the load did not touch the database: hits, as far as it is concerned.
    expect([cache.hits, cache.misses]).toEqual([19, 1]);
  });

  it('reloads after clear, and does not keep a load that raced with the clear', async () => {
    const cache = new ResponseCache(60_000);
    let release: () => void = () => {};
    const slow = new Promise<void>((r) => (release = r));
    const stale = cache.get('k', async () => {
      await slow;
      return { v: 'old' };
    });
    cache.clear();
    release();
    expect((await stale)?.body.toString()).toBe('{"v":"old"}');
    expect((await cache.get('k', async () => ({ v: 'new' })))?.body.toString()).toBe('{"v":"new"}');
  });

  it('expires entries after the ttl', async () => {
    let now = 0;
    const cache = new ResponseCache(1000, 10, () => now);
    await cache.get('k', async () => 1);
    now = 1001;
    expect((await cache.get('k', async () => 2))?.body.toString()).toBe('2');
  });

  it('does not cache missing answers and evicts the least recently used', async () => {
    const cache = new ResponseCache(60_000, 2);
    expect(await cache.get('none', async () => undefined)).toBeUndefined();
    expect(cache.size).toBe(0);
    await cache.get('a', async () => 'a');
    await cache.get('b', async () => 'b');
    await cache.get('a', async () => 'a2');
    await cache.get('c', async () => 'c');
    expect(cache.size).toBe(2);
    expect((await cache.get('a', async () => 'reloaded'))?.body.toString()).toBe('"a"');
    expect((await cache.get('b', async () => 'reloaded'))?.body.toString()).toBe('"reloaded"');
  });
});

describe('ResponseCache.dropTagged', () => {
  it('drops the answers that show a changed product or do not say what they show, and keeps the others', async () => {
    const cache = new ResponseCache(60_000);
    const tagged = (ids: number[]) => async () => ({ ids });
    const tagsOf = (v: { ids: number[] }) => v.ids;
    await cache.get('product:1', tagged([1]), tagsOf);
    await cache.get('list:a', tagged([1, 2]), tagsOf);
    await cache.get('list:b', tagged([2, 3]), tagsOf);
    await cache.get('untagged', async () => 'x');
    cache.dropTagged([1]);
    expect(cache.size).toBe(1);
    expect((await cache.get('list:b', async () => ({ ids: [] }), tagsOf))?.body.toString()).toBe(
      '{"ids":[2,3]}',
    );
    expect((await cache.get('product:1', async () => ({ ids: [9] }), tagsOf))?.body.toString()).toBe(
      '{"ids":[9]}',
    );
  });

  it('does not keep a load that raced with the drop', async () => {
    const cache = new ResponseCache(60_000);
    let release: () => void = () => {};
    const slow = new Promise<void>((r) => (release = r));
    const stale = cache.get(
      'k',
      async () => {
        await slow;
        return [5];
      },
      (v) => v,
    );
    cache.dropTagged([5]);
    release();
    expect((await stale)?.body.toString()).toBe('[5]');
    expect(
      (
        await cache.get(
          'k',
          async () => [6],
          (v) => v,
        )
      )?.body.toString(),
    ).toBe('[6]');
  });
});
