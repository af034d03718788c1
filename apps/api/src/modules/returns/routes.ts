import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  OrderIdParamsSchema,
  ReturnCreateSchema,
  ReturnResponseSchema,
  ReturnUpdateSchema,
} from '@boutique/contracts';
import { AdminIdParamsSchema } from '@boutique/contracts/admin';
import {
  AdminReturnListQuerySchema,
  AdminReturnListResponseSchema,
  AdminReturnResponseSchema,
} from '@boutique/contracts/admin-after-sale';
import type { Database } from '../../db/client.js';
import { privateRoutes } from '../../lib/private-routes.js';
import { requireUser } from '../../plugins/auth.js';
import { requireAdmin, requireOwner } from '../../plugins/roles.js';
import type { ReturnService } from './service.js';

export interface ReturnRoutesOptions {
  db: Database;
  returns: ReturnService;
}

/** The shopper asks for a return or an exchange of pieces of one of their delivered orders. */
export const returnRoutes: FastifyPluginAsyncZod<ReturnRoutesOptions> = async (app, { returns }) => {
  privateRoutes(app, { signedIn: true });
  app.post(
    '/v1/orders/:id/returns',
    {
      schema: {
        tags: ['orders'],
        summary: `Ask to return or exchange pieces of a delivered order, within the shop's return days (RETURN_DAYS); someone else's order is 404`,
        params: OrderIdParamsSchema,
        body: ReturnCreateSchema,
        response: { 201: ReturnResponseSchema },
      },
    },
    async (req, reply) => {
      const created = await returns.create(requireUser(req).id, req.params.id, req.body);
      req.log.info({ returnId: created.id, orderId: req.params.id, type: created.type }, 'return requested');
      return reply.code(201).send({ success: true as const, data: { return: created } });
    },
  );
};

const tags = ['admin'];

/** The owner works returns at `/admin/returns`, behind the back office's guard (admin role, second factor). */
export const adminReturnRoutes: FastifyPluginAsyncZod<ReturnRoutesOptions> = async (app, { db, returns }) => {
  privateRoutes(app, { signedIn: true });
  app.addHook('onRequest', async (req) => {
    await requireAdmin(db, req);
  });

  app.get(
    '/v1/admin/returns',
    {
      schema: {
        tags,
        summary: 'Returns and exchanges, newest first: by status (with counts per status; open by default)',
        querystring: AdminReturnListQuerySchema,
        response: { 200: AdminReturnListResponseSchema },
      },
    },
    async (req) => ({ success: true as const, data: await returns.list(req.query) }),
  );

  app.get(
    '/v1/admin/returns/:id',
    {
      schema: {
        tags,
        summary: 'One return: its pieces, wishes, steps, pieces set aside, refund and audit trail',
        params: AdminIdParamsSchema,
        response: { 200: AdminReturnResponseSchema },
      },
    },
    async (req) => ({ success: true as const, data: await returns.get(req.params.id) }),
  );

  app.patch(
    '/v1/admin/returns/:id',
    {
      schema: {
        tags,
        summary:
          'Move a return one legal step: approved (an exchange sets its new pieces aside), rejected, received (restock: back on sale, or recorded as damaged), refunded (through the gateway), exchanged (the new pieces ship), closed; the shopper is e-mailed',
        params: AdminIdParamsSchema,
        body: ReturnUpdateSchema,
        response: { 200: AdminReturnResponseSchema },
      },
    },
    async (req) => {
      const admin = requireUser(req);
      // Staff work returns; the refund one leads to moves money, and only the owner moves money.
      if (req.body.status === 'refunded') await requireOwner(db, req);
      const updated = await returns.update(admin.id, req.params.id, req.body);
      req.log.info({ returnId: updated.id, status: updated.status, by: admin.id }, 'return moved');
      return { success: true as const, data: await returns.get(req.params.id) };
    },
  );
};
