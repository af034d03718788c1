import type { FastifyReply, FastifyRequest } from 'fastify';
import { acceptedEncoding } from './compression.js';
import type { CachedResponse } from './response-cache.js';

/**
 * Sends an already serialised JSON answer with its ETag; a client holding the same version gets a 304.
 * Browsers and CDNs may keep catalogue answers briefly and revalidate them in the background. A client that
 * accepts compression (every browser) gets the copy compressed when the answer was first asked for in that
 * encoding: `@fastify/compress` leaves a body that says its encoding alone, instead of compressing it again on
 * every request.
 */
export function sendCached(request: FastifyRequest, reply: FastifyReply, cached: CachedResponse) {
  void reply
    .header('etag', cached.etag)
    .header('cache-control', 'public, max-age=30, stale-while-revalidate=300')
    .header('vary', 'accept-encoding');
  const tags = request.headers['if-none-match'];
  if (tags && tags.split(',').some((t) => t.trim() === cached.etag)) return reply.code(304).send();
  void reply.type('application/json; charset=utf-8');
  const encoding = acceptedEncoding(request.headers['accept-encoding']);
  if (!encoding) return reply.send(cached.body);
  const sent = cached.encoded(encoding);
  if (sent.encoding) void reply.header('content-encoding', sent.encoding);
  return reply.send(sent.body);
}
