import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';

/**
 * The one place that reads process.env. Every value has a working default for the demo, and a bad one stops
 * the start with a line that names the variable.
 */
const optionalString = z
  .string()
  .trim()
  .transform((v) => (v === '' ? undefined : v))
  .optional();

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
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  TRUST_PROXY: z
    .enum(['true', 'false', '1', '0'])
    .default('false')
    .transform((v) => v === 'true' || v === '1'),
  SHOP_NAME: z.string().min(1).default('Dar Lalla'),
  SHOP_WHATSAPP_NUMBER: z
    .string()
    .regex(/^\d{8,15}$/, 'digits only, with the country code, e.g. 971501234567')
    .default('971501234567'),
  SHOP_PHONE: z.string().min(3).default('+971 50 123 4567'),
  SHOP_EMAIL: z.email().default('hello@darlalla.ae'),
  SHOP_INSTAGRAM_URL: z.url().default('https://www.instagram.com/'),
  SHOP_FACEBOOK_URL: z.url().default('https://www.facebook.com/'),
  SHOP_TIKTOK_URL: z.url().default('https://www.tiktok.com/'),
  CATALOG_CACHE_TTL_S: z.coerce.number().int().min(0).max(86_400).default(300),
  SEED_DEMO: z
    .enum(['true', 'false', '1', '0'])
    .default('true')
    .transform((v) => v === 'true' || v === '1'),
});

export interface Config {
  env: 'development' | 'production' | 'test';
  port: number;
  host: string;
  publicUrl: string;
  dataDir: string;
  storageDir: string;
  webDistDir: string;
  databaseUrl: string | undefined;
  redisUrl: string | undefined;
  logLevel: string;
  trustProxy: boolean;
  catalogCacheTtlMs: number;
  seedDemo: boolean;
  shop: {
    name: string;
    whatsappNumber: string;
    phone: string;
    email: string;
    instagramUrl: string;
    facebookUrl: string;
    tiktokUrl: string;
  };
}

export class ConfigError extends Error {
  override name = 'ConfigError';
}

export function loadConfig(source: Record<string, string | undefined> = process.env): Config {
  const parsed = EnvSchema.safeParse(source);
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
    storageDir: resolve(dataDir, 'storage'),
    webDistDir: e.WEB_DIST_DIR
      ? resolve(e.WEB_DIST_DIR)
      : fileURLToPath(new URL('../../web/dist', import.meta.url)),
    databaseUrl: e.DATABASE_URL,
    redisUrl: e.REDIS_URL,
    logLevel: e.LOG_LEVEL,
    trustProxy: e.TRUST_PROXY,
    catalogCacheTtlMs: e.CATALOG_CACHE_TTL_S * 1000,
    seedDemo: e.SEED_DEMO,
    shop: {
      name: e.SHOP_NAME,
      whatsappNumber: e.SHOP_WHATSAPP_NUMBER,
      phone: e.SHOP_PHONE,
      email: e.SHOP_EMAIL,
      instagramUrl: e.SHOP_INSTAGRAM_URL,
      facebookUrl: e.SHOP_FACEBOOK_URL,
      tiktokUrl: e.SHOP_TIKTOK_URL,
    },
  };
}
