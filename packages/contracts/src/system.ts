import { z } from 'zod';
import { envelope } from './envelope.js';

export const HealthResponseSchema = envelope(
  z.object({
    status: z.literal('ok'),
    database: z.enum(['pglite', 'postgres']),
    uptime_s: z.number(),
  }),
);
export type HealthResponse = z.infer<typeof HealthResponseSchema>;

/** `GET /api/health/live`: the process answers (a load balancer restarts it when it does not). */
export const LivenessResponseSchema = envelope(
  z.object({
    status: z.literal('ok'),
    uptime_s: z.number(),
  }),
);
export type LivenessResponse = z.infer<typeof LivenessResponseSchema>;

/**
 * How one dependency of the readiness probe answered; `off` when the shop runs without it, `down` for one the
 * instance goes on without (Redis: counts kept in the instance meanwhile).
 */
export const ReadinessCheckSchema = z.enum(['ok', 'off', 'down']);

/**
 * `GET /api/health/ready`: the instance can serve (database, Redis, storage all answer). A failing one is a 503
 * error envelope whose `errors` name the dependencies that did not answer.
 */
export const ReadinessResponseSchema = envelope(
  z.object({
    /** `degraded`: serving, without a dependency it can do without for a while (Redis). */
    status: z.enum(['ok', 'degraded']),
    checks: z.object({
      database: ReadinessCheckSchema,
      redis: ReadinessCheckSchema,
      storage: ReadinessCheckSchema,
    }),
  }),
);
export type ReadinessResponse = z.infer<typeof ReadinessResponseSchema>;
