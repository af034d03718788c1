import type { FastifyInstance } from 'fastify';

/**
 * The spec's client sends a JSON content type on every call, bodiless DELETEs included: in the scope this is
 * called in, an empty JSON body reads as no body instead of a 400. Any other body still goes through
 * Fastify's own (prototype-poisoning-safe) parser, so malformed JSON is still a 400.
 */
export function acceptEmptyJsonBody(app: FastifyInstance) {
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    if (body.length === 0) done(null, undefined);
    else void parseJson(request, String(body), done);
  });
}

export interface PrivateRoutesOptions {
  /** Every route of the scope needs an access token: checked before the body, so a stranger hears 401 first. */
  signedIn: boolean;
}

/**
 * A scope of routes about one person (tokens, carts, addresses, payments, orders): no cache, shared or
 * private, may keep its answers; the spec's empty JSON bodies are accepted; and, when asked, every route
 * needs a signed-in caller.
 */
export function privateRoutes(app: FastifyInstance, { signedIn }: PrivateRoutesOptions) {
  acceptEmptyJsonBody(app);
  if (signedIn) app.addHook('onRequest', app.authenticate);
  app.addHook('onSend', async (_request, reply) => {
    void reply.header('cache-control', 'no-store');
  });
}
