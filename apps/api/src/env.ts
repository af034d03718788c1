import { createPrivateKey, randomBytes } from 'node:crypto';
import { chmodSync, linkSync, mkdirSync, readFileSync, statSync, unlinkSync, writeFileSync } from 'node:fs';
import { isIP } from 'node:net';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import ipaddr from 'ipaddr.js';
import type { ShopDetails } from '@boutique/contracts';
import { DEFAULT_SHOP_TIMEZONE, isTimeZone } from '@boutique/contracts/constants';
import type { S3Settings } from './storage/s3.js';

/**
 * The one place that reads process.env. Every value has a working default for the demo, and a bad one stops
 * the start with a line that names the variable.
 */
const optionalString = z
  .string()
  .trim()
  .transform((v) => (v === '' ? undefined : v))
  .optional();

const httpUrl = z.url({ protocol: /^https?$/ }).transform((v) => v.replace(/\/+$/, ''));

/**
 * Apple's .p8 key: a PKCS#8 PEM of a P-256 key. One-line forms (`\n` escapes, as many secret stores and .env
 * files hold it) are accepted; anything that is not such a key stops the start here rather than at sign-in.
 */
const applePrivateKey = optionalString.pipe(
  z
    .string()
    .transform((value, ctx) => {
      const pem = value.replaceAll('\\n', '\n').trim();
      try {
        const key = createPrivateKey({ key: pem, format: 'pem' });
        if (key.asymmetricKeyType === 'ec' && key.asymmetricKeyDetails?.namedCurve === 'prime256v1')
          return pem;
      } catch {
        // Reported below, without echoing any part of the key.
      }
      ctx.addIssue({
        code: 'custom',
        message: 'must be the PEM of a P-256 private key (the .p8 file from Apple)',
      });
      return z.NEVER;
    })
    .optional(),
);

/** proxy-addr's names for whole ranges, which Fastify accepts in a list of proxies. */
const PROXY_RANGE_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);

/**
 * Which family every client of would be trusted by these proxy ranges together (`0.0.0.0/0`, or
 * `0.0.0.0/1,128.0.0.0/1`, or `::ffff:0:0/96`, which covers every IPv4 client as proxy-addr reads it), if any.
 */
function trustsEveryClient(entries: string[]): 'IPv4' | 'IPv6' | undefined {
  const ranges: Record<'ipv4' | 'ipv6', [bigint, bigint][]> = { ipv4: [], ipv6: [] };
  const MAPPED = 0xffff00000000n;
  for (const entry of entries) {
    if (PROXY_RANGE_NAMES.has(entry)) continue;
    const [address, bits] = entry.includes('/')
      ? ipaddr.parseCIDR(entry)
      : [ipaddr.parse(entry), ipaddr.parse(entry).kind() === 'ipv4' ? 32 : 128];
    const width = address.kind() === 'ipv4' ? 32 : 128;
    const value = address.toByteArray().reduce((n, byte) => (n << 8n) | BigInt(byte), 0n);
    const size = 1n << BigInt(width - bits);
    const start = value - (value % size);
    const end = start + size - 1n;
    ranges[address.kind()].push([start, end]);
    if (address.kind() === 'ipv6') {
      const from = start > MAPPED ? start : MAPPED;
      const to = end < MAPPED + 0xffffffffn ? end : MAPPED + 0xffffffffn;
      if (from <= to) ranges.ipv4.push([from - MAPPED, to - MAPPED]);
    }
  }
  const coversAll = (list: [bigint, bigint][], last: bigint) => {
    let next = 0n;
    for (const [start, end] of list.sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0))) {
      if (start > next) return false;
      if (end + 1n > next) next = end + 1n;
      if (next > last) return true;
    }
    return false;
  };
  if (coversAll(ranges.ipv4, 0xffffffffn)) return 'IPv4';
  if (coversAll(ranges.ipv6, (1n << 128n) - 1n)) return 'IPv6';
  return undefined;
}

/** An address (`10.0.0.5`, `::1`) or a range (`10.0.0.0/8`, `fd00::/8`), or one of PROXY_RANGE_NAMES. */
function isProxyAddress(entry: string): boolean {
  if (PROXY_RANGE_NAMES.has(entry)) return true;
  const [address = '', bits, ...rest] = entry.split('/');
  const version = isIP(address);
  if (version === 0 || rest.length > 0) return false;
  if (bits === undefined) return true;
  const n = Number(bits);
  return /^\d{1,3}$/.test(bits) && n <= (version === 4 ? 32 : 128);
}

/**
 * Which proxies in front of the shop are trusted to say who the client is (X-Forwarded-For): none (`false`),
 * the nearest N (a hop count), or those at the listed addresses and ranges. `true` (every one, so the leftmost
 * address, which the client itself can write) is refused.
 */
const trustProxy = z
  .string()
  .trim()
  .default('false')
  .transform((value, ctx): false | number | string[] => {
    if (value === '' || value === 'false' || value === '0') return false;
    if (/^\d{1,2}$/.test(value)) return Number(value);
    const entries = value.split(',').map((e) => e.trim());
    if (value !== 'true' && entries.every(isProxyAddress)) {
      const everyone = trustsEveryClient(entries);
      if (!everyone) return entries;
      ctx.addIssue({
        code: 'custom',
        message: `these ranges together trust every ${everyone} client, so any client could name its own address: list only your proxies' addresses and ranges, or a hop count`,
      });
      return z.NEVER;
    }
    ctx.addIssue({
      code: 'custom',
      message:
        'name the proxies: a hop count (1 behind one load balancer) or their addresses and ranges (10.0.0.0/8,::1); "true" would trust any client',
    });
    return z.NEVER;
  });

