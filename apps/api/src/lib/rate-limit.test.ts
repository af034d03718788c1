import { describe, expect, it } from 'vitest';
import { clientKey, MemoryRateLimitStore, RateLimiter } from './rate-limit.js';

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
