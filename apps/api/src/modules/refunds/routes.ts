import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  CreditNoteParamsSchema,
  CreditNoteResponseSchema,
  IdempotencyKeySchema,
  RefundCreateSchema,
} from '@boutique/contracts';
import { AdminIdParamsSchema } from '@boutique/contracts/admin';
import {
  AdminOrderRefundsResponseSchema,
  AdminRefundListQuerySchema,
  AdminRefundListResponseSchema,
  RefundResponseSchema,
} from '@boutique/contracts/admin-after-sale';
import type { Database } from '../../db/client.js';
import { schemaFieldErrors } from '../../lib/field-errors.js';
import { HttpError } from '../../lib/http-error.js';
import { privateRoutes } from '../../lib/private-routes.js';
import { requireUser } from '../../plugins/auth.js';
import { requireAdmin } from '../../plugins/roles.js';
import type { InvoiceIssuer } from '../orders/index.js';
import { creditNoteOf } from './credit-note.js';
import type { RefundService } from './service.js';

export interface RefundRoutesOptions {
  db: Database;
  refunds: RefundService;
  issuer: InvoiceIssuer;
}

const tags = ['orders'];

/** The shopper's credit notes (`/v1/orders/{id}/credit-notes/{number}`); someone else's is 404. */
export const creditNoteRoutes: FastifyPluginAsyncZod<RefundRoutesOptions> = async (
  app,
  { refunds, issuer },
) => {
  privateRoutes(app, { signedIn: true });
  app.get(
    '/v1/orders/:id/credit-notes/:number',
    {
      schema: {
        tags,
        summary:
          "The credit note of a refund of one of the signed-in shopper's orders, in the order's language (a tax credit note with SHOP_TRN, a refund receipt without)",
        params: CreditNoteParamsSchema,
        response: { 200: CreditNoteResponseSchema },
      },
    },
    async (req) => {
      const { order, refund, items } = await refunds.withCreditNote(
        req.params.id,
        req.params.number,
        requireUser(req).id,
      );
      return { success: true as const, data: { credit_note: creditNoteOf(order, refund, items, issuer) } };
    },
  );
};

const adminTags = ['admin'];

/** The owner's refunds (`/v1/admin/...`), behind the back office's guard: admin role and second factor. */
export const adminRefundRoutes: FastifyPluginAsyncZod<RefundRoutesOptions> = async (
  app,
  { db, refunds, issuer },
) => {
  privateRoutes(app, { signedIn: true });
  app.addHook('onRequest', async (req) => {
    await requireAdmin(db, req);
  });

  app.post(
    '/v1/admin/orders/:id/refunds',
    {
      schema: {
        tags: adminTags,
        summary:
          'Refund an order through the gateway that took the money: all that is left, an amount, or lines (with their pieces put back on sale when restock is true). Idempotency-Key: the same key answers the same refund.',
        params: AdminIdParamsSchema,
        headers: z.object({ 'idempotency-key': z.string().optional() }),
        body: RefundCreateSchema,
        response: { 201: RefundResponseSchema },
      },
    },
    async (req, reply) => {
      const given = req.headers['idempotency-key'];
      const key = given === undefined ? undefined : IdempotencyKeySchema.safeParse(given);
      if (key && !key.success) {
        throw new HttpError(
          422,
          'The given data was invalid.',
          schemaFieldErrors(key.error.issues.slice(0, 1), given, 'idempotency-key'),
        );
      }
      const { refund, created } = await refunds.refundOrder(
        requireUser(req).id,
        req.params.id,
        req.body,
        key?.data,
      );
      req.log.info({ refundId: refund.id, orderId: req.params.id, status: refund.status, created }, 'refund');
      return reply.code(201).send({ success: true as const, data: { refund } });
    },
  );

  app.get(
    '/v1/admin/orders/:id/refunds',
    {
      schema: {
        tags: adminTags,
        summary: "An order's refunds with their credit notes, and what is left to refund (amount and pieces)",
        params: AdminIdParamsSchema,
        response: { 200: AdminOrderRefundsResponseSchema },
      },
    },
    async (req) => ({ success: true as const, data: await refunds.forOrder(req.params.id) }),
  );

  app.get(
    '/v1/admin/orders/:id/credit-notes/:number',
    {
      schema: {
        tags: adminTags,
        summary: 'The credit note of one of the order’s refunds, as its shopper sees it',
        params: CreditNoteParamsSchema,
        response: { 200: CreditNoteResponseSchema },
      },
    },
    async (req) => {
      const { order, refund, items } = await refunds.withCreditNote(req.params.id, req.params.number);
      return { success: true as const, data: { credit_note: creditNoteOf(order, refund, items, issuer) } };
    },
  );

  app.get(
    '/v1/admin/refunds',
    {
      schema: {
        tags: adminTags,
        summary:
          'Refunds by status; by default those that need the owner: still pending after a try (the sweep keeps trying) or refused by the gateway',
        querystring: AdminRefundListQuerySchema,
        response: { 200: AdminRefundListResponseSchema },
      },
    },
    async (req) => ({ success: true as const, data: { refunds: await refunds.list(req.query.status) } }),
  );
};