const emailList = z
  .string()
  .default('')
  .transform((value, ctx) => {
    const emails = value
      .split(',')
      .map((e) => e.trim().toLowerCase())
      .filter(Boolean);
    for (const email of emails) {
      if (!z.email().safeParse(email).success) {
        ctx.addIssue({ code: 'custom', message: `${email} is not an e-mail address` });
        return z.NEVER;
      }
    }
    return emails;
  });

const flag = (fallback: 'true' | 'false') =>
  z
    .enum(['true', 'false', '1', '0'])
    .default(fallback)
    .transform((v) => v === 'true' || v === '1');

const EnvSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default('127.0.0.1'),
  /** Defaults to http://localhost:{PORT}. */
  PUBLIC_URL: optionalString.pipe(z.url({ protocol: /^https?$/ }).optional()),
  DATA_DIR: z.string().min(1).default('./data'),
  /** The built storefront; defaults to apps/web/dist of this repository. */
  WEB_DIST_DIR: z.string().min(1).optional(),
  DATABASE_URL: optionalString.pipe(z.url({ protocol: /^postgres(ql)?$/ }).optional()),
  REDIS_URL: optionalString.pipe(z.url({ protocol: /^rediss?$/ }).optional()),
  /** Put before every key the shop writes in Redis, so that several shops (or test runs) can share one. */
  REDIS_PREFIX: z
    .string()
    .regex(/^[\w:.-]{1,64}$/, 'letters, digits and _ : . - only, at most 64')
    .default('boutique:'),
  /**
   * How long a Redis command may take before this instance counts Redis as down and goes on without it (rate
   * limits and ended sign-ins kept in the instance) until it answers again.
   */
  REDIS_TIMEOUT_MS: z.coerce.number().int().min(50).max(5000).default(500),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  TRUST_PROXY: trustProxy,
  /** Accounts that become admins at sign-in once their address is verified (decision 013). */
  ADMIN_EMAILS: emailList,
  /** The interactive API documentation at /api/docs; unset: on, except in production. */
  API_DOCS: z.enum(['true', 'false', '1', '0']).optional(),
  SHOP_NAME: z.string().min(1).default('Dar Lalla'),
  SHOP_WHATSAPP_NUMBER: z
    .string()
    .regex(/^\d{8,15}$/, 'digits only, with the country code, e.g. 971501234567')
    .default('971501234567'),
  SHOP_PHONE: z.string().min(3).default('+971 50 123 4567'),
  SHOP_EMAIL: z.email().default('hello@darlalla.ae'),
  /** The seller's postal address, on the legal pages and invoices (`|` or `\n` between lines on invoices). */
  SHOP_ADDRESS: z
    .string()
    .trim()
    .min(5)
    .max(300)
    .default('Alserkal Avenue, Al Quoz 1, Dubai, United Arab Emirates'),
  /** The UAE VAT registration number (15 digits): set, every order gets a numbered tax invoice; on the legal pages. */
  SHOP_TRN: optionalString.pipe(
    z
      .string()
      .regex(/^\d{15}$/, 'the 15 digits of the UAE tax registration number')
      .optional(),
  ),
  SHOP_INSTAGRAM_URL: z.url().default('https://www.instagram.com/'),
  SHOP_FACEBOOK_URL: z.url().default('https://www.facebook.com/'),
  SHOP_TIKTOK_URL: z.url().default('https://www.tiktok.com/'),
  CATALOG_CACHE_TTL_S: z.coerce.number().int().min(0).max(86_400).default(300),
  SEED_DEMO: flag('true'),
  /** Signs access tokens. Unset: generated once and kept in `{DATA_DIR}/jwt-secret` (see ensureJwtSecret). */
  JWT_SECRET: optionalString.pipe(z.string().min(32, 'must be at least 32 characters').optional()),
  /** Sign-in attempts per IP and e-mail in 15 minutes. */
  LOGIN_LIMIT_PER_EMAIL: z.coerce.number().int().min(1).max(100_000).default(10),
  /** Sign-in attempts per IP in 15 minutes, whatever the e-mail. */
  LOGIN_LIMIT_PER_IP: z.coerce.number().int().min(1).max(100_000).default(100),
  /** `smtp://user:pass@host:587` or `smtps://...`; unset: e-mails are written as .eml files to {DATA_DIR}/mail. */
  SMTP_URL: optionalString.pipe(z.url({ protocol: /^smtps?$/ }).optional()),
  /** Sender of the shop's e-mails; defaults to "{SHOP_NAME} <{SHOP_EMAIL}>". */
  MAIL_FROM: optionalString,
  /** Accounts created per IP in an hour. */
  REGISTER_LIMIT_PER_IP: z.coerce.number().int().min(1).max(100_000).default(5),
  /** Password-reset e-mails asked for one address in an hour, from anywhere: the inbox is not to be flooded. */
  FORGOT_LIMIT_PER_EMAIL: z.coerce.number().int().min(1).max(100_000).default(3),
  /** Password-reset e-mails asked for from one IP in an hour, whatever the address. */
  FORGOT_LIMIT_PER_IP: z.coerce.number().int().min(1).max(100_000).default(20),
  /** Attempts to use a password-reset link from one IP in an hour. */
  RESET_LIMIT_PER_IP: z.coerce.number().int().min(1).max(100_000).default(20),
  /** Contact-form messages from one IP in an hour. */
  CONTACT_LIMIT_PER_IP: z.coerce.number().int().min(1).max(100_000).default(5),
  /**
   * Storefront pages with filter values not rendered yet (`?color=…`) one client may have rendered in a minute;
   * beyond, the page is served without its filters and the browser applies them.
   */
  RENDER_LIMIT_PER_IP: z.coerce.number().int().min(1).max(100_000).default(30),
  /** New profile pictures one account may send in an hour (each is decoded and re-encoded). */
  AVATAR_LIMIT_PER_USER: z.coerce.number().int().min(1).max(100_000).default(10),
  /**
   * Failed sign-ins of one account (from any IP) in 15 minutes before each further attempt on it is slowed
   * down (1 s, doubling, at most 10 s).
   */
  LOGIN_SLOWDOWN_AFTER: z.coerce.number().int().min(1).max(100_000).default(5),
  // Social sign-in: a provider is offered only when every one of its credentials is set.
  GOOGLE_CLIENT_ID: optionalString,
  GOOGLE_CLIENT_SECRET: optionalString,
  /** OpenID Connect issuer; its /.well-known/openid-configuration names the endpoints. */
  GOOGLE_ISSUER: httpUrl.default('https://accounts.google.com'),
  /** The Services ID of "Sign in with Apple" for the web. */
  APPLE_CLIENT_ID: optionalString,
  APPLE_TEAM_ID: optionalString,
  APPLE_KEY_ID: optionalString,
  APPLE_PRIVATE_KEY: applePrivateKey,
  APPLE_ISSUER: httpUrl.default('https://appleid.apple.com'),
  FACEBOOK_CLIENT_ID: optionalString,
  FACEBOOK_CLIENT_SECRET: optionalString,
  FACEBOOK_AUTH_URL: httpUrl.default('https://www.facebook.com/v23.0/dialog/oauth'),
  FACEBOOK_TOKEN_URL: httpUrl.default('https://graph.facebook.com/v23.0/oauth/access_token'),
  FACEBOOK_GRAPH_URL: httpUrl.default('https://graph.facebook.com/v23.0'),
  /**
   * sandbox: payments simulated offline with Stripe's test cards; stripe: real PaymentIntents. Unset: the sandbox,
   * except in production on https, where it must be chosen (see ProductionEnvSchema).
   */
  PAYMENT_GATEWAY: optionalString.pipe(z.enum(['sandbox', 'stripe']).optional()),
  STRIPE_SECRET_KEY: optionalString.pipe(
    z
      .string()
      .regex(/^(sk|rk)_(test|live)_[A-Za-z0-9_]+$/, 'must be a Stripe secret key (sk_test_..., sk_live_...)')
      .optional(),
  ),
  STRIPE_PUBLISHABLE_KEY: optionalString.pipe(
    z
      .string()
      .regex(/^pk_(test|live)_[A-Za-z0-9_]+$/, 'must be a Stripe publishable key (pk_test_..., pk_live_...)')
      .optional(),
  ),
  STRIPE_WEBHOOK_SECRET: optionalString.pipe(
    z
      .string()
      .regex(/^whsec_[A-Za-z0-9_+/=]+$/, 'must be a webhook signing secret (whsec_...)')
      .optional(),
  ),
  /** Where the Stripe SDK sends its calls instead of https://api.stripe.com (a local fake in tests). */
  STRIPE_API_BASE: optionalString.pipe(z.url({ protocol: /^https?$/ }).optional()),
  /**
   * Where the storefront loads Stripe.js from instead of https://js.stripe.com (a local stand-in in tests): the
   * page's CSP admits this origin instead of Stripe's.
   */
  STRIPE_JS_URL: optionalString.pipe(z.url({ protocol: /^https?$/ }).optional()),
  /**
   * Apple Pay's domain-association file, served at /.well-known/apple-developer-merchantid-domain-association:
   * a path to the file Stripe's dashboard (or Apple) gives, or its content. Unset: that address answers 404.
   */
  APPLE_PAY_DOMAIN_ASSOCIATION: optionalString,
  /**
   * A paid payment whose order call has not arrived after this long becomes an order by reconciliation; the
   * shopper's own call, seconds after paying, normally wins.
   */
  RECONCILE_AFTER_S: z.coerce.number().int().min(0).max(86_400).default(60),
  /** How often the sweep looks for paid payments without an order; 0: only once at start. */
  RECONCILE_INTERVAL_S: z.coerce.number().int().min(0).max(86_400).default(60),
  /** Pictures in S3-compatible object storage instead of DATA_DIR/storage (several instances share it). */
  S3_BUCKET: optionalString.pipe(
    z
      .string()
      .regex(
        /^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/,
        'must be a bucket name: 3 to 63 lower-case letters, digits, dots and hyphens',
      )
      .optional(),
  ),
  /** An S3-compatible server (MinIO, SeaweedFS, Garage, R2...); unset: AWS itself. */
  S3_ENDPOINT: optionalString.pipe(httpUrl.optional()),
  S3_REGION: optionalString.pipe(
    z
      .string()
      .regex(/^[a-z0-9-]{2,32}$/, 'must be a region name such as eu-west-1')
      .optional(),
  ),
  /** Both or neither; neither: the SDK's own chain (environment, instance role...). */
  S3_ACCESS_KEY_ID: optionalString,
  S3_SECRET_ACCESS_KEY: optionalString,
  /** Where browsers load the pictures from (a public bucket, a CDN); unset: through the API at /storage. */
  S3_PUBLIC_URL: optionalString.pipe(httpUrl.optional()),
  /** bucket in the path rather than the host name; defaults to true with S3_ENDPOINT, false on AWS. */
  S3_FORCE_PATH_STYLE: optionalString.pipe(z.enum(['true', 'false', '1', '0']).optional()),
  /** Bearer token that /metrics asks for; unset: /metrics is off. */
  METRICS_TOKEN: optionalString.pipe(
    z
      .string()
      .regex(/^[\x21-\x7e]{24,256}$/, 'must be 24 to 256 printable characters without spaces')
      .optional(),
  ),
  /** How long creating or updating a payment holds the cart's pieces for the shopper. */
  STOCK_HOLD_MINUTES: z.coerce.number().int().min(1).max(1440).default(15),
  /**
   * The longest one shopper may keep pieces held, from their first hold: renewing a payment does not go past it
   * (then one hold's time before they may hold anew, unless an order took the pieces). Default: two holds' time.
   */
  STOCK_HOLD_MAX_MINUTES: optionalString.pipe(
    z.coerce.number<string | undefined>().int().min(1).max(2880).optional(),
  ),
  /** The most pieces one account may hold at once (a boutique's real basket is a few pieces). */
  STOCK_HOLD_MAX_PIECES: z.coerce.number().int().min(1).max(1000).default(10),
  /** The most pieces the accounts of one network (an IPv4 address, an IPv6 /64) may hold at once. */
  STOCK_HOLD_MAX_PIECES_PER_IP: z.coerce.number().int().min(1).max(10_000).default(30),
  /** Days after delivery within which a shopper may ask to return or exchange a piece (the shop's policy). */
  RETURN_DAYS: z.coerce.number().int().min(0).max(365).default(14),
  /**
   * The shop's time zone (IANA name): every day boundary (dashboard days, order date filters, "new" badges) and
   * every date shown (invoices, e-mails) is in it, whoever looks; the database keeps UTC.
   */
  SHOP_TIMEZONE: z
    .string()
    .trim()
    .default(DEFAULT_SHOP_TIMEZONE)
    .refine(isTimeZone, 'must be an IANA time zone name, such as Asia/Dubai or Europe/Paris'),
  /** The language of the owner's alerts and of the contact form's copy to the shop. */
  SHOP_LANGUAGE: z.enum(['en', 'fr', 'ar']).default('en'),
  /** Whether this instance delivers the e-mail outbox (every instance may; at least one must). */
  OUTBOX_WORKER: z.enum(['true', 'false', '1', '0']).default('true'),
  /** How often the outbox worker looks for due messages besides being woken by new ones (seconds). */
  OUTBOX_POLL_S: z.coerce.number().min(0.05).max(3600).default(5),
  /** First retry delay of a message that failed, doubled at each further failure (seconds). */
  OUTBOX_RETRY_BASE_S: z.coerce.number().min(0.01).max(86_400).default(30),
  /** Longest delay between two tries of one message (seconds). */
  OUTBOX_RETRY_MAX_S: z.coerce.number().min(0.01).max(86_400).default(3600),
  /** Tries before a message is kept as failed (logged, listed for the back office). */
  OUTBOX_MAX_ATTEMPTS: z.coerce.number().int().min(1).max(100).default(10),
  /** How long a worker owns a message it is sending; a worker that died leaves it to others after this. */
  OUTBOX_LEASE_S: z.coerce.number().min(0.5).max(3600).default(60),
});

