import type { FastifyInstance } from 'fastify';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import type { Config } from '../env.js';

/**
 * OpenAPI generated from the same zod schemas that validate requests, browsable at /api/docs. Off in
 * production unless API_DOCS=true: a map of every route is no help to shoppers.
 */
export async function registerDocs(app: FastifyInstance, config: Config) {
  if (!config.apiDocs) return;
  await app.register(swagger, {
    openapi: {
      info: {
        title: `${config.shop.name} API`,
        description:
          'Catalogue, cart, accounts, checkout and orders of the boutique. Amounts are AED strings.',
        version: '1.0.0',
      },
      servers: [{ url: config.publicUrl }],
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, {
    routePrefix: '/api/docs',
    staticCSP: true,
    // Over plain http (the demo on localhost) an upgrade would break the page's own assets.
    transformStaticCSP: (header) =>
      config.publicUrl.startsWith('https://') ? header : header.replace(/\s*upgrade-insecure-requests;?/, ''),
  });
}
