import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  CreateOrderResponseSchema,
  CreateOrderSchema,
  InvoiceResponseSchema,
  OrderIdParamsSchema,
  OrderListResponseSchema,
  OrderResponseSchema,
  OrderStatusResponseSchema,
  OrderStatusUpdateSchema,
} from '@boutique/contracts';
import type { Database } from '../../db/client.js';
import { requireUser } from '../../plugins/auth.js';
import { requireAdmin, requireOwner } from '../../plugins/roles.js';
import type { OrderService } from './service.js';
import { invoiceOf, type InvoiceIssuer } from './invoice.js';
import { privateRoutes } from '../../lib/private-routes.js';
import { expectedVersion, setETag } from '../../lib/if-match.js';
import { withCurrent } from '../../db/versions.js';
import { adminOrder } from './admin.js';

export interface OrderRoutesOptions {
  db: Database;
  orders: OrderService;
  /** Who issues the invoices: the shop's name, address, TRN (SHOP_TRN), contact. */
  issuer: InvoiceIssuer;
}

const tags = ['orders'];

export const orderRoutes: FastifyPluginAsyncZod<OrderRoutesOptions> = async (app, { db, orders, issuer }) => {
  privateRoutes(app, { signedIn: false });

  app.post(
    '/v1/orders',
    {
      onRequest: app.authenticate,
      schema: {
        tags,
        summary:
          'Record the order of a succeeded payment; the same payment always answers with the same order (201 made, 200 already made)',
        body: CreateOrderSchema,
        response: { 200: CreateOrderResponseSchema, 201: CreateOrderResponseSchema },
      },
    },
    async (req, reply) => {
      const { order, created } = await orders.placeOrder(requireUser(req).id, req.body);
      return reply.code(created ? 201 : 200).send({
        success: true,
        data: { order_id: order.id, order_number: order.order_number, total_amount: order.total_amount },
      });
    },
  );

  app.get(
    '/v1/orders/:id/invoice',
    {
      onRequest: app.authenticate,
      schema: {
        tags,
        summary:
          "The tax invoice of one of the signed-in shopper's orders (a receipt when the shop has no SHOP_TRN); someone else's order is 404",
        params: OrderIdParamsSchema,
        response: { 200: InvoiceResponseSchema },
      },
    },
    async (req) => ({
      success: true as const,
      data: { invoice: invoiceOf(await orders.getForUser(requireUser(req).id, req.params.id), issuer) },
    }),
  );

  app.get(
    '/v1/orders/my-orders',
    {
      onRequest: app.authenticate,
      schema: {
        tags,
        summary: "The signed-in shopper's orders, newest first, with their items",
        response: { 200: OrderListResponseSchema },
      },
    },
    async (req) => ({
      success: true as const,
      data: { orders: await orders.listForUser(requireUser(req).id) },
    }),
  );

  app.get(
    '/v1/orders/:id',
    {
      onRequest: app.authenticate,
      schema: {
        tags,
        summary: "One of the shopper's orders (anyone else's is 404)",
        params: OrderIdParamsSchema,
        response: { 200: OrderResponseSchema },
      },
    },
    async (req) => ({
      success: true as const,
      data: { order: await orders.getForUser(requireUser(req).id, req.params.id) },
    }),
  );

  app.patch(
    '/v1/orders/:id/status',
    {
      onRequest: app.authenticate,
      schema: {
        tags,
        summary:
          'Admin: move an order forward (unfulfilled, processing, shipped, delivered; stages may be skipped) or cancel it before it ships',
        params: OrderIdParamsSchema,
        body: OrderStatusUpdateSchema,
        response: { 200: OrderStatusResponseSchema },
      },
    },
    async (req, reply) => {
      const admin = await requireAdmin(db, req);
      // Staff move orders along; cancelling refunds what was paid, and only the owner moves money.
      if (req.body.status === 'cancelled' && admin.role !== 'admin') await requireOwner(db, req);
      const order = await withCurrent(
        orders.updateStatus(admin.id, req.params.id, req.body, expectedVersion(req, req.body.version)),
        async () => (await adminOrder(db, orders, req.params.id)).order,
      );
      setETag(reply, order.version);
      req.log.info(
        { orderId: order.id, status: order.fulfillment_status, by: admin.id },
        'order status changed',
      );
      return { success: true as const, data: { order } };
    },
  );
};
