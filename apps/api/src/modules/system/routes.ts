import { sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { HealthResponseSchema } from '@boutique/contracts';
import type { DatabaseHandle } from '../../db/client.js';

export const systemRoutes: FastifyPluginAsyncZod<{ database: DatabaseHandle }> = async (
  app,
  { database },
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
};