/** Stripe needs its three keys, of one mode (test or live). */
const PaymentEnvSchema = EnvSchema.superRefine((e, ctx) => {
  if (e.PAYMENT_GATEWAY !== 'stripe') return;
  for (const name of ['STRIPE_SECRET_KEY', 'STRIPE_PUBLISHABLE_KEY', 'STRIPE_WEBHOOK_SECRET'] as const) {
    if (!e[name]) {
      ctx.addIssue({ code: 'custom', path: [name], message: 'required when PAYMENT_GATEWAY is stripe' });
      return;
    }
  }
  const mode = (key: string | undefined) => (key?.includes('_live_') ? 'live' : 'test');
  if (mode(e.STRIPE_SECRET_KEY) !== mode(e.STRIPE_PUBLISHABLE_KEY)) {
    ctx.addIssue({
      code: 'custom',
      path: ['STRIPE_PUBLISHABLE_KEY'],
      message: `is a ${mode(e.STRIPE_PUBLISHABLE_KEY)} key but STRIPE_SECRET_KEY is a ${mode(e.STRIPE_SECRET_KEY)} key`,
    });
  }
});

/**
 * A shop on https in production takes real orders: the offline sandbox would accept test cards and ship for
 * free, so the gateway must be chosen, not defaulted to.
 */
