import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import { loadConfig } from '../env.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  clientKey,
  MemoryRateLimitStore,
  RateLimiter,
  RedisRateLimitStore,
  type RedisCommands,
} from './rate-limit.js';

const clock = (start = 1_000_000) => {
  let now = start;
  return { now: () => now, advance: (ms: number) => (now += ms) };
};

describe('RateLimiter over the in-process store', () => {
  const limit = { name: 'login', max: 3, windowS: 60 };

  it('allows max attempts per window, then says how long to wait', async () => {
    const time = clock();
    const limiter = new RateLimiter(new MemoryRateLimitStore(100, time.now), time.now);
    for (let i = 0; i < 3; i++) expect((await limiter.consume(limit, 'a')).allowed).toBe(true);
    time.advance(15_500);
    expect(await limiter.consume(limit, 'a')).toEqual({ allowed: false, retryAfterS: 45 });
    expect((await limiter.consume(limit, 'b')).allowed).toBe(true);
    expect((await limiter.consume({ ...limit, name: 'register' }, 'a')).allowed).toBe(true);
    time.advance(44_500);
    expect((await limiter.consume(limit, 'a')).allowed).toBe(true);
  });

  it('starts afresh after a reset', async () => {
    const time = clock();
    const limiter = new RateLimiter(new MemoryRateLimitStore(100, time.now), time.now);
    for (let i = 0; i < 4; i++) await limiter.consume(limit, 'a');
    await limiter.reset(limit, 'a');
    expect((await limiter.consume(limit, 'a')).allowed).toBe(true);
  });

  it('sweeps ended windows and never holds more than its bound', async () => {
    const time = clock();
    const store = new MemoryRateLimitStore(10, time.now);
    for (let i = 0; i < 25; i++) await store.hit(`k${i}`, 1000);
    expect(store.size).toBe(10);
    time.advance(61_000);
    await store.hit('fresh', 1000);
    expect(store.size).toBe(1);
  });
});

describe('RateLimiter over Redis', () => {
  const limit = { name: 'login', max: 3, windowS: 60 };

  it('counts in this process, and says so, while Redis cannot be reached', async () => {
    const down = () =>
      Promise.reject(new Error("Stream isn't writeable and enableOfflineQueue options is false"));
    const unreachable: RedisCommands = { eval: down, get: down, del: down };
    const errors: unknown[] = [];
    const time = clock();
    const store = new RedisRateLimitStore(unreachable, {
      prefix: 'shop:rate:',
      fallback: new MemoryRateLimitStore(100, time.now),
      onError: (err) => errors.push(err),
      now: time.now,
    });
    const limiter = new RateLimiter(store, time.now);
    for (let i = 0; i < 3; i++) expect((await limiter.consume(limit, 'a')).allowed).toBe(true);
    expect(await limiter.consume(limit, 'a')).toEqual({ allowed: false, retryAfterS: 60 });
    await limiter.reset(limit, 'a');
    expect((await limiter.consume(limit, 'a')).allowed).toBe(true);
    expect(errors).toHaveLength(6);
  });

  const redisUrl = loadConfig().redisUrl;
  describe.runIf(redisUrl)('on a real server (REDIS_URL)', () => {
    const prefix = `test-${randomUUID()}:`;
    let one: Redis;
    let other: Redis;
    const storeOn = (redis: Redis) =>
      new RedisRateLimitStore(redis, {
        prefix,
        fallback: new MemoryRateLimitStore(),
        onError: (err) => {
          throw err;
        },
      });
    beforeAll(() => {
      one = new Redis(redisUrl ?? '');
      other = new Redis(redisUrl ?? '');
    });
    afterAll(async () => {
      const keys = await one.keys(`${prefix}*`);
      if (keys.length > 0) await one.del(...keys);
      await Promise.all([one.quit(), other.quit()]);
    });

    it('shares one window between instances, and says how long to wait', async () => {
      const a = new RateLimiter(storeOn(one));
      const b = new RateLimiter(storeOn(other));
      expect((await a.consume(limit, 'shared')).allowed).toBe(true);
      expect((await b.consume(limit, 'shared')).allowed).toBe(true);
      expect((await a.consume(limit, 'shared')).allowed).toBe(true);
      const refused = await b.consume(limit, 'shared');
      expect(refused.allowed).toBe(false);
      expect(refused.retryAfterS).toBeGreaterThan(55);
      expect(refused.retryAfterS).toBeLessThanOrEqual(60);
      expect((await a.consume(limit, 'someone-else')).allowed).toBe(true);
      await b.reset(limit, 'shared');
      expect((await a.consume(limit, 'shared')).allowed).toBe(true);
    });

    it('gives a key that lost its expiry one again, so that it never counts forever', async () => {
      const store = storeOn(one);
      await one.set(store.keyOf('login:stuck'), '7');
      const { count } = await store.hit('login:stuck', 60_000);
      expect(count).toBe(8);
      expect(await one.pttl(store.keyOf('login:stuck'))).toBeGreaterThan(59_000);
    });

    it('keeps e-mail addresses out of the keys it writes', async () => {
      await storeOn(one).hit('login:email:amina@example.ae', 60_000);
      const keys = await one.keys(`${prefix}*`);
      expect(keys.length).toBeGreaterThan(0);
      expect(keys.filter((k) => k.includes('@') || k.includes('example'))).toEqual([]);
    });
  });
});

describe('clientKey', () => {
  it('keeps IPv4, unwraps IPv4-mapped IPv6 and groups IPv6 by /64', () => {
    expect(clientKey('203.0.113.7')).toBe('203.0.113.7');
    expect(clientKey('::ffff:203.0.113.7')).toBe('203.0.113.7');
    expect(clientKey('2001:db8:5:7::1')).toBe('2001:db8:5:7::/64');
    expect(clientKey('2001:0db8:0005:0007:abcd:1:2:3')).toBe('2001:db8:5:7::/64');
    expect(clientKey('2001:db8::1')).toBe('2001:db8:0:0::/64');
    expect(clientKey('::1')).toBe('0:0:0:0::/64');
  });
});
