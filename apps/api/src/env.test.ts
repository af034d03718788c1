import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { generateKeyPairSync } from 'node:crypto';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { ConfigError, ensureJwtSecret, loadConfig } from './env.js';

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

describe('payment configuration', () => {
  const stripe = {
    PAYMENT_GATEWAY: 'stripe',
    STRIPE_SECRET_KEY: 'sk_test_abc123',
    STRIPE_PUBLISHABLE_KEY: 'pk_test_abc123',
    STRIPE_WEBHOOK_SECRET: 'whsec_abc123',
  };

  it('defaults to the offline sandbox with a one-minute grace before reconciliation', () => {
    expect(loadConfig({}).payments).toEqual({
      gateway: 'sandbox',
      stripe: undefined,
      reconcileAfterS: 60,
      reconcileIntervalS: 60,
      applePayDomainAssociation: undefined,
    });
  });

  it('reads the Stripe keys, the mode they are in and where the API is', () => {
    expect(loadConfig(stripe).payments.stripe).toEqual({
      secretKey: 'sk_test_abc123',
      publishableKey: 'pk_test_abc123',
      webhookSecret: 'whsec_abc123',
      testMode: true,
      api: undefined,
      apiOrigin: 'https://api.stripe.com',
      jsUrl: undefined,
    });
    const live = loadConfig({
      ...stripe,
      STRIPE_SECRET_KEY: 'sk_live_abc',
      STRIPE_PUBLISHABLE_KEY: 'pk_live_abc',
      STRIPE_API_BASE: 'http://127.0.0.1:12111',
    }).payments.stripe;
    expect(live?.testMode).toBe(false);
    expect(live?.api).toEqual({ host: '127.0.0.1', port: 12111, protocol: 'http' });
    expect(live?.apiOrigin).toBe('http://127.0.0.1:12111');
    expect(
      loadConfig({ ...stripe, STRIPE_JS_URL: 'http://127.0.0.1:4302/v3/stripe.js' }).payments.stripe?.jsUrl,
    ).toBe('http://127.0.0.1:4302/v3/stripe.js');
  });

  it('refuses to default to the sandbox in production on https, and only there', () => {
    const live = { NODE_ENV: 'production', PUBLIC_URL: 'https://shop.example.ae' };
    expect(() => loadConfig(live)).toThrow(
      /^Invalid configuration: PAYMENT_GATEWAY: must be set in production on https: stripe to take real payments, or sandbox to take only test cards$/,
    );
    expect(() => loadConfig({ ...live, PAYMENT_GATEWAY: '' })).toThrow(/PAYMENT_GATEWAY: must be set/);
    // Chosen on purpose, either gateway is fine.
    expect(loadConfig({ ...live, PAYMENT_GATEWAY: 'sandbox' }).payments.gateway).toBe('sandbox');
    expect(loadConfig({ ...live, ...stripe }).payments.gateway).toBe('stripe');
    // A production build tried on http (the browser tests, a laptop) and development keep the default.
    expect(loadConfig({ NODE_ENV: 'production', PUBLIC_URL: 'http://127.0.0.1:4173' }).payments.gateway).toBe(
      'sandbox',
    );
    expect(loadConfig({ PUBLIC_URL: 'https://shop.example.ae' }).payments.gateway).toBe('sandbox');
  });

  it('stops with one line naming the missing or wrong Stripe variable', () => {
    const cases: [Record<string, string>, string][] = [
      [{ PAYMENT_GATEWAY: 'paypal' }, 'PAYMENT_GATEWAY'],
      [{ ...stripe, STRIPE_SECRET_KEY: '' }, 'STRIPE_SECRET_KEY'],
      [{ ...stripe, STRIPE_SECRET_KEY: 'pk_test_abc' }, 'STRIPE_SECRET_KEY'],
      [{ ...stripe, STRIPE_PUBLISHABLE_KEY: '' }, 'STRIPE_PUBLISHABLE_KEY'],
      [{ ...stripe, STRIPE_PUBLISHABLE_KEY: 'pk_live_abc' }, 'STRIPE_PUBLISHABLE_KEY'],
      [{ ...stripe, STRIPE_WEBHOOK_SECRET: '' }, 'STRIPE_WEBHOOK_SECRET'],
      [{ ...stripe, STRIPE_API_BASE: 'ftp://x' }, 'STRIPE_API_BASE'],
      [{ ...stripe, STRIPE_JS_URL: 'js.stripe.com/v3' }, 'STRIPE_JS_URL'],
      [{ RECONCILE_AFTER_S: '-1' }, 'RECONCILE_AFTER_S'],
    ];
    for (const [env, name] of cases) {
      expect(() => loadConfig(env), name).toThrow(new RegExp(`^Invalid configuration: ${name}: `));
    }
    // The sandbox needs no keys at all.
    expect(() => loadConfig({ PAYMENT_GATEWAY: 'sandbox' })).not.toThrow();
  });
});

