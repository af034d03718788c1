import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { flag, optionalString } from './fields.js';

/** Where the server listens and what it serves beside the API (docs, metrics, the storefront's files). */
export const ServerEnv = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default('127.0.0.1'),
  /** Defaults to http://localhost:{PORT}. */
  PUBLIC_URL: optionalString.pipe(z.url({ protocol: /^https?$/ }).optional()),
  DATA_DIR: z.string().min(1).default('./data'),
  /** The built storefront; defaults to apps/web/dist of this repository. */
  WEB_DIST_DIR: z.string().min(1).optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** The interactive API documentation at /api/docs; unset: on, except in production. */
  API_DOCS: z.enum(['true', 'false', '1', '0']).optional(),
  CATALOG_CACHE_TTL_S: z.coerce.number().int().min(0).max(86_400).default(300),
  SEED_DEMO: flag('true'),
  /** Bearer token that /metrics asks for; unset: /metrics is off. */
  METRICS_TOKEN: optionalString.pipe(
    z
      .string()
      .regex(/^[\x21-\x7e]{24,256}$/, 'must be 24 to 256 printable characters without spaces')
      .optional(),
  ),
});
export type ServerEnv = z.infer<typeof ServerEnv>;

export interface ServerConfig {
  env: 'development' | 'production' | 'test';
  port: number;
  host: string;
  publicUrl: string;
  dataDir: string;
  /** The bearer token of /metrics; undefined: /metrics is off. */
  metricsToken: string | undefined;
  webDistDir: string;
  logLevel: string;
  /** Serve the OpenAPI document and its browser at /api/docs. */
  apiDocs: boolean;
  catalogCacheTtlMs: number;
  seedDemo: boolean;
}

export function serverConfig(e: ServerEnv): ServerConfig {
  return {
    env: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, ''),
    dataDir: resolve(e.DATA_DIR),
    metricsToken: e.METRICS_TOKEN,
    // apps/web/dist, from apps/api/src/config (or apps/api/dist/config once built).
    webDistDir: e.WEB_DIST_DIR
      ? resolve(e.WEB_DIST_DIR)
      : fileURLToPath(new URL('../../../web/dist', import.meta.url)),
    logLevel: e.LOG_LEVEL,
    apiDocs:
      e.API_DOCS === undefined ? e.NODE_ENV !== 'production' : e.API_DOCS === 'true' || e.API_DOCS === '1',
    catalogCacheTtlMs: e.CATALOG_CACHE_TTL_S * 1000,
    seedDemo: e.SEED_DEMO,
  };
}
