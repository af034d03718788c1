import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  PublicShippingZonesResponseSchema,
  ShippingMethodsQuerySchema,
  ShippingMethodsResponseSchema,
} from '@boutique/contracts';
import type { Database } from '../../db/client.js';
import { toFils } from '../../lib/money.js';
import { publicZones, ratesFor, toMethod } from './service.js';

/**
 * The storefront's shipping: the rates for an address, priced for the subtotal the query gives (checkout step 2
 * sends its cart's; the payment prices the server cart again, so the figure shown never decides what is paid),
 * and every zone for the shipping information page.
 */
export const shippingRoutes: FastifyPluginAsyncZod<{ db: Database }> = async (app, { db }) => {
  const methods = async (country: string | undefined, subtotal: string | undefined) => {
    const subtotalFils = subtotal ? toFils(subtotal) : 0;
    const { zone, methods: list } = await ratesFor(db, country, subtotalFils);
    return {
      success: true as const,
      data: {
        zone: { id: zone.id, name: zone.name, worldwide: zone.countries.length === 0 },
        methods: list.map((m) => toMethod(m.rate, subtotalFils)),
      },
    };
  };

  app.get(
    '/v1/shipping-methods',
    {
      schema: {
        tags: ['checkout'],
        summary:
          "The shipping rates for an address's country (the worldwide zone's for a country no zone lists)",
        querystring: ShippingMethodsQuerySchema,
        response: { 200: ShippingMethodsResponseSchema },
      },
    },
    async (req) => methods(req.query.country, req.query.subtotal),
  );

  // The spec's route, kept: the same answer.
  app.get(
    '/checkout/shipping-methods',
    {
      schema: {
        tags: ['checkout'],
        summary: 'Shipping methods for a country (as /v1/shipping-methods)',
        querystring: ShippingMethodsQuerySchema,
        response: { 200: ShippingMethodsResponseSchema },
      },
    },
    async (req) => methods(req.query.country, req.query.subtotal),
  );

  app.get(
    '/v1/shipping-zones',
    {
      schema: {
        tags: ['checkout'],
        summary: 'Where the shop ships: every zone with its countries and rates',
        response: { 200: PublicShippingZonesResponseSchema },
      },
    },
    async () => ({ success: true as const, data: { zones: await publicZones(db) } }),
  );
};
