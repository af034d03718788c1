import { describe, expect, it } from 'vitest';
import { loadConfig } from './index.js';

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
      cashOnDelivery: { enabled: true, feeFils: 0 },
      paymentLinkHours: 72,
    });
  });

  it('reads cash on delivery and its fee, and refuses a fee that is not an amount', () => {
    expect(loadConfig({ COD_ENABLED: 'false', COD_FEE: '12.50' }).payments.cashOnDelivery).toEqual({
      enabled: false,
      feeFils: 1250,
    });
    expect(() => loadConfig({ COD_FEE: '12.345' })).toThrow(/COD_FEE/);
    expect(() => loadConfig({ COD_FEE: '-5' })).toThrow(/COD_FEE/);
    expect(() => loadConfig({ PAYMENT_LINK_HOURS: '0' })).toThrow(/PAYMENT_LINK_HOURS/);
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
