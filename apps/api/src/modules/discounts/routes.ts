import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AdminIdParamsSchema, VersionSchema } from '@boutique/contracts/admin';
import {
  AdminDiscountListResponseSchema,
  AdminDiscountResponseSchema,
  DiscountCreateSchema,
  DiscountUpdateSchema,
} from '@boutique/contracts/discounts';
import type { Database } from '../../db/client.js';
import { HttpError } from '../../lib/http-error.js';
import { expectedVersion, setETag } from '../../lib/if-match.js';
import { privateRoutes } from '../../lib/private-routes.js';
import { requireAdmin } from '../../plugins/roles.js';
import { DiscountAdminService } from './admin.js';

const tags = ['admin'];
const DeleteBodySchema = z.object({ version: VersionSchema.optional() }).nullish();

/** `/api/v1/admin/discounts`: the owner's discount codes, behind the back office's guard. */
export const discountAdminRoutes: FastifyPluginAsyncZod<{ db: Database }> = async (app, { db }) => {
  privateRoutes(app, { signedIn: true });
  app.addHook('onRequest', async (req) => {
    await requireAdmin(db, req);
  });
  const service = new DiscountAdminService(db);
  const actor = (user: { id: number } | undefined | null) => {
    if (!user) throw new HttpError(401, 'Unauthenticated.');
    return user.id;
  };

  app.get(
    '/v1/admin/discounts',
    {
      schema: {
        tags,
        summary:
          'Discount codes with their usage: orders, customers, amount taken off, revenue of those orders',
        response: { 200: AdminDiscountListResponseSchema },
      },
    },
    async () => ({ success: true as const, data: { discounts: await service.list() } }),
  );

  app.post(
    '/v1/admin/discounts',
    {
      schema: {
        tags,
        summary: 'Create a discount code (unique whatever its case)',
        body: DiscountCreateSchema,
        response: { 201: AdminDiscountResponseSchema },
      },
    },
    async (req, reply) => {
      const discount = await service.create(actor(req.user), req.body);
      setETag(reply, discount.version);
      return reply.code(201).send({ success: true as const, data: { discount, outcome: 'saved' as const } });
    },
  );

  app.patch(
    '/v1/admin/discounts/:id',
    {
      schema: {
        tags,
        summary:
          'Change a discount code: the fields sent, if still at the version sent (If-Match or version)',
        params: AdminIdParamsSchema,
        body: DiscountUpdateSchema,
        response: { 200: AdminDiscountResponseSchema },
      },
    },
    async (req, reply) => {
      const expected = expectedVersion(req, req.body.version);
      const discount = await service.update(actor(req.user), req.params.id, req.body, expected);
      setETag(reply, discount.version);
      return { success: true as const, data: { discount, outcome: 'saved' as const } };
    },
  );

  app.delete(
    '/v1/admin/discounts/:id',
    {
      schema: {
        tags,
        summary:
          'Delete a discount code never used; one that was used is archived instead (switched off, kept for its orders)',
        params: AdminIdParamsSchema,
        body: DeleteBodySchema,
        response: { 200: AdminDiscountResponseSchema },
      },
    },
    async (req, reply) => {
      const expected = expectedVersion(req, req.body?.version);
      const { discount, outcome } = await service.remove(actor(req.user), req.params.id, expected);
      setETag(reply, discount.version);
      return { success: true as const, data: { discount, outcome } };
    },
  );
};
