import type { FastifyReply, FastifyRequest } from 'fastify';
import type { CachedResponse } from './response-cache.js';

/**
 * Sends an already serialised JSON answer with its ETag; a client holding the same version gets a 304.
 * Browsers and CDNs may keep catalogue answers briefly and revalidate them in the background.
 */
export function sendCached(request: FastifyRequest, reply: FastifyReply, cached: CachedResponse) {
  void reply
    .header('etag', cached.etag)
    .header('cache-control', 'public, max-age=30, stale-while-revalidate=300')
    .header('vary', 'accept-encoding');
  const tags = request.headers['if-none-match'];
  if (tags && tags.split(',').some((t) => t.trim() === cached.etag)) return reply.code(304).send();
  return reply.type('application/json; charset=utf-8').send(cached.body);
}
