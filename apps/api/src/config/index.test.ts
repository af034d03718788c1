import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './index.js';

describe('loadConfig', () => {
  it('works with no variables at all', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({ port: 3000, host: '127.0.0.1', publicUrl: 'http://localhost:3000' });
    expect(config.databaseUrl).toBeUndefined();
    expect(config.dataDir).toMatch(/\/data$/);
  });

  it('names the seller on the legal pages: a demo address by default, the tax number only when given', () => {
    expect(loadConfig({}).shop).toMatchObject({ address: expect.stringContaining('Dubai'), trn: null });
    const shop = loadConfig({
      SHOP_ADDRESS: ' 14 Al Fahidi Street, Dubai ',
      SHOP_TRN: '100123456700003',
    }).shop;
    expect(shop).toMatchObject({ address: '14 Al Fahidi Street, Dubai', trn: '100123456700003' });
  });

  it('keeps the shop’s days in Asia/Dubai unless SHOP_TIMEZONE names another IANA zone', () => {
    expect(loadConfig({}).shop.timeZone).toBe('Asia/Dubai');
    expect(loadConfig({ SHOP_TIMEZONE: ' Europe/Paris ' }).shop.timeZone).toBe('Europe/Paris');
    for (const value of ['Dubai', 'GMT+4', 'Asia/Nowhere', '../etc/passwd']) {
      expect(() => loadConfig({ SHOP_TIMEZONE: value }), value).toThrow(
        /^Invalid configuration: SHOP_TIMEZONE: /,
      );
    }
  });

  it('serves the storefront built in apps/web/dist of this repository unless WEB_DIST_DIR names another', () => {
    const dist = loadConfig({}).webDistDir;
    expect(dist).toMatch(/\/web\/dist$/);
    const web = JSON.parse(readFileSync(join(dist, '..', 'package.json'), 'utf8')) as { name: string };
    expect(web.name).toBe('@boutique/web');
    expect(loadConfig({ WEB_DIST_DIR: '/srv/shop/web' }).webDistDir).toBe('/srv/shop/web');
  });

  it('derives the public address from the port unless it is given', () => {
    expect(loadConfig({ PORT: '8080' }).publicUrl).toBe('http://localhost:8080');
  });

  it('reads DATABASE_URL and trims a trailing slash from PUBLIC_URL', () => {
    const config = loadConfig({ DATABASE_URL: 'postgres://u@db:5432/shop', PUBLIC_URL: 'https://shop.ae/' });
    expect(config.databaseUrl).toBe('postgres://u@db:5432/shop');
    expect(config.publicUrl).toBe('https://shop.ae');
  });

  it('stops with one line naming the bad variable', () => {
    const cases: [Record<string, string>, string][] = [
      [{ PORT: 'eighty' }, 'PORT'],
      [{ PORT: '70000' }, 'PORT'],
      [{ DATABASE_URL: 'mysql://x' }, 'DATABASE_URL'],
      [{ PUBLIC_URL: 'ftp://shop' }, 'PUBLIC_URL'],
      [{ SHOP_WHATSAPP_NUMBER: '+971 50' }, 'SHOP_WHATSAPP_NUMBER'],
      [{ SHOP_EMAIL: 'nope' }, 'SHOP_EMAIL'],
      [{ SHOP_TRN: '1234' }, 'SHOP_TRN'],
      [{ SHOP_ADDRESS: ' ' }, 'SHOP_ADDRESS'],
      [{ JWT_SECRET: 'too-short' }, 'JWT_SECRET'],
      [{ LOGIN_LIMIT_PER_IP: '0' }, 'LOGIN_LIMIT_PER_IP'],
      [{ FORGOT_LIMIT_PER_EMAIL: 'three' }, 'FORGOT_LIMIT_PER_EMAIL'],
    ];
    for (const [env, name] of cases) {
      expect(() => loadConfig(env)).toThrow(ConfigError);
      expect(() => loadConfig(env)).toThrow(new RegExp(`^Invalid configuration: ${name}: `));
    }
  });
});

describe('storefront renders (RENDER_LIMIT_PER_IP)', () => {
  it('renders 30 new filtered pages a minute for one client by default, and refuses nonsense', () => {
    expect(loadConfig({}).renderLimitPerIp).toBe(30);
    expect(loadConfig({ RENDER_LIMIT_PER_IP: '120' }).renderLimitPerIp).toBe(120);
    for (const value of ['0', '-3', 'lots']) {
      expect(() => loadConfig({ RENDER_LIMIT_PER_IP: value }), value).toThrow(
        /^Invalid configuration: RENDER_LIMIT_PER_IP: /,
      );
    }
  });
});

describe('Redis (REDIS_TIMEOUT_MS)', () => {
  it('gives a Redis command half a second by default, and refuses a timeout that would hold requests', () => {
    expect(loadConfig({}).redisTimeoutMs).toBe(500);
    expect(loadConfig({ REDIS_TIMEOUT_MS: '200' }).redisTimeoutMs).toBe(200);
    for (const value of ['0', '10', '60000', 'soon']) {
      expect(() => loadConfig({ REDIS_TIMEOUT_MS: value }), value).toThrow(
        /^Invalid configuration: REDIS_TIMEOUT_MS: /,
      );
    }
  });
});

describe('the API documentation (API_DOCS)', () => {
  it('is served by default, but not in production unless asked for', () => {
    expect(loadConfig({}).apiDocs).toBe(true);
    expect(loadConfig({ NODE_ENV: 'production' }).apiDocs).toBe(false);
    expect(loadConfig({ NODE_ENV: 'production', API_DOCS: 'true' }).apiDocs).toBe(true);
    expect(loadConfig({ API_DOCS: 'false' }).apiDocs).toBe(false);
  });
});
