import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ShippingZoneCreateSchema,
  ShippingZoneParamsSchema,
  ShippingZoneResponseSchema,
  ShippingZonesResponseSchema,
  ShippingZoneUpdateSchema,
} from '@boutique/contracts/admin-shipping';
import type { Database } from '../../db/client.js';
import { expectedVersion, setETag } from '../../lib/if-match.js';
import { notFound } from '../../lib/http-error.js';
import { requireUser } from '../../plugins/auth.js';
import { requireAdmin } from '../../plugins/roles.js';
import { ShippingAdmin } from './service.js';

const tags = ['admin'];

/** The owner's shipping zones and rates (DESIGN section 17): writes carry the zone's version (decision 028). */
export const shippingAdminRoutes: FastifyPluginAsyncZod<{ db: Database }> = async (app, { db }) => {
  // The guard before the body is read: a caller who may not use the route hears 401/403, never a 422.
  const admitted = async (req: FastifyRequest) => {
    await requireAdmin(db, req);
  };
  const zones = new ShippingAdmin(db);

  app.get(
    '/v1/admin/shipping-zones',
    {
      onRequest: [app.authenticate, admitted],
      schema: {
        tags,
        summary: 'Admin: shipping zones and their rates',
        response: { 200: ShippingZonesResponseSchema },
      },
    },
    async () => {
      return { success: true as const, data: { zones: await zones.list() } };
    },
  );

  app.post(
    '/v1/admin/shipping-zones',
    {
      onRequest: [app.authenticate, admitted],
      schema: {
        tags,
        summary: 'Admin: add a zone (its countries in no other zone) with its rates',
        body: ShippingZoneCreateSchema,
        response: { 201: ShippingZoneResponseSchema },
      },
    },
    async (req, reply) => {
      const admin = requireUser(req);
      const zone = await zones.create(admin.id, req.body);
      setETag(reply, zone.version);
      return reply.code(201).send({ success: true as const, data: { zone } });
    },
  );

  app.patch(
    '/v1/admin/shipping-zones/:id',
    {
      onRequest: [app.authenticate, admitted],
      schema: {
        tags,
        summary:
          'Admin: change a zone (If-Match or version); rates sent replace its rates, those with an id kept',
        params: ShippingZoneParamsSchema,
        body: ShippingZoneUpdateSchema,
        response: { 200: ShippingZoneResponseSchema },
      },
    },
    async (req, reply) => {
      const admin = requireUser(req);
      const expected = expectedVersion(req, req.body.version);
      const zone = await zones.update(admin.id, req.params.id, expected, req.body);
      setETag(reply, zone.version);
      return { success: true as const, data: { zone } };
    },
  );

  app.delete(
    '/v1/admin/shipping-zones/:id',
    {
      onRequest: [app.authenticate, admitted],
      schema: {
        tags,
        summary: 'Admin: delete a zone and its rates (not the worldwide zone)',
        params: ShippingZoneParamsSchema,
        body: z.object({ version: z.number().int().positive().optional() }).nullish(),
        response: { 200: ShippingZoneResponseSchema },
      },
    },
    async (req) => {
      const admin = requireUser(req);
      const expected = expectedVersion(req, req.body?.version);
      const zone = await zones.remove(admin.id, req.params.id, expected);
      if (!zone) throw notFound('Shipping zone');
      return { success: true as const, data: { zone } };
    },
  );
};