describe('stock configuration', () => {
  it('holds pieces 15 minutes by default and sweeps expired holds at most a minute apart', () => {
    expect(loadConfig({}).stock).toMatchObject({ holdMinutes: 15, sweepIntervalS: 60 });
    expect(loadConfig({ STOCK_HOLD_MINUTES: '2' }).stock).toMatchObject({
      holdMinutes: 2,
      sweepIntervalS: 30,
    });
  });

  it("bounds what one shopper holds: 10 pieces an account, 30 a network, two holds' time from the first", () => {
    expect(loadConfig({}).stock).toMatchObject({
      maxHoldMinutes: 30,
      maxPiecesPerAccount: 10,
      maxPiecesPerNetwork: 30,
    });
    expect(
      loadConfig({
        STOCK_HOLD_MINUTES: '20',
        STOCK_HOLD_MAX_MINUTES: '25',
        STOCK_HOLD_MAX_PIECES: '4',
        STOCK_HOLD_MAX_PIECES_PER_IP: '12',
      }).stock,
    ).toMatchObject({ maxHoldMinutes: 25, maxPiecesPerAccount: 4, maxPiecesPerNetwork: 12 });
    expect(() => loadConfig({ STOCK_HOLD_MINUTES: '20', STOCK_HOLD_MAX_MINUTES: '10' })).toThrow(
      'Invalid configuration: STOCK_HOLD_MAX_MINUTES: must be at least STOCK_HOLD_MINUTES (20)',
    );
    expect(() => loadConfig({ STOCK_HOLD_MAX_PIECES: '8', STOCK_HOLD_MAX_PIECES_PER_IP: '5' })).toThrow(
      'Invalid configuration: STOCK_HOLD_MAX_PIECES_PER_IP: must be at least STOCK_HOLD_MAX_PIECES (8)',
    );
    for (const [name, value] of [
      ['STOCK_HOLD_MAX_PIECES', '0'],
      ['STOCK_HOLD_MAX_PIECES_PER_IP', 'many'],
      ['STOCK_HOLD_MAX_MINUTES', '2.5'],
    ]) {
      expect(() => loadConfig({ [name!]: value }), name).toThrow(
        new RegExp(`^Invalid configuration: ${name}: `),
      );
    }
  });

  it('stops with one line naming STOCK_HOLD_MINUTES when it is not a whole number of minutes in a day', () => {
    for (const value of ['0', '-5', '1.5', 'soon', '1441']) {
      expect(() => loadConfig({ STOCK_HOLD_MINUTES: value }), value).toThrow(
        /^Invalid configuration: STOCK_HOLD_MINUTES: /,
      );
    }
  });
});

