import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Redis } from 'ioredis';
import { startTestApp, type TestApp } from './helpers.js';
import { RedisProxy } from './support/redis-proxy.js';
import { generousLimits, newShopper, type Shopper } from './support/shop.js';

// Measured before: with Redis hung every signed-in request and every sign-in waited as long as the hang, and
// with Redis down every instance answered 503 on readiness, so the balancer took the whole shop offline.
// The shop talks to a real Redis through a proxy the test hangs, kills and brings back.
const REDIS_URL = process.env.REDIS_URL || 'redis://127.0.0.1:6379';
const TIMEOUT_MS = 300;

const logs: Record<string, unknown>[] = [];
let proxy: RedisProxy;
let t: TestApp;
let direct: Redis;
let prefix: string;

beforeAll(async () => {
  proxy = await RedisProxy.start(REDIS_URL);
  t = await startTestApp(
    {
      ...generousLimits,
      REDIS_URL: proxy.url,
      REDIS_TIMEOUT_MS: String(TIMEOUT_MS),
      LOG_LEVEL: 'info',
      TRUST_PROXY: '127.0.0.1',
    },
    { logStream: { write: (line: string) => void logs.push(JSON.parse(line) as Record<string, unknown>) } },
  );
  prefix = t.config.redisPrefix;
  direct = new Redis(REDIS_URL);
});
afterAll(async () => {
  const keys = await direct.keys(`${prefix}*`);
  if (keys.length > 0) await direct.del(...keys);
  await direct.quit();
  await t?.close();
  await proxy?.close();
});

const timed = async <T>(call: () => Promise<T>): Promise<[T, number]> => {
  const started = performance.now();
  const answer = await call();
  return [answer, performance.now() - started];
};
const me = (shopper: Shopper) =>
  t.json('/api/v1/auth/user', { headers: { authorization: `Bearer ${shopper.token}` } });
const login = (email: string, password: string, ip = '203.0.113.50') =>
  t.json('/api/v1/auth/login', {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': ip },
    body: JSON.stringify({ email, password }),
  });
const ready = () => t.json('/api/health/ready');
const messages = (level: number, text: string) =>
  logs.filter((l) => l.level === level && String(l.msg).startsWith(text));
const WARN = 40;
const INFO = 30;

describe('Redis hung', () => {
  it('keeps every request within a second, reports degraded readiness, warns once, and recovers', async () => {
    const shopper = await newShopper(t);
    const [before, signInMs] = await timed(() => login(shopper.email, 'Saffron-Silk-2025'));
    expect(before.status).toBe(200);
    expect((await ready()).body.data).toEqual({
      status: 'ok',
      checks: { database: 'ok', redis: 'ok', storage: 'ok' },
    });

    proxy.hang();
    const waits: number[] = [];
    for (let i = 0; i < 5; i++) {
      const [res, ms] = await timed(() => me(shopper));
      expect(res.status).toBe(200);
      waits.push(ms);
    }
    const [hungLogin, hungSignInMs] = await timed(() => login(shopper.email, 'Saffron-Silk-2025'));
    expect(hungLogin.status).toBe(200);
    // The first request pays the command timeout once; the others do not wait for Redis at all.
    expect(Math.max(...waits)).toBeLessThan(1000);
    const later = waits.slice(1).sort((a, b) => a - b);
    expect(later[Math.floor(later.length / 2)]).toBeLessThan(TIMEOUT_MS);
    expect(hungSignInMs).toBeLessThan(signInMs + 1000);

    const degraded = await ready();
    expect(degraded.status).toBe(200);
    expect(degraded.body).toEqual({
      success: true,
      data: { status: 'degraded', checks: { database: 'ok', redis: 'down', storage: 'ok' } },
    });
    expect(messages(WARN, 'Redis is unavailable')).toHaveLength(1);

    proxy.resume();
    await expect.poll(async () => (await ready()).body.data.status, { timeout: 5000 }).toBe('ok');
    expect(messages(INFO, 'Redis answers again')).toHaveLength(1);
    expect(messages(WARN, 'Redis is unavailable')).toHaveLength(1);
  });
});

describe('Redis killed and back empty', () => {
  it('keeps counting sign-in attempts made during the outage, and keeps ended sign-ins ended', async () => {
    const limited = await startTestApp({
      REDIS_URL: proxy.url,
      REDIS_TIMEOUT_MS: String(TIMEOUT_MS),
      REGISTER_LIMIT_PER_IP: '1000',
      LOGIN_LIMIT_PER_IP: '3',
      LOGIN_LIMIT_PER_EMAIL: '1000',
      TRUST_PROXY: '127.0.0.1',
    });
    try {
      const shopper = await newShopper(limited);
      const ended = await newShopper(limited);
      const post = (path: string, token: string) =>
        limited.json(path, { method: 'POST', headers: { authorization: `Bearer ${token}` } });
      expect((await post('/api/v1/auth/logout', ended.token)).status).toBe(200);
      const user = (s: Shopper) =>
        limited.json('/api/v1/auth/user', { headers: { authorization: `Bearer ${s.token}` } });
      expect((await user(ended)).status).toBe(401);

      await proxy.kill();
      const attempt = () =>
        limited.json('/api/v1/auth/login', {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'x-forwarded-for': '198.51.100.77' },
          body: JSON.stringify({ email: shopper.email, password: 'not-the-password' }),
        });
      for (let i = 0; i < 3; i++) expect((await attempt()).status).toBe(401);
      expect((await attempt()).status).toBe(429);
      expect((await limited.json('/api/health/ready')).body.data.status).toBe('degraded');

      // Redis returns having lost everything (no persistence, as in compose.yaml).
      const keys = await direct.keys(`${limited.config.redisPrefix}*`);
      if (keys.length > 0) await direct.del(...keys);
      await proxy.restart();
      await expect
        .poll(async () => (await limited.json('/api/health/ready')).body.data.status, { timeout: 5000 })
        .toBe('ok');
      expect((await attempt()).status).toBe(429);
      expect((await user(ended)).status).toBe(401);
      expect((await user(shopper)).status).toBe(200);
    } finally {
      await limited.close();
    }
  });
});
