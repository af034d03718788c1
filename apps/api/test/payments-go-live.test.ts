import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/env.js';
import { startTestApp, type TestApp } from './helpers.js';
import { WEBHOOK_SECRET } from './support/stripe-webhook.js';
import { call, generousLimits, newShopper } from './support/shop.js';

/** Going live with Stripe: what the page admits per gateway, Apple Pay's domain file, the production guard. */

const STRIPE = {
  PAYMENT_GATEWAY: 'stripe',
  STRIPE_SECRET_KEY: 'sk_test_fake_0123456789',
  STRIPE_PUBLISHABLE_KEY: 'pk_test_fake_0123456789',
  STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
  RECONCILE_INTERVAL_S: '0',
};

/** The CSP of an answer as directive → sources. */
function policy(header: string | null): Map<string, string[]> {
  expect(header).toBeTruthy();
  return new Map(
    header!.split(';').map((part) => {
      const [name = '', ...sources] = part.trim().split(/\s+/);
      return [name, sources];
    }),
  );
}

/** The directives that do not depend on the gateway, which no gateway may loosen. */
const FIXED = [
  'default-src',
  'style-src',
  'img-src',
  'media-src',
  'font-src',
  'object-src',
  'base-uri',
  'form-action',
  'frame-ancestors',
];

describe('the page’s CSP and Permissions-Policy per gateway', () => {
  let sandbox: TestApp;
  let stripe: TestApp;
  let standIn: TestApp;
  beforeAll(async () => {
    [sandbox, stripe, standIn] = await Promise.all([
      startTestApp({ SEED_DEMO: 'false' }),
      startTestApp({ SEED_DEMO: 'false', ...generousLimits, ...STRIPE }),
      startTestApp({
        SEED_DEMO: 'false',
        ...generousLimits,
        ...STRIPE,
        STRIPE_API_BASE: 'http://127.0.0.1:4301',
        STRIPE_JS_URL: 'http://127.0.0.1:4302/v3/stripe.js',
      }),
    ]);
    // Three shops start at once: more than the usual hook time on a busy machine.
  }, 300_000);
  afterAll(async () => {
    await Promise.all([sandbox?.close(), stripe?.close(), standIn?.close()]);
  });

  it('keeps the sandbox as strict as ever: no other origin, no frame, payment for the page only', async () => {
    for (const path of ['/', '/checkout', '/api/v1/products/latest']) {
      const res = await sandbox.fetch(path);
      const csp = policy(res.headers.get('content-security-policy'));
      expect(csp.get('script-src')?.filter((s) => !s.startsWith("'sha256-"))).toEqual(["'self'"]);
      expect(csp.get('connect-src')).toEqual(["'self'"]);
      expect(csp.get('frame-src')).toEqual(["'none'"]);
      expect(res.headers.get('permissions-policy')).toBe(
        'camera=(), microphone=(), geolocation=(), payment=(self)',
      );
    }
  });

  it('admits with Stripe exactly what Stripe.js, Elements and its wallets need, and nothing else', async () => {
    const strict = policy((await sandbox.fetch('/checkout')).headers.get('content-security-policy'));
    for (const path of ['/', '/checkout']) {
      const res = await stripe.fetch(path);
      const csp = policy(res.headers.get('content-security-policy'));
      expect(csp.get('script-src')?.filter((s) => !s.startsWith("'sha256-"))).toEqual([
        "'self'",
        'https://js.stripe.com',
        'https://*.js.stripe.com',
      ]);
      expect(csp.get('frame-src')).toEqual([
        'https://js.stripe.com',
        'https://*.js.stripe.com',
        'https://hooks.stripe.com',
      ]);
      expect(csp.get('connect-src')).toEqual(["'self'", 'https://api.stripe.com']);
      for (const name of FIXED) expect(csp.get(name), name).toEqual(strict.get(name));
      // The pre-paint theme script keeps its hash.
      expect(csp.get('script-src')?.some((s) => s.startsWith("'sha256-"))).toBe(
        strict.get('script-src')?.some((s) => s.startsWith("'sha256-")),
      );
      expect(res.headers.get('permissions-policy')).toBe(
        'camera=(), microphone=(), geolocation=(), payment=(self "https://js.stripe.com")',
      );
    }
  });

  it('puts the configured Stripe.js and API origins in place of Stripe’s own', async () => {
    const res = await standIn.fetch('/checkout');
    const csp = policy(res.headers.get('content-security-policy'));
    expect(csp.get('script-src')?.filter((s) => !s.startsWith("'sha256-"))).toEqual([
      "'self'",
      'http://127.0.0.1:4302',
    ]);
    expect(csp.get('frame-src')).toEqual(['http://127.0.0.1:4302']);
    expect(csp.get('connect-src')).toEqual(["'self'", 'http://127.0.0.1:4301']);
    expect(res.headers.get('permissions-policy')).toContain('payment=(self "http://127.0.0.1:4302")');
    expect(res.headers.get('content-security-policy')).not.toContain('stripe.com');
  });

  it('tells the checkout where Stripe.js comes from', async () => {
    for (const [app, url] of [
      [stripe, null],
      [standIn, 'http://127.0.0.1:4302/v3/stripe.js'],
    ] as const) {
      const shopper = await newShopper(app);
      const res = await call(app, 'GET', '/api/v1/payments/config', shopper.token);
      expect(res.body.data).toEqual({
        gateway: 'stripe',
        publishableKey: STRIPE.STRIPE_PUBLISHABLE_KEY,
        stripeJsUrl: url,
        testMode: true,
        cash_on_delivery: { enabled: true, fee: '0.00', country: 'AE' },
      });
    }
  });
});

