import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './env.js';

describe('loadConfig', () => {
  it('works with no variables at all', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({ port: 3000, host: '127.0.0.1', publicUrl: 'http://localhost:3000' });
    expect(config.databaseUrl).toBeUndefined();
    expect(config.dataDir).toMatch(/\/data$/);
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
    ];
    for (const [env, name] of cases) {
      expect(() => loadConfig(env)).toThrow(ConfigError);
      expect(() => loadConfig(env)).toThrow(new RegExp(`^Invalid configuration: ${name}: `));
    }
  });
});
