import { spawn, type ChildProcess } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { test, expect } from '../fixtures/shop';
import { registerCustomer, signInQuickly } from '../fixtures/accounts';
import { CheckoutPage, fillServerCart, piecesInStock } from '../fixtures/checkout';
import { startFakeStripe, type FakeStripe } from '../../apps/api/test/support/fake-stripe';
import { startFakeStripeJs, type FakeStripeJs } from '../../apps/api/test/support/fake-stripe-js';

/**
 * The shop on Stripe, as a shop owner going live runs it, with Stripe replaced by local stand-ins on origins of
 * their own: the fake Stripe API (what the server and the browser's Stripe.js call) and a Stripe.js stand-in
 * (STRIPE_JS_URL) whose card fields are frames. The page's CSP is the shop's real header: a payment goes
 * through without the browser reporting a single violation.
 */
const port = Number(process.env.E2E_STRIPE_PORT ?? 4175);
const apiPort = port + 1;
const jsPort = port + 2;
const shopUrl = `http://127.0.0.1:${port}`;

let fake: FakeStripe;
let stripeJs: FakeStripeJs;
let shop: ChildProcess | undefined;
let dataDir: string;
let shopLog = '';

test.describe.configure({ mode: 'serial' });
// Without animated scrolling: the page still scrolls smoothly to the payment step when a click is sent, and the
// click landed where the pay button had been (about one Arabic run in three on two busy cores: no submit reached
// the form). A visitor who asks for less motion sees the page this way too (global.css).
test.use({ baseURL: shopUrl, reducedMotion: 'reduce' });

test.beforeAll(async () => {
  test.setTimeout(600_000);
  const secretKey = 'sk_test_fake_e2e_0123456789';
  const publishableKey = 'pk_test_fake_e2e_0123456789';
  fake = await startFakeStripe(secretKey, publishableKey, apiPort);
  stripeJs = await startFakeStripeJs(fake.url, jsPort);
  dataDir = mkdtempSync(join(tmpdir(), 'boutique-e2e-stripe-'));
  // The demo pictures the run's main shop rendered: this shop finds them and renders none (a minute or more).
  const pictures = join(process.env.E2E_DATA_DIR ?? '', 'storage');
  if (process.env.E2E_DATA_DIR && existsSync(pictures))
    cpSync(pictures, join(dataDir, 'storage'), { recursive: true });
  shop = spawn(process.execPath, ['../apps/api/dist/server.js'], {
    env: {
      PATH: process.env.PATH,
      NODE_ENV: 'production',
      PORT: String(port),
      PUBLIC_URL: shopUrl,
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      REGISTER_LIMIT_PER_IP: '10000',
      LOGIN_LIMIT_PER_IP: '10000',
      LOGIN_LIMIT_PER_EMAIL: '1000',
      PAYMENT_GATEWAY: 'stripe',
      STRIPE_SECRET_KEY: secretKey,
      STRIPE_PUBLISHABLE_KEY: publishableKey,
      STRIPE_WEBHOOK_SECRET: 'whsec_e2e_0123456789',
      STRIPE_API_BASE: fake.url,
      STRIPE_JS_URL: stripeJs.scriptUrl,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  shop.stdout?.on('data', (chunk: Buffer) => (shopLog += chunk.toString()));
  shop.stderr?.on('data', (chunk: Buffer) => (shopLog += chunk.toString()));
  // The first start migrates and seeds its own embedded database.
  const until = Date.now() + 580_000;
  for (;;) {
    if (shop.exitCode !== null) throw new Error(`the Stripe shop stopped:\n${shopLog}`);
    const ready = await fetch(`${shopUrl}/api/health`).then(
      (res) => res.ok,
      () => false,
    );
    if (ready) break;
    if (Date.now() > until) throw new Error(`the Stripe shop did not start:\n${shopLog}`);
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
});

test.afterAll(async () => {
  if (shop && shop.exitCode === null) {
    const exited = new Promise((resolve) => shop?.once('exit', resolve));
    shop.kill('SIGTERM');
    await exited;
  }
  await stripeJs?.close();
  await fake?.close();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

/** Every CSP violation the page reports, from the document's event and from the console. */
async function recordViolations(page: Page) {
  const console: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy|Refused to/i.test(message.text())) console.push(message.text());
  });
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { __cspViolations: string[] }).__cspViolations = seen;
    document.addEventListener('securitypolicyviolation', (e) =>
      seen.push(`${e.violatedDirective} ${e.blockedURI}`),
    );
  });
  return async () => [
    ...console,
    ...(await page.evaluate(() => (window as unknown as { __cspViolations: string[] }).__cspViolations)),
  ];
}