const ProductionEnvSchema = PaymentEnvSchema.superRefine((e, ctx) => {
  if (e.NODE_ENV === 'production' && e.PUBLIC_URL?.startsWith('https://') && !e.PAYMENT_GATEWAY) {
    ctx.addIssue({
      code: 'custom',
      path: ['PAYMENT_GATEWAY'],
      message:
        'must be set in production on https: stripe to take real payments, or sandbox to take only test cards',
    });
  }
});

/** The S3 variables go together: any of them without S3_BUCKET is a mistake, as is half a key pair. */
const CheckedEnvSchema = ProductionEnvSchema.superRefine((e, ctx) => {
  if (e.STOCK_HOLD_MAX_MINUTES !== undefined && e.STOCK_HOLD_MAX_MINUTES < e.STOCK_HOLD_MINUTES) {
    ctx.addIssue({
      code: 'custom',
      path: ['STOCK_HOLD_MAX_MINUTES'],
      message: `must be at least STOCK_HOLD_MINUTES (${e.STOCK_HOLD_MINUTES})`,
    });
  }
  if (e.STOCK_HOLD_MAX_PIECES_PER_IP < e.STOCK_HOLD_MAX_PIECES) {
    ctx.addIssue({
      code: 'custom',
      path: ['STOCK_HOLD_MAX_PIECES_PER_IP'],
      message: `must be at least STOCK_HOLD_MAX_PIECES (${e.STOCK_HOLD_MAX_PIECES})`,
    });
  }
  const s3 = [
    'S3_ENDPOINT',
    'S3_REGION',
    'S3_ACCESS_KEY_ID',
    'S3_SECRET_ACCESS_KEY',
    'S3_PUBLIC_URL',
  ] as const;
  const stray = s3.find((name) => e[name] !== undefined);
  if (!e.S3_BUCKET && stray) {
    ctx.addIssue({ code: 'custom', path: ['S3_BUCKET'], message: `required when ${stray} is set` });
    return;
  }
  if ((e.S3_ACCESS_KEY_ID === undefined) !== (e.S3_SECRET_ACCESS_KEY === undefined)) {
    const missing = e.S3_ACCESS_KEY_ID === undefined ? 'S3_ACCESS_KEY_ID' : 'S3_SECRET_ACCESS_KEY';
    const given = missing === 'S3_ACCESS_KEY_ID' ? 'S3_SECRET_ACCESS_KEY' : 'S3_ACCESS_KEY_ID';
    ctx.addIssue({ code: 'custom', path: [missing], message: `required when ${given} is set` });
  }
});

