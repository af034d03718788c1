import type { FastifyInstance } from 'fastify';
import { contentTypeOf, STORAGE_CACHE_CONTROL, type Storage } from '../storage/index.js';

/**
 * Stored pictures under /storage, from whichever storage is configured (a directory or a bucket), so that every
 * instance serves every picture. Their names change when their content does: cached for a year.
 */
export async function registerStorage(app: FastifyInstance, storage: Storage) {
  app.get<{ Params: { '*': string } }>('/storage/*', { schema: { hide: true } }, async (request, reply) => {
    let key: string;
    try {
      key = decodeURIComponent(request.params['*']);
    } catch {
      return reply.callNotFound();
    }
    if (!contentTypeOf(key)) return reply.callNotFound();
    const object = await storage.get(key);
    if (!object) return reply.callNotFound();

    void reply
      .header('cache-control', STORAGE_CACHE_CONTROL)
      .header('etag', object.etag)
      .header('last-modified', object.lastModified.toUTCString());
    const tags = request.headers['if-none-match'];
    if (tags && tags.split(',').some((tag) => sameEntity(tag.trim(), object.etag))) {
      object.body.destroy();
      return reply.code(304).send();
    }
    return reply.type(object.contentType).header('content-length', object.size).send(object.body);
  });
}

/** If-None-Match compares weakly: `W/"x"` and `"x"` name the same version. */
function sameEntity(a: string, b: string): boolean {
  return a === '*' || a.replace(/^W\//, '') === b.replace(/^W\//, '');
}