/** The CSP of an answer, directive → sources. */
function policy(header: string | undefined) {
  expect(header).toBeTruthy();
  return new Map(
    header!.split(';').map((part) => {
      const [name = '', ...sources] = part.trim().split(/\s+/);
      return [name, sources] as const;
    }),
  );
}

test.describe('paying by card on Stripe, under the shop’s real CSP', () => {
  test('Stripe.js, its card frames and its API are admitted, and nothing is blocked', async ({
    page,
    request,
  }) => {
    const account = await registerCustomer(request);
    const pieces = await piecesInStock(request, 1);
    await fillServerCart(request, account, pieces);
    await signInQuickly(page, account);
    const violations = await recordViolations(page);

    const response = await page.goto('/checkout');
    const csp = policy(response?.headers()['content-security-policy']);
    expect(csp.get('script-src')?.filter((s) => !s.startsWith("'sha256-"))).toEqual([
      "'self'",
      stripeJs.origin,
    ]);
    expect(csp.get('frame-src')).toEqual([stripeJs.origin]);
    expect(csp.get('connect-src')).toEqual(["'self'", fake.url]);
    expect(response?.headers()['permissions-policy']).toContain(`payment=(self "${stripeJs.origin}")`);

    const checkout = new CheckoutPage(page);
    await checkout.fillAddress(account.email);
    await checkout.continueToPayment.click();
    // Stripe's fields: frames from the Stripe.js origin; no sandbox notice.
    await expect(page.getByRole('heading', { level: 2, name: 'Payment' })).toBeVisible();
    await expect(page.getByText('Test mode', { exact: true })).toHaveCount(0);
    const frame = (kind: string) =>
      page.frameLocator(`iframe[title="Secure ${kind} input frame"]`).getByRole('textbox');
    await frame('cardNumber').fill('4242 4242 4242 4242');
    await frame('cardExpiry').fill('12 / 34');
    await frame('cardCvc').fill('123');
    // No wallet in this browser: the Express Checkout Element stays hidden.
    await expect(page.getByTestId('express-checkout')).toBeHidden();
    await expect(checkout.payButton).toBeEnabled();
    await checkout.payButton.click();

    await expect(page).toHaveURL(/\/order-confirmation$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Thank you for your order' })).toBeVisible();
    // Paid at the fake Stripe from the page, by the stand-in's Stripe.js; the order was checked there too.
    const confirmed = fake.requests.filter((r) => r.method === 'POST' && r.path.endsWith('/confirm'));
    expect(confirmed).toHaveLength(1);
    expect(confirmed[0]?.body).toMatchObject({ key: 'pk_test_fake_e2e_0123456789' });
    expect(confirmed[0]?.body).not.toHaveProperty('client_secret', undefined);
    expect([...fake.intents.values()].filter((i) => i.status === 'succeeded')).toHaveLength(1);

    expect(await violations()).toEqual([]);
  });

  test('a refused card is said in Arabic, from Stripe’s code, and no order is made', async ({
    page,
    request,
    shop: storefront,
  }) => {
    const account = await registerCustomer(request);
    const pieces = await piecesInStock(request, 1);
    await fillServerCart(request, account, pieces);
    await signInQuickly(page, account);
    const violations = await recordViolations(page);

    await storefront.open('/checkout', { lang: 'ar' });
    const checkout = new CheckoutPage(page, 'ar');
    await checkout.fillAddress(account.email);
    await checkout.continueToPayment.click();
    const frame = (kind: string) =>
      page.frameLocator(`iframe[title="Secure ${kind} input frame"]`).getByRole('textbox');
    await frame('cardNumber').fill('4000 0000 0000 9995');
    await frame('cardExpiry').fill('12 / 34');
    await frame('cardCvc').fill('123');
    await checkout.payButton.click();

    await expect(page.getByTestId('payment-error')).toHaveText('رصيد بطاقتك غير كافٍ.');
    await expect(page).toHaveURL(/\/checkout$/);
    await expect(checkout.payButton).toBeEnabled();
    expect(await violations()).toEqual([]);
  });
});