type Env = z.infer<typeof EnvSchema>;

export interface RateLimitRule {
  max: number;
  windowS: number;
}

export interface Config {
  env: 'development' | 'production' | 'test';
  port: number;
  host: string;
  publicUrl: string;
  dataDir: string;
  storage: StorageConfig;
  /** The bearer token of /metrics; undefined: /metrics is off. */
  metricsToken: string | undefined;
  webDistDir: string;
  databaseUrl: string | undefined;
  redisUrl: string | undefined;
  redisPrefix: string;
  /** REDIS_TIMEOUT_MS. */
  redisTimeoutMs: number;
  /** RENDER_LIMIT_PER_IP: new filtered storefront pages rendered for one client in a minute. */
  renderLimitPerIp: number;
  logLevel: string;
  /** Fastify's `trustProxy`: false, a hop count, or the proxies' addresses and ranges. */
  trustProxy: false | number | string[];
  /** Serve the OpenAPI document and its browser at /api/docs. */
  apiDocs: boolean;
  catalogCacheTtlMs: number;
  seedDemo: boolean;
  mail: {
    smtpUrl: string | undefined;
    from: string;
    /** Where .eml files go when no SMTP server is configured. */
    dir: string;
  };
  auth: {
    /** Undefined when JWT_SECRET is unset: ensureJwtSecret() then supplies the one kept under the data dir. */
    jwtSecret: string | undefined;
    accessTokenTtlS: number;
    refreshTokenTtlS: number;
    rateLimits: {
      loginPerEmail: RateLimitRule;
      loginPerIp: RateLimitRule;
      registerPerIp: RateLimitRule;
      forgotPerEmail: RateLimitRule;
      forgotPerIp: RateLimitRule;
      resetPerIp: RateLimitRule;
      contactPerIp: RateLimitRule;
      avatarPerUser: RateLimitRule;
      /** Codes of the second factor tried per account. */
      secondFactorPerUser: RateLimitRule;
      /** Confirmation links asked for per account. */
      verificationPerUser: RateLimitRule;
    };
    /** Failed sign-ins of one account in the login window before each attempt is slowed down. */
    loginSlowdownAfter: number;
    /** Lifetime of an e-mail confirmation link. */
    emailVerificationTtlS: number;
    /** How recent a sign-in must be to set a first password. */
    freshSignInS: number;
    /** Addresses that become admins once verified. */
    adminEmails: string[];
    /** Lifetime of a password-reset link. */
    passwordResetTtlS: number;
  };
  shop: ShopDetails;
  social: SocialConfig;
  payments: PaymentsConfig;
  /** Tax invoices: numbered with the TRN when it is set, a plain receipt without. */
  invoice: { trn: string | undefined; address: string[] };
  /** The owner's language: alerts and the contact copy are written in it. */
  shopLanguage: 'en' | 'fr' | 'ar';
  outbox: {
    worker: boolean;
    pollMs: number;
    retryBaseMs: number;
    retryMaxMs: number;
    maxAttempts: number;
    leaseMs: number;
  };
  stock: {
    /** How long a payment holds its pieces before an unpaid one gives them back. */
    holdMinutes: number;
    /** How often expired holds are looked for (a quarter of the hold, at most a minute). */
    sweepIntervalS: number;
    /** The longest a shopper keeps pieces held from their first hold, renewals included. */
    maxHoldMinutes: number;
    /** The most pieces one account, and the accounts of one network, may hold at once. */
    maxPiecesPerAccount: number;
    maxPiecesPerNetwork: number;
  };
  /** Returns and exchanges: asked within `days` of delivery (RETURN_DAYS). */
  returns: { days: number };
}

