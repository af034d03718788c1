import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { Metrics } from '../metrics/index.js';

const digest = (value: string) => createHash('sha256').update(value).digest();

/**
 * `GET /metrics` in Prometheus' text format, for a scraper holding `Authorization: Bearer {METRICS_TOKEN}`.
 * Without METRICS_TOKEN there is no such route, and requests are not timed either (nothing would read it).
 * Outside /api: it is for the operator's scraper, not a part of the shop's API or its documentation.
 */
export function registerMetrics(app: FastifyInstance, metrics: Metrics, token: string | undefined) {
  metrics.onCollectError((err, gauge) => app.log.warn({ err, gauge }, 'a metric could not be collected'));
  if (!token) return;
  metrics.collectProcessMetrics();

  app.addHook('onResponse', async (request, reply) => {
    metrics.httpDuration.observe(
      {
        method: request.method,
        // The route's pattern, never the raw URL: one series per route, whatever the ids and queries.
        route: request.routeOptions.url ?? 'unmatched',
        status_code: String(reply.statusCode),
      },
      reply.elapsedTime / 1000,
    );
  });

  const expected = digest(`Bearer ${token}`);
  app.get('/metrics', { schema: { hide: true } }, async (request, reply) => {
    void reply.header('cache-control', 'no-store');
    const given = request.headers.authorization;
    // Compared as digests: equal lengths, constant time, whatever was sent.
    if (!given || !timingSafeEqual(digest(given), expected)) {
      return reply
        .code(401)
        .header('www-authenticate', 'Bearer realm="metrics"')
        .type('text/plain; charset=utf-8')
        .send('Unauthorized\n');
    }
    const { body, contentType } = await metrics.render();
    return reply.type(contentType).send(body);
  });
}
