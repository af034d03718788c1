import type { FastifyInstance } from 'fastify';

/**
 * The spec's client sends `content-type: application/json` on every call, DELETE and body-less POST included:
 * in the scope of `app`, an empty body is no body rather than malformed JSON. Anything else goes through
 * Fastify's own (prototype-poisoning-safe) parser.
 */
export function acceptEmptyJsonBodies(app: FastifyInstance) {
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    if (body.length === 0) done(null, undefined);
    else void parseJson(request, String(body), done);
  });
}
