import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  CashOnDeliveryOrderSchema,
  PaymentLinkIntentResponseSchema,
  PaymentLinkOutcomeResponseSchema,
  PaymentLinkParamsSchema,
  PaymentLinkResponseSchema,
  PaymentLinkSandboxConfirmSchema,
  PlacedOrderResponseSchema,
} from '@boutique/contracts';
import { requiredIdempotencyKey } from '../../lib/idempotency-key.js';
import { privateRoutes } from '../../lib/private-routes.js';
import { requireUser } from '../../plugins/auth.js';
import { SandboxGateway, type PaymentGateway } from '../payments/index.js';
import { completeAddress } from './addresses.js';
import type { CashOnDelivery } from './cash-on-delivery.js';
import type { PaymentLinkPayments } from './payment-links.js';

export interface OfflinePaymentRoutesOptions {
  gateway: PaymentGateway;
  cashOnDelivery: CashOnDelivery;
  links: PaymentLinkPayments;
}

const tags = ['payments'];

/** Orders paid without a card at checkout: cash on delivery, and a manual order's payment link. */
export const offlinePaymentRoutes: FastifyPluginAsyncZod<OfflinePaymentRoutesOptions> = async (
  app,
  { gateway, cashOnDelivery, links },
) => {
  privateRoutes(app, { signedIn: false });

  app.post(
    '/v1/orders/cash-on-delivery',
    {
      onRequest: app.authenticate,
      schema: {
        tags,
        summary:
          "Place the cart's order, paid in cash on delivery (UAE addresses, COD_ENABLED); Idempotency-Key: the same key answers the same order",
        body: CashOnDeliveryOrderSchema,
        response: { 200: PlacedOrderResponseSchema, 201: PlacedOrderResponseSchema },
      },
    },
    async (req, reply) => {
      const key = requiredIdempotencyKey(req);
      const { order, created } = await cashOnDelivery.place(requireUser(req).id, key, req.body);
      return reply.code(created ? 201 : 200).send({
        success: true as const,
        data: {
          order_id: order.id,
          order_number: order.order_number,
          total_amount: order.total_amount,
          payment_method: order.payment_method,
          payment_status: order.payment_status,
        },
      });
    },
  );

  app.get(
    '/v1/pay/:token',
    {
      schema: {
        tags,
        summary: "A payment link's order (410 once paid, cancelled or expired)",
        params: PaymentLinkParamsSchema,
        response: { 200: PaymentLinkResponseSchema },
      },
    },
    async (req) => ({ success: true as const, data: await links.view(req.params.token) }),
  );

  app.post(
    '/v1/pay/:token/intent',
    {
      schema: {
        tags,
        summary: "The link's payment intent for its order's total (made once, answered again)",
        params: PaymentLinkParamsSchema,
        response: { 200: PaymentLinkIntentResponseSchema },
      },
    },
    async (req) => ({ success: true as const, data: await links.intent(req.params.token) }),
  );

  app.post(
    '/v1/pay/:token/complete',
    {
      schema: {
        tags,
        summary: 'After the card was confirmed: asks the gateway and pays the order on its success',
        params: PaymentLinkParamsSchema,
        response: { 200: PaymentLinkOutcomeResponseSchema },
      },
    },
    async (req) => ({ success: true as const, data: await links.complete(req.params.token) }),
  );

  if (gateway instanceof SandboxGateway) {
    const sandbox = gateway;
    app.post(
      '/v1/pay/:token/sandbox-confirm',
      {
        schema: {
          tags,
          summary: "Sandbox only: pay the link's order with one of Stripe's test cards",
          params: PaymentLinkParamsSchema,
          body: PaymentLinkSandboxConfirmSchema,
          response: { 200: PaymentLinkOutcomeResponseSchema },
        },
      },
      async (req) => {
        const { card, billing_details } = req.body;
        const data = await links.sandboxConfirm(
          sandbox,
          req.params.token,
          card,
          billing_details && completeAddress(billing_details),
        );
        return { success: true as const, data };
      },
    );
  }
};
