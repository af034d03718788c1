import { defineConfig } from '@playwright/test';
import { generateKeyPairSync } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import { join } from 'node:path';

const port = Number(process.env.E2E_PORT ?? 4173);
/**
 * The fake Google, Apple and Facebook (apps/api/test/support/run-fake-oauth.ts), on `localhost` while the shop is
 * on 127.0.0.1: another site, as a real provider is, so that Apple's form POST is cross-site and the browser's
 * SameSite rules apply to it as they do in the README's offline trial.
 */
const oauthPort = Number(process.env.E2E_OAUTH_PORT ?? port + 1);
const oauth = `http://localhost:${oauthPort}`;
const ci = Boolean(process.env.CI);
// A story's browser (its page, compositor and GPU processes) keeps about two cores busy: on the CI's two, a second
// worker made every story three to four times slower (the storefront's 82 stories: 16.9 min, a tenth of them over
// the 45 s limit) instead of halving the run. E2E_WORKERS overrides.
const workers = Number(process.env.E2E_WORKERS) || Math.max(1, Math.floor(availableParallelism() / 2));

// One data folder for the run: workers load this file too and inherit the variable, so the tests can read what
// the API wrote there (e-mails under mail/).
process.env.E2E_DATA_DIR ??= mkdtempSync(join(tmpdir(), 'boutique-e2e-'));
process.env.E2E_OAUTH_URL = oauth;
// One Apple developer key for the run, given to the fake and to the shop (workers inherit it and never use it).
process.env.E2E_APPLE_PRIVATE_KEY ??= generateKeyPairSync('ec', {
  namedCurve: 'P-256',
  privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
  publicKeyEncoding: { type: 'spki', format: 'pem' },
}).privateKey;
// The shop owners of this run (ADMIN_EMAILS): unique, so a reused server's earlier accounts do not get in the way.
process.env.E2E_RUN_ID ??= Date.now().toString(36);
export const ownerEmail = (lang: string) => `owner.${process.env.E2E_RUN_ID}.${lang}@example.ae`;

export default defineConfig({
  testDir: './tests',
  fullyParallel: true,
  workers,
  timeout: 45_000,
  expect: { timeout: 10_000 },
  reporter: ci ? [['list']] : [['list'], ['html', { open: 'never' }]],
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    locale: 'en-GB',
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      // Without the networking flags Chromium keeps calling home, which this closed network refuses.
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  // The back office adds pieces and ships orders in the run's one shop: its stories (and the colours' story, which
  // adds a caftan of its own) run once the storefront's, which count the demo catalogue's 24 caftans, are done.
  // Shipping rates change every shop total: those stories run last, one at a time (both make a UAE zone, and a
  // country is in one zone only), and each gives the shop back its free rate.
  projects: [
    {
      name: 'storefront',
      testIgnore:
        /(admin(-[a-z]+)?|after-sale|variants|cod-and-manual-orders|back-in-stock|shipping|uae-journey)\.spec\.ts$/,
    },
    {
      name: 'back-office',
      testMatch: /(admin(-[a-z]+)?|after-sale|variants|cod-and-manual-orders|back-in-stock)\.spec\.ts$/,
      dependencies: ['storefront'],
    },
    {
      name: 'shipping',
      testMatch: /(shipping|uae-journey)\.spec\.ts$/,
      dependencies: ['back-office'],
      workers: 1,
    },
  ],
  webServer: [
    {
      command: `npx tsx ../apps/api/test/support/run-fake-oauth.ts --port ${oauthPort} --host localhost`,
      url: `${oauth}/__control/health`,
      env: { FAKE_OAUTH_APPLE_PRIVATE_KEY: process.env.E2E_APPLE_PRIVATE_KEY },
      reuseExistingServer: !ci,
      timeout: 60_000,
    },
    // The built shop, as `npm start` serves it, on a fresh embedded database.
    {
      command: 'node ../apps/api/dist/server.js',
      url: `http://127.0.0.1:${port}/api/health`,
      reuseExistingServer: !ci,
      timeout: 180_000,
      env: {
        NODE_ENV: 'production',
        PORT: String(port),
        PUBLIC_URL: `http://127.0.0.1:${port}`,
        DATA_DIR: process.env.E2E_DATA_DIR,
        LOG_LEVEL: 'warn',
        // Every story signs up or in from the same address: the per-IP limits would refuse them.
        REGISTER_LIMIT_PER_IP: '10000',
        LOGIN_LIMIT_PER_IP: '10000',
        LOGIN_LIMIT_PER_EMAIL: '1000',
        FORGOT_LIMIT_PER_IP: '10000',
        FORGOT_LIMIT_PER_EMAIL: '100',
        RESET_LIMIT_PER_IP: '10000',
        // The shop owners the stories register (no story is retried: see decision 032).
        ADMIN_EMAILS: [
          'en',
          'ar',
          'admin-en',
          'admin-ar',
          'axe-en',
          'axe-fr',
          'axe-ar',
          'refund-en',
          'refund-ar',
          'exchange-en',
          'exchange-ar',
          'edits-en',
          'edits-ar',
          'leave-en',
          'leave-ar',
          'squat-en',
          'squat-ar',
          'variants-en',
          'back-in-stock-en',
          'back-in-stock-ar',
          'back-in-stock-fr',
          'variants-ar',
          'colour-link-en',
          'colour-link-ar',
          'colour-bar-en',
          'colour-bar-ar',
          'cod-en',
          'cod-ar',
          'import-en',
          'import-ar',
          'shipping-en',
          'shipping-ar',
          'discounts-en',
          'discounts-ar',
          'journey-en',
          'bulk-en',
          'bulk-ar',
          'desk-en',
          'desk-ar',
          'collections-en',
          'collections-ar',
          'synonyms',
          'staff-en',
          'staff-ar',
        ]
          .map(ownerEmail)
          .join(','),
        // The back office stories send contact messages for the owner to read.
        CONTACT_LIMIT_PER_IP: '1000',
        // Google, Apple and Facebook sign-in against the fake provider (its fixed test clients).
        GOOGLE_CLIENT_ID: 'fake-google-client.apps.example',
        GOOGLE_CLIENT_SECRET: 'fake-google-secret',
        GOOGLE_ISSUER: `${oauth}/google`,
        APPLE_CLIENT_ID: 'ae.darlalla.fake.signin',
        APPLE_TEAM_ID: 'FAKETEAM01',
        APPLE_KEY_ID: 'FAKEKEY001',
        APPLE_PRIVATE_KEY: process.env.E2E_APPLE_PRIVATE_KEY,
        APPLE_ISSUER: `${oauth}/apple`,
        FACEBOOK_CLIENT_ID: '100000000000001',
        FACEBOOK_CLIENT_SECRET: 'fake-facebook-secret',
        FACEBOOK_AUTH_URL: `${oauth}/facebook/dialog/oauth`,
        FACEBOOK_TOKEN_URL: `${oauth}/facebook/oauth/access_token`,
        FACEBOOK_GRAPH_URL: `${oauth}/facebook`,
      },
    },
  ],
});