describe('auth configuration', () => {
  const dirs: string[] = [];
  const dataDir = () => {
    const dir = mkdtempSync(join(tmpdir(), 'boutique-env-'));
    dirs.push(dir);
    return dir;
  };
  afterEach(() => {
    for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
  });

  it('has 15-minute access tokens, 30-day refresh tokens and the default limits', () => {
    expect(loadConfig({}).auth).toEqual({
      jwtSecret: undefined,
      accessTokenTtlS: 900,
      refreshTokenTtlS: 2_592_000,
      rateLimits: {
        loginPerEmail: { max: 10, windowS: 900 },
        loginPerIp: { max: 100, windowS: 900 },
        registerPerIp: { max: 5, windowS: 3600 },
        forgotPerEmail: { max: 3, windowS: 3600 },
        forgotPerIp: { max: 20, windowS: 3600 },
        resetPerIp: { max: 20, windowS: 3600 },
        contactPerIp: { max: 5, windowS: 3600 },
        avatarPerUser: { max: 10, windowS: 3600 },
        secondFactorPerUser: { max: 5, windowS: 900 },
        verificationPerUser: { max: 3, windowS: 3600 },
      },
      loginSlowdownAfter: 5,
      emailVerificationTtlS: 86_400,
      freshSignInS: 600,
      adminEmails: [],
      passwordResetTtlS: 3600,
    });
  });

  it('reads ADMIN_EMAILS as a list of lower-cased addresses and refuses anything else', () => {
    expect(loadConfig({ ADMIN_EMAILS: ' Owner@DarLalla.ae, second@example.ae ,' }).auth.adminEmails).toEqual([
      'owner@darlalla.ae',
      'second@example.ae',
    ]);
    expect(() => loadConfig({ ADMIN_EMAILS: 'owner@darlalla.ae, not-an-address' })).toThrow(
      'Invalid configuration: ADMIN_EMAILS: not-an-address is not an e-mail address',
    );
  });

  it('uses JWT_SECRET when given and writes nothing', () => {
    const dir = dataDir();
    const secret = 's'.repeat(32);
    expect(ensureJwtSecret(loadConfig({ JWT_SECRET: secret, DATA_DIR: dir }))).toBe(secret);
    expect(() => statSync(join(dir, 'jwt-secret'))).toThrow();
  });

  it('otherwise generates a secret once, keeps it private under the data dir and reads it back', () => {
    const dir = join(dataDir(), 'not-yet-created');
    const config = loadConfig({ DATA_DIR: dir });
    const secret = ensureJwtSecret(config);
    expect(Buffer.from(secret, 'base64url')).toHaveLength(48);
    const file = join(dir, 'jwt-secret');
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(readFileSync(file, 'utf8').trim()).toBe(secret);
    expect(ensureJwtSecret(loadConfig({ DATA_DIR: dir }))).toBe(secret);
  });

  it('refuses a kept secret that is too short', () => {
    const dir = dataDir();
    writeFileSync(join(dir, 'jwt-secret'), 'short\n');
    expect(() => ensureJwtSecret(loadConfig({ DATA_DIR: dir }))).toThrow(ConfigError);
  });
});

