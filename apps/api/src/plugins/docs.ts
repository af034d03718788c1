import type { FastifyInstance } from 'fastify';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { jsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ErrorEnvelopeSchema } from '@boutique/contracts';
import type { Config } from '../env.js';

// Schemas every route shares, listed once under the document's components: the error answer.
z.globalRegistry.add(ErrorEnvelopeSchema, { id: 'ErrorEnvelope' });

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
          'Catalogue, cart, accounts, checkout and orders of the boutique. Amounts are AED strings. A refused ' +
          'request answers an `ErrorEnvelope`: a 422 names each refused field in `errors` (English messages) and ' +
          'in `error_codes` (one code per message, same order); show the shopper a text chosen by the code.',
        version: '1.0.0',
      },
      servers: [{ url: config.publicUrl }],
    },
    transform: jsonSchemaTransform,
    transformObject: jsonSchemaTransformObject,
  });
  await app.register(swaggerUi, {
    routePrefix: '/api/docs',
    staticCSP: true,
    // Over plain http (the demo on localhost) an upgrade would break the page's own assets.
    transformStaticCSP: (header) =>
      config.publicUrl.startsWith('https://') ? header : header.replace(/\s*upgrade-insecure-requests;?/, ''),
  });
}