export interface StorageConfig {
  /** DATA_DIR/storage: where pictures live without S3, and where an embedded shop's pictures are. */
  dir: string;
  /** Set when S3_BUCKET is. */
  s3: S3Settings | undefined;
}

export interface GoogleConfig {
  clientId: string;
  clientSecret: string;
  issuer: string;
}

export interface AppleConfig {
  /** The Services ID. */
  clientId: string;
  teamId: string;
  keyId: string;
  /** PKCS#8 PEM of the P-256 key that signs the client-secret JWT. */
  privateKey: string;
  issuer: string;
}

export interface FacebookConfig {
  clientId: string;
  clientSecret: string;
  authUrl: string;
  tokenUrl: string;
  graphUrl: string;
}

/** The providers whose credentials are all set; the others are absent. */
export interface SocialConfig {
  google?: GoogleConfig;
  apple?: AppleConfig;
  facebook?: FacebookConfig;
  /** Credentials of providers that are set only in part (worth a warning: the provider stays off). */
  incomplete: string[];
}

/**
 * A provider's credentials, keyed by variable name, when all are set; undefined when none or only some are
 * (the missing ones of a half-configured provider go to `incomplete`).
 */
function allOrNone<T extends Record<string, string | undefined>>(
  values: T,
  incomplete: string[],
): { [K in keyof T]: string } | undefined {
  const missing = Object.keys(values).filter((name) => values[name] === undefined);
  if (missing.length === 0) return values as { [K in keyof T]: string };
  if (missing.length < Object.keys(values).length) incomplete.push(...missing);
  return undefined;
}

function socialConfig(e: Env): SocialConfig {
  const incomplete: string[] = [];
  const google = allOrNone(
    { GOOGLE_CLIENT_ID: e.GOOGLE_CLIENT_ID, GOOGLE_CLIENT_SECRET: e.GOOGLE_CLIENT_SECRET },
    incomplete,
  );
  const apple = allOrNone(
    {
      APPLE_CLIENT_ID: e.APPLE_CLIENT_ID,
      APPLE_TEAM_ID: e.APPLE_TEAM_ID,
      APPLE_KEY_ID: e.APPLE_KEY_ID,
      APPLE_PRIVATE_KEY: e.APPLE_PRIVATE_KEY,
    },
    incomplete,
  );
  const facebook = allOrNone(
    { FACEBOOK_CLIENT_ID: e.FACEBOOK_CLIENT_ID, FACEBOOK_CLIENT_SECRET: e.FACEBOOK_CLIENT_SECRET },
    incomplete,
  );
  return {
    ...(google && {
      google: {
        clientId: google.GOOGLE_CLIENT_ID,
        clientSecret: google.GOOGLE_CLIENT_SECRET,
        issuer: e.GOOGLE_ISSUER,
      },
    }),
    ...(apple && {
      apple: {
        clientId: apple.APPLE_CLIENT_ID,
        teamId: apple.APPLE_TEAM_ID,
        keyId: apple.APPLE_KEY_ID,
        privateKey: apple.APPLE_PRIVATE_KEY,
        issuer: e.APPLE_ISSUER,
      },
    }),
    ...(facebook && {
      facebook: {
        clientId: facebook.FACEBOOK_CLIENT_ID,
        clientSecret: facebook.FACEBOOK_CLIENT_SECRET,
        authUrl: e.FACEBOOK_AUTH_URL,
        tokenUrl: e.FACEBOOK_TOKEN_URL,
        graphUrl: e.FACEBOOK_GRAPH_URL,
      },
    }),
    incomplete,
  };
}

export interface StripeSettings {
  secretKey: string;
  publishableKey: string;
  webhookSecret: string;
  /** Live keys move real money; test keys only Stripe's test cards. */
  testMode: boolean;
  /** Set when STRIPE_API_BASE points the SDK elsewhere than api.stripe.com. */
  api: { host: string; port: number; protocol: 'http' | 'https' } | undefined;
  /** Origin the browser's Stripe.js calls (api.stripe.com, or STRIPE_API_BASE's). */
  apiOrigin: string;
  /** STRIPE_JS_URL; undefined: the storefront loads Stripe.js from js.stripe.com as @stripe/stripe-js does. */
  jsUrl: string | undefined;
}

export interface PaymentsConfig {
  gateway: 'sandbox' | 'stripe';
  /** Set when the gateway is stripe. */
  stripe: StripeSettings | undefined;
  reconcileAfterS: number;
  reconcileIntervalS: number;
  /** Content of Apple Pay's domain-association file; undefined: not served. */
  applePayDomainAssociation: string | undefined;
}