describe('the proxies trusted to name the client (TRUST_PROXY)', () => {
  it('trusts none by default, a hop count, or listed addresses and ranges', () => {
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: 'false' }).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '1' }).trustProxy).toBe(1);
    expect(loadConfig({ TRUST_PROXY: '2' }).trustProxy).toBe(2);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.0/8, 192.168.1.4,fd00::/8,loopback' }).trustProxy).toEqual([
      '10.0.0.0/8',
      '192.168.1.4',
      'fd00::/8',
      'loopback',
    ]);
  });

  it('refuses "true", which would let any client name itself, and anything that is not an address', () => {
    for (const value of ['true', '10.0.0.0/33', 'proxy.internal', '10.0.0.1, nonsense', '::1/129']) {
      expect(() => loadConfig({ TRUST_PROXY: value }), value).toThrow(
        /^Invalid configuration: TRUST_PROXY: name the proxies/,
      );
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

describe('TRUST_PROXY never trusts every client, however it is written', () => {
  it('refuses, naming TRUST_PROXY, any set of ranges that together covers every IPv4 or IPv6 address', () => {
    const cases: [string, 'IPv4' | 'IPv6'][] = [
      ['0.0.0.0/0', 'IPv4'],
      ['0.0.0.0/1,128.0.0.0/1', 'IPv4'],
      ['10.0.0.0/8, 0.0.0.0/2, 64.0.0.0/2, 128.0.0.0/2, 192.0.0.0/3, 224.0.0.0/3', 'IPv4'],
      // proxy-addr reads an IPv4 client against IPv6 ranges through its mapped address.
      ['::ffff:0:0/96', 'IPv4'],
      ['::ffff:0.0.0.0/97,128.0.0.0/1', 'IPv4'],
      ['::/0', 'IPv4'],
      ['::/1,8000::/1', 'IPv4'],
      ['10.0.0.0/8,::/0', 'IPv4'],
    ];
    for (const [value, family] of cases) {
      expect(() => loadConfig({ TRUST_PROXY: value }), value).toThrow(
        `Invalid configuration: TRUST_PROXY: these ranges together trust every ${family} client`,
      );
    }
    expect(() => loadConfig({ TRUST_PROXY: '::/1,8000::/1,10.0.0.1' })).toThrow(
      /^Invalid configuration: TRUST_PROXY: /,
    );
  });

  it('accepts wide private ranges and half of either family, which still leave clients their own address', () => {
    for (const value of [
      '0.0.0.0/1',
      '10.0.0.0/8,172.16.0.0/12,192.168.0.0/16',
      '8000::/1',
      '2000::/3,fc00::/7',
      '::ffff:10.0.0.0/104',
    ]) {
      expect(loadConfig({ TRUST_PROXY: value }).trustProxy, value).toEqual(value.split(','));
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

describe('social sign-in configuration', () => {
  const appleKey = generateKeyPairSync('ec', {
    namedCurve: 'P-256',
    privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
    publicKeyEncoding: { type: 'spki', format: 'pem' },
  }).privateKey;

  it('offers no provider by default', () => {
    expect(loadConfig({}).social).toEqual({ incomplete: [] });
  });

  it('turns a provider on when all its credentials are set, with the real endpoints by default', () => {
    const social = loadConfig({
      GOOGLE_CLIENT_ID: 'id.apps.googleusercontent.com',
      GOOGLE_CLIENT_SECRET: 'secret',
      APPLE_CLIENT_ID: 'ae.shop.signin',
      APPLE_TEAM_ID: 'TEAM123456',
      APPLE_KEY_ID: 'KEY1234567',
      // One line with \n escapes, as many secret stores keep it.
      APPLE_PRIVATE_KEY: appleKey.replaceAll('\n', '\\n'),
      FACEBOOK_CLIENT_ID: '1234',
      FACEBOOK_CLIENT_SECRET: 'fb-secret',
    }).social;
    expect(social.google).toEqual({
      clientId: 'id.apps.googleusercontent.com',
      clientSecret: 'secret',
      issuer: 'https://accounts.google.com',
    });
    expect(social.apple).toMatchObject({ issuer: 'https://appleid.apple.com', privateKey: appleKey.trim() });
    expect(social.facebook).toMatchObject({
      authUrl: expect.stringMatching(/^https:\/\/www\.facebook\.com\/v[\d.]+\/dialog\/oauth$/),
      tokenUrl: expect.stringMatching(/^https:\/\/graph\.facebook\.com\/v[\d.]+\/oauth\/access_token$/),
      graphUrl: expect.stringMatching(/^https:\/\/graph\.facebook\.com\/v[\d.]+$/),
    });
    expect(social.incomplete).toEqual([]);
  });

  it('keeps a half-configured provider off and names what is missing', () => {
    const social = loadConfig({ APPLE_CLIENT_ID: 'ae.shop.signin', FACEBOOK_CLIENT_SECRET: 'x' }).social;
    expect(social.apple).toBeUndefined();
    expect(social.facebook).toBeUndefined();
    expect(social.incomplete).toEqual([
      'APPLE_TEAM_ID',
      'APPLE_KEY_ID',
      'APPLE_PRIVATE_KEY',
      'FACEBOOK_CLIENT_ID',
    ]);
  });

  it('stops on a key that is not Apple’s, or an endpoint that is not a web address, without echoing it', () => {
    const rsa = generateKeyPairSync('rsa', {
      modulusLength: 1024,
      privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
      publicKeyEncoding: { type: 'spki', format: 'pem' },
    }).privateKey;
    for (const key of ['not a key', rsa]) {
      expect(() => loadConfig({ APPLE_PRIVATE_KEY: key })).toThrow(
        /^Invalid configuration: APPLE_PRIVATE_KEY: /,
      );
      expect(() => loadConfig({ APPLE_PRIVATE_KEY: key })).not.toThrow(/PRIVATE KEY-----|not a key/);
    }
    expect(() => loadConfig({ GOOGLE_ISSUER: 'accounts.google.com' })).toThrow(
      /^Invalid configuration: GOOGLE_ISSUER: /,
    );
    expect(() => loadConfig({ FACEBOOK_GRAPH_URL: 'ftp://graph' })).toThrow(
      /^Invalid configuration: FACEBOOK_GRAPH_URL: /,
    );
  });
});
