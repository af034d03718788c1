import type { FastifyInstance } from 'fastify';

export const APPLE_PAY_DOMAIN_PATH = '/.well-known/apple-developer-merchantid-domain-association';

/**
 * Apple checks that the shop's domain may take Apple Pay by fetching this file (Stripe's dashboard hands it out
 * when the domain is registered there). Served as configured (APPLE_PAY_DOMAIN_ASSOCIATION); without it, 404:
 * not a storefront page, whatever the site would answer for an unknown address.
 */
export function registerApplePayDomain(app: FastifyInstance, content: string | undefined) {
  app.get(APPLE_PAY_DOMAIN_PATH, { schema: { hide: true } }, (_req, reply) =>
    content === undefined
      ? reply.code(404).type('text/plain; charset=utf-8').send('Not found\n')
      : reply.type('text/plain; charset=utf-8').header('cache-control', 'public, max-age=3600').send(content),
  );
}
