import { sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ErrorEnvelopeSchema,
  HealthResponseSchema,
  LivenessResponseSchema,
  ReadinessResponseSchema,
  type FieldErrors,
} from '@boutique/contracts';
import type { DatabaseHandle } from '../../db/client.js';
import { throttledWarning, type RedisGuard } from '../../lib/redis.js';
import type { Storage } from '../../storage/index.js';

export interface SystemRoutesOptions {
  database: DatabaseHandle;
  redis: RedisGuard | undefined;
  storage: Storage;
}

/** A dependency that has not answered in this long is down, as far as the load balancer is concerned. */
const CHECK_TIMEOUT_MS = 2000;

/** Rejects when `check` fails or has not answered in time; `signal` tells it to give up. */
async function within(check: (signal: AbortSignal) => Promise<unknown>): Promise<void> {
  const controller = new AbortController();
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      controller.abort();
      reject(new Error(`no answer within ${CHECK_TIMEOUT_MS} ms`));
    }, CHECK_TIMEOUT_MS);
  });
  try {
    await Promise.race([check(controller.signal), timeout]);
  } finally {
    clearTimeout(timer);
  }
}

export const systemRoutes: FastifyPluginAsyncZod<SystemRoutesOptions> = async (
  app,
  { database, redis, storage },
) => {
  app.get(
    '/health',
    {
      schema: {
        tags: ['system'],
        summary: 'Liveness and database reachability',
        response: { 200: HealthResponseSchema },
      },
    },
    async (_req, reply) => {
      await database.db.execute(sql`select 1`);
      void reply.header('cache-control', 'no-store');
      return {
        success: true as const,
        data: { status: 'ok' as const, database: database.driver, uptime_s: Math.round(process.uptime()) },
      };
    },
  );

  app.get(
    '/health/live',
    {
      schema: {
        tags: ['system'],
        summary: 'Liveness: the process answers (touches nothing else)',
        response: { 200: LivenessResponseSchema },
      },
    },
    async (_req, reply) => {
      void reply.header('cache-control', 'no-store');
      return {
        success: true as const,
        data: { status: 'ok' as const, uptime_s: Math.round(process.uptime()) },
      };
    },
  );

  // A dependency that stays down is checked every second by the balancer: one warning a minute each is enough.
  const warnings = {
    database: throttledWarning(app.log, 'readiness: the database did not answer; this instance answers 503'),
    storage: throttledWarning(app.log, 'readiness: the storage did not answer; this instance answers 503'),
  };
  let closing = false;
  app.addHook('preClose', async () => {
    closing = true;
  });

  app.get(
    '/health/ready',
    {
      schema: {
        tags: ['system'],
        summary: 'Readiness: the database and the storage answer; Redis is reported, never required',
        description:
          'A 503 names, in `errors`, each dependency that did not answer within 2 seconds. Redis down answers 200 with `status: degraded`: every instance goes on without it (counts kept per instance), so a balancer must not take them all out.',
        response: { 200: ReadinessResponseSchema, 503: ErrorEnvelopeSchema },
      },
    },
    async (request, reply) => {
      void reply.header('cache-control', 'no-store');
      const checks = {
        database: within(() => database.db.execute(sql`select 1`)),
        storage: within((signal) => storage.check(signal)),
      };
      // Known down: not asked again (the guard probes it); else one ping, failing within REDIS_TIMEOUT_MS.
      const redisCheck = redis?.available
        ? redis.commands.ping().then(
            () => true,
            () => false,
          )
        : Promise.resolve(false);
      const outcomes = await Promise.allSettled(Object.values(checks));
      const redisUp = await redisCheck;
      const errors: FieldErrors = {};
      (Object.keys(checks) as (keyof typeof checks)[]).forEach((name, i) => {
        const outcome = outcomes[i];
        if (outcome?.status === 'rejected') {
          errors[name] = ['did not answer'];
          warnings[name](outcome.reason);
        }
      });
      if (closing) errors.instance = ['shutting down'];
      if (Object.keys(errors).length > 0) {
        return reply.code(503).send({
          success: false as const,
          message: `Not ready: ${Object.keys(errors).join(', ')}`,
          errors,
          requestId: String(request.id),
        });
      }
      return {
        success: true as const,
        data: {
          status: redis && !redisUp ? ('degraded' as const) : ('ok' as const),
          checks: {
            database: 'ok' as const,
            redis: !redis ? ('off' as const) : redisUp ? ('ok' as const) : ('down' as const),
            storage: 'ok' as const,
          },
        },
      };
    },
  );
};
