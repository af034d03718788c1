import { z } from 'zod';
import { optionalString } from './fields.js';

/** PostgreSQL (unset: the embedded PGlite under DATA_DIR) and Redis (unset: state kept in the instance). */
export const DatabaseEnv = z.object({
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
});
export type DatabaseEnv = z.infer<typeof DatabaseEnv>;

export interface DatabaseConfig {
  databaseUrl: string | undefined;
  redisUrl: string | undefined;
  redisPrefix: string;
  /** REDIS_TIMEOUT_MS. */
  redisTimeoutMs: number;
}

export function databaseConfig(e: DatabaseEnv): DatabaseConfig {
  return {
    databaseUrl: e.DATABASE_URL,
    redisUrl: e.REDIS_URL,
    redisPrefix: e.REDIS_PREFIX,
    redisTimeoutMs: e.REDIS_TIMEOUT_MS,
  };
}