export class ConfigError extends Error {
  override name = 'ConfigError';
}

export function loadConfig(source: Record<string, string | undefined> = process.env): Config {
  const parsed = CheckedEnvSchema.safeParse(source);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const variable = issue?.path.join('.') ?? 'environment';
    throw new ConfigError(`Invalid configuration: ${variable}: ${issue?.message ?? 'invalid value'}`);
  }
  const e = parsed.data;
  const dataDir = resolve(e.DATA_DIR);
  return {
    env: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, ''),
    dataDir,
    storage: {
      dir: resolve(dataDir, 'storage'),
      s3: e.S3_BUCKET
        ? {
            bucket: e.S3_BUCKET,
            endpoint: e.S3_ENDPOINT,
            region: e.S3_REGION ?? 'us-east-1',
            credentials:
              e.S3_ACCESS_KEY_ID && e.S3_SECRET_ACCESS_KEY
                ? { accessKeyId: e.S3_ACCESS_KEY_ID, secretAccessKey: e.S3_SECRET_ACCESS_KEY }
                : undefined,
            forcePathStyle:
              e.S3_FORCE_PATH_STYLE === undefined
                ? e.S3_ENDPOINT !== undefined
                : e.S3_FORCE_PATH_STYLE === 'true' || e.S3_FORCE_PATH_STYLE === '1',
            publicUrl: e.S3_PUBLIC_URL,
          }
        : undefined,
    },
    metricsToken: e.METRICS_TOKEN,
    webDistDir: e.WEB_DIST_DIR
      ? resolve(e.WEB_DIST_DIR)
      : fileURLToPath(new URL('../../web/dist', import.meta.url)),
    databaseUrl: e.DATABASE_URL,
    redisUrl: e.REDIS_URL,
    redisPrefix: e.REDIS_PREFIX,
    redisTimeoutMs: e.REDIS_TIMEOUT_MS,
    renderLimitPerIp: e.RENDER_LIMIT_PER_IP,
    logLevel: e.LOG_LEVEL,
    trustProxy: e.TRUST_PROXY,
    apiDocs:
      e.API_DOCS === undefined ? e.NODE_ENV !== 'production' : e.API_DOCS === 'true' || e.API_DOCS === '1',
    catalogCacheTtlMs: e.CATALOG_CACHE_TTL_S * 1000,
    seedDemo: e.SEED_DEMO,
    mail: {
      smtpUrl: e.SMTP_URL,
      from: e.MAIL_FROM ?? `"${e.SHOP_NAME}" <${e.SHOP_EMAIL}>`,
      dir: resolve(dataDir, 'mail'),
    },
    auth: {
      jwtSecret: e.JWT_SECRET,
      accessTokenTtlS: 15 * 60,
      refreshTokenTtlS: 30 * 24 * 60 * 60,
      rateLimits: {
        loginPerEmail: { max: e.LOGIN_LIMIT_PER_EMAIL, windowS: 15 * 60 },
        loginPerIp: { max: e.LOGIN_LIMIT_PER_IP, windowS: 15 * 60 },
        registerPerIp: { max: e.REGISTER_LIMIT_PER_IP, windowS: 60 * 60 },
        forgotPerEmail: { max: e.FORGOT_LIMIT_PER_EMAIL, windowS: 60 * 60 },
        forgotPerIp: { max: e.FORGOT_LIMIT_PER_IP, windowS: 60 * 60 },
        resetPerIp: { max: e.RESET_LIMIT_PER_IP, windowS: 60 * 60 },
        contactPerIp: { max: e.CONTACT_LIMIT_PER_IP, windowS: 60 * 60 },
        avatarPerUser: { max: e.AVATAR_LIMIT_PER_USER, windowS: 60 * 60 },
        secondFactorPerUser: { max: 5, windowS: 15 * 60 },
        verificationPerUser: { max: 3, windowS: 60 * 60 },
      },
      loginSlowdownAfter: e.LOGIN_SLOWDOWN_AFTER,
      emailVerificationTtlS: 24 * 60 * 60,
      freshSignInS: 10 * 60,
      adminEmails: e.ADMIN_EMAILS,
      passwordResetTtlS: 60 * 60,
    },
    shop: {
      name: e.SHOP_NAME,
      whatsappNumber: e.SHOP_WHATSAPP_NUMBER,
      phone: e.SHOP_PHONE,
      email: e.SHOP_EMAIL,
      address: e.SHOP_ADDRESS,
      trn: e.SHOP_TRN ?? null,
      instagramUrl: e.SHOP_INSTAGRAM_URL,
      facebookUrl: e.SHOP_FACEBOOK_URL,
      tiktokUrl: e.SHOP_TIKTOK_URL,
      timeZone: e.SHOP_TIMEZONE,
    },
    social: socialConfig(e),
    payments: {
      gateway: e.PAYMENT_GATEWAY ?? 'sandbox',
      stripe:
        e.PAYMENT_GATEWAY === 'stripe' &&
        e.STRIPE_SECRET_KEY &&
        e.STRIPE_PUBLISHABLE_KEY &&
        e.STRIPE_WEBHOOK_SECRET
          ? {
              secretKey: e.STRIPE_SECRET_KEY,
              publishableKey: e.STRIPE_PUBLISHABLE_KEY,
              webhookSecret: e.STRIPE_WEBHOOK_SECRET,
              testMode: !e.STRIPE_SECRET_KEY.includes('_live_'),
              api: e.STRIPE_API_BASE ? stripeApi(e.STRIPE_API_BASE) : undefined,
              apiOrigin: new URL(e.STRIPE_API_BASE ?? 'https://api.stripe.com').origin,
              jsUrl: e.STRIPE_JS_URL,
            }
          : undefined,
      reconcileAfterS: e.RECONCILE_AFTER_S,
      reconcileIntervalS: e.RECONCILE_INTERVAL_S,
      applePayDomainAssociation: domainAssociation(e.APPLE_PAY_DOMAIN_ASSOCIATION),
    },
    invoice: {
      trn: e.SHOP_TRN,
      address: e.SHOP_ADDRESS.split(/\\n|\n|\|/)
        .map((line) => line.trim())
        .filter(Boolean),
    },
    shopLanguage: e.SHOP_LANGUAGE,
    outbox: {
      worker: e.OUTBOX_WORKER === 'true' || e.OUTBOX_WORKER === '1',
      pollMs: Math.round(e.OUTBOX_POLL_S * 1000),
      retryBaseMs: Math.round(e.OUTBOX_RETRY_BASE_S * 1000),
      retryMaxMs: Math.round(e.OUTBOX_RETRY_MAX_S * 1000),
      maxAttempts: e.OUTBOX_MAX_ATTEMPTS,
      leaseMs: Math.round(e.OUTBOX_LEASE_S * 1000),
    },
    stock: {
      holdMinutes: e.STOCK_HOLD_MINUTES,
      sweepIntervalS: Math.min(60, e.STOCK_HOLD_MINUTES * 15),
      maxHoldMinutes: e.STOCK_HOLD_MAX_MINUTES ?? e.STOCK_HOLD_MINUTES * 2,
      maxPiecesPerAccount: e.STOCK_HOLD_MAX_PIECES,
      maxPiecesPerNetwork: e.STOCK_HOLD_MAX_PIECES_PER_IP,
    },
    returns: { days: e.RETURN_DAYS },
  };
}

