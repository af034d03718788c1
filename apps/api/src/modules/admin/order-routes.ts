import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { OrderStatusResponseSchema } from '@boutique/contracts';
import {
  AdminIdParamsSchema,
  AdminOrderPaymentSchema,
  ManualOrderResponseSchema,
  ManualOrderSchema,
  AdminOrderListQuerySchema,
  AdminOrderListResponseSchema,
  AdminOrderResponseSchema,
  PackingSlipResponseSchema,
} from '@boutique/contracts/admin';
import { withCurrent } from '../../db/versions.js';
import { requiredIdempotencyKey } from '../../lib/idempotency-key.js';
import { expectedVersion, setETag } from '../../lib/if-match.js';
import { adminOrder, listOrders, packingSlip } from '../orders/index.js';
import { adminOf, tags, type AdminRoutesOptions } from './scope.js';

/** The back office's orders: the list with counts per status, one order, its packing slip, its payment. */
export const orderAdminRoutes: FastifyPluginAsyncZod<AdminRoutesOptions> = async (
  app,
  { db, orders, shop, timeZone, manualOrders },
) => {
  app.get(
    '/v1/admin/orders',
    {
      schema: {
        tags,
        summary: 'Orders, newest first: by status (with counts per status), number/e-mail/name, date range',
        querystring: AdminOrderListQuerySchema,
        response: { 200: AdminOrderListResponseSchema },
      },
    },
    async (req) => ({ success: true as const, data: await listOrders(db, req.query, timeZone) }),
  );

  app.get(
    '/v1/admin/orders/:id',
    {
      schema: {
        tags,
        summary: 'One order: lines, addresses, payment reference, status history, audit trail',
        params: AdminIdParamsSchema,
        response: { 200: AdminOrderResponseSchema },
      },
    },
    async (req, reply) => {
      const data = await adminOrder(db, orders, req.params.id);
      setETag(reply, data.order.version);
      return { success: true as const, data };
    },
  );

  app.get(
    '/v1/admin/orders/:id/packing-slip',
    {
      schema: {
        tags,
        summary: 'What the packing slip prints: address, pieces, carrier and tracking (no prices)',
        params: AdminIdParamsSchema,
        response: { 200: PackingSlipResponseSchema },
      },
    },
    async (req) => {
      const { order } = await adminOrder(db, orders, req.params.id);
      return { success: true as const, data: { slip: packingSlip(order, shop) } };
    },
  );

  app.patch(
    '/v1/admin/orders/:id/payment',
    {
      schema: {
        tags,
        summary:
          'Mark an order awaiting its payment (cash on delivery, a payment link) as paid; If-Match or version',
        params: AdminIdParamsSchema,
        body: AdminOrderPaymentSchema,
        response: { 200: OrderStatusResponseSchema },
      },
    },
    async (req, reply) => {
      const admin = adminOf(req);
      const order = await withCurrent(
        orders.unpaid.markPaid(admin.id, req.params.id, expectedVersion(req, req.body.version)),
        async () => (await adminOrder(db, orders, req.params.id)).order,
      );
      setETag(reply, order.version);
      req.log.info({ orderId: order.id, by: admin.id }, 'order marked paid');
      return { success: true as const, data: { order } };
    },
  );

  app.post(
    '/v1/admin/orders',
    {
      schema: {
        tags,
        summary:
          'Write an order for a WhatsApp or phone sale: customer found or made, lines priced with live stock, cash on delivery, paid offline or a payment link; Idempotency-Key',
        body: ManualOrderSchema,
        response: { 200: ManualOrderResponseSchema, 201: ManualOrderResponseSchema },
      },
    },
    async (req, reply) => {
      const admin = adminOf(req);
      const key = requiredIdempotencyKey(req);
      const { order, customer, created } = await manualOrders.place(admin.id, key, req.body);
      req.log.info({ orderId: order.id, by: admin.id, payment: req.body.payment, created }, 'manual order');
      return reply.code(created ? 201 : 200).send({ success: true as const, data: { order, customer } });
    },
  );
};