describe('Apple Pay’s domain-association file', () => {
  const PATH = '/.well-known/apple-developer-merchantid-domain-association';
  const CONTENT =
    '7B227073704964223A2239373943394538343346343131343044463144313834343232393232313734313034353044314339464446394437384337313531303944334643463542433731222C2276657273696F6E223A317D';
  let dir: string;
  let unset: TestApp;
  let fromFile: TestApp;
  let inline: TestApp;
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'boutique-apple-'));
    const file = join(dir, 'apple-developer-merchantid-domain-association');
    writeFileSync(file, CONTENT);
    [unset, fromFile, inline] = await Promise.all([
      startTestApp({ SEED_DEMO: 'false' }),
      startTestApp({ SEED_DEMO: 'false', ...STRIPE, APPLE_PAY_DOMAIN_ASSOCIATION: file }),
      startTestApp({ SEED_DEMO: 'false', APPLE_PAY_DOMAIN_ASSOCIATION: CONTENT }),
    ]);
  }, 300_000);
  afterAll(async () => {
    await Promise.all([unset?.close(), fromFile?.close(), inline?.close()]);
    rmSync(dir, { recursive: true, force: true });
  });

  it('is 404 until it is configured', async () => {
    const res = await unset.fetch(PATH);
    expect(res.status).toBe(404);
    expect(await res.text()).not.toContain(CONTENT);
  });

  it('serves the file named by its path, byte for byte, as plain text', async () => {
    const res = await fromFile.fetch(PATH);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/plain; charset=utf-8');
    expect(await res.text()).toBe(CONTENT);
  });

  it('serves the content itself when that is what is given', async () => {
    const res = await inline.fetch(PATH);
    expect(res.status).toBe(200);
    expect(await res.text()).toBe(CONTENT);
  });

  it('stops the start, naming the variable, when the file cannot be read', async () => {
    expect(() => loadConfig({ APPLE_PAY_DOMAIN_ASSOCIATION: join(dir, 'missing') })).toThrow(
      /^Invalid configuration: APPLE_PAY_DOMAIN_ASSOCIATION: .*missing could not be read/,
    );
  });
});

describe('a production start on https without PAYMENT_GATEWAY', () => {
  it('stops with one line naming PAYMENT_GATEWAY, before opening anything', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'boutique-prod-'));
    const server = fileURLToPath(new URL('../src/server.ts', import.meta.url));
    const env: Record<string, string> = {
      PATH: process.env.PATH ?? '',
      NODE_ENV: 'production',
      PUBLIC_URL: 'https://shop.example.ae',
      DATA_DIR: join(dataDir, 'data'),
      PORT: '4309',
    };
    const child = spawn(process.execPath, ['--conditions=source', '--import', 'tsx', server], {
      env,
      stdio: 'pipe',
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (c: Buffer) => (stdout += c.toString()));
    child.stderr.on('data', (c: Buffer) => (stderr += c.toString()));
    const code = await new Promise<number | null>((resolve) => child.on('exit', resolve));
    try {
      expect(code).toBe(1);
      expect(stdout).toBe('');
      expect(stderr).toBe(
        'Invalid configuration: PAYMENT_GATEWAY: must be set in production on https: stripe to take real payments, or sandbox to take only test cards\n',
      );
      // Nothing was opened or created.
      expect(() => rmSync(join(dataDir, 'data'))).toThrow(/ENOENT/);
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  }, 30_000);
});