/**
 * APPLE_PAY_DOMAIN_ASSOCIATION is a path (absolute, or starting with ./ or ../) to the file, or the file's
 * content itself (one long line of hex, as Apple and Stripe hand it out). A path that cannot be read stops the
 * start: Apple Pay would otherwise fail only when Apple checks the domain.
 */
function domainAssociation(value: string | undefined): string | undefined {
  if (value === undefined || !/^\.{0,2}\//.test(value)) return value;
  try {
    const content = readFileSync(resolve(value), 'utf8');
    if (content.trim() === '') throw new Error('the file is empty');
    return content;
  } catch (err) {
    throw new ConfigError(
      `Invalid configuration: APPLE_PAY_DOMAIN_ASSOCIATION: ${value} could not be read (${(err as Error).message})`,
    );
  }
}

function stripeApi(base: string): StripeSettings['api'] {
  const url = new URL(base);
  const protocol = url.protocol === 'http:' ? 'http' : 'https';
  return { host: url.hostname, port: Number(url.port || (protocol === 'http' ? 80 : 443)), protocol };
}

const JWT_SECRET_FILE = 'jwt-secret';

/**
 * The secret that signs access tokens: JWT_SECRET when given, otherwise 48 random bytes generated on the first
 * start and kept in `{dataDir}/jwt-secret` (mode 0600), so restarts and instances sharing the data dir keep
 * accepting each other's tokens. Instances that do not share a data dir must be given one JWT_SECRET.
 * Kept apart from loadConfig so that reading the configuration has no side effect on the disk.
 */
export function ensureJwtSecret(config: Config): string {
  if (config.auth.jwtSecret) return config.auth.jwtSecret;
  const file = resolve(config.dataDir, JWT_SECRET_FILE);
  try {
    const kept = readKeptSecret(file);
    if (kept) return kept;
    mkdirSync(config.dataDir, { recursive: true });
    const secret = randomBytes(48).toString('base64url');
    // Written whole under another name, then linked into place: a concurrent start either wins the link or
    // reads the winner's complete file, never a half-written one.
    const temp = `${file}.${process.pid}.${randomBytes(4).toString('hex')}`;
    writeFileSync(temp, `${secret}\n`, { mode: 0o600, flag: 'wx' });
    try {
      linkSync(temp, file);
      return secret;
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
      const winner = readKeptSecret(file);
      if (!winner) throw new ConfigError(`Invalid configuration: JWT_SECRET: ${file} is not a usable secret`);
      return winner;
    } finally {
      unlinkSync(temp);
    }
  } catch (err) {
    if (err instanceof ConfigError) throw err;
    throw new ConfigError(
      `Invalid configuration: JWT_SECRET: unset, and ${file} could not be read or created (${(err as Error).message})`,
    );
  }
}

function readKeptSecret(file: string): string | undefined {
  let text: string;
  try {
    text = readFileSync(file, 'utf8').trim();
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw err;
  }
  if (text.length < 32) {
    throw new ConfigError(`Invalid configuration: JWT_SECRET: ${file} holds fewer than 32 characters`);
  }
  // Tighten a file that was copied in with loose permissions.
  if ((statSync(file).mode & 0o077) !== 0) chmodSync(file, 0o600);
  return text;
}
