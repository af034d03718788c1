import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ApplePayConfigResponseSchema,
  ApplePayProcessResponseSchema,
  ApplePayProcessSchema,
  CreatePaymentIntentSchema,
  PaymentConfigResponseSchema,
  PaymentConfirmResponseSchema,
  PaymentIntentResponseSchema,
  PaymentWebhookResponseSchema,
  ProcessPaymentResponseSchema,
  ProcessPaymentSchema,
  SandboxConfirmSchema,
  UpdatePaymentIntentSchema,
} from '@boutique/contracts';
import type { Config } from '../../env.js';
import { clientKey } from '../../lib/rate-limit.js';
import { requireUser } from '../../plugins/auth.js';
import type { OrderService } from '../orders/index.js';
import type { Reconciler } from '../orders/index.js';
import type { PaymentGateway } from '../payments/index.js';
import { SandboxGateway } from '../payments/index.js';
import type { PaymentService } from './service.js';
import { applePayContactAddress, completeAddress } from './addresses.js';
import { privateRoutes } from '../../lib/private-routes.js';
import type { ShopMetrics } from '../../metrics/index.js';
import type { StockService } from '../stock/index.js';
import type { CashOnDelivery } from './cash-on-delivery.js';

export interface PaymentRoutesOptions {
  config: Config;
  gateway: PaymentGateway;
  payments: PaymentService;
  orders: OrderService;
  reconciler: Reconciler;
  metrics: ShopMetrics;
  stock: StockService;
  /** Cash on delivery: the config answer says whether and for how much the checkout offers it. */
  cashOnDelivery: CashOnDelivery;
}

const tags = ['payments'];

export const paymentRoutes: FastifyPluginAsyncZod<PaymentRoutesOptions> = async (
  app,
  { config, gateway, payments, orders, reconciler, metrics, stock, cashOnDelivery },
) => {
  privateRoutes(app, { signedIn: false });

  app.get(
    '/v1/payments/config',
    {
      onRequest: app.authenticate,
      schema: {
        tags,
        summary:
          'Which gateway serves the checkout (the sandbox card form, or Stripe Elements with this key), and cash on delivery',
        response: { 200: PaymentConfigResponseSchema },
      },
    },
    async () => ({
      success: true as const,
      data: { ...payments.config(), cash_on_delivery: cashOnDelivery.config() },
    }),
  );

  app.post(
    '/v1/payments/payment-intent',
    {
      onRequest: app.authenticate,
      schema: {
        tags,
        summary:
          "Prepare a card payment of the server cart's total with the chosen shipping (the client's amount must agree: 409)",
        body: CreatePaymentIntentSchema,
        response: { 201: PaymentIntentResponseSchema },
      },
    },
    async (req, reply) => {
      const { amount, shipping_rate_id: rateId, country } = req.body;
      const data = await payments.createIntent(requireUser(req).id, amount, clientKey(req.ip), {
        rateId,
        country,
      });
      return reply.code(201).send({ success: true, data });
    },
  );

  app.post(
    '/v1/payments/update-payment-intent',
    {
      onRequest: app.authenticate,
      schema: {
        tags,
        summary: 'Re-price an unpaid intent from the cart as it is now (and the shipping chosen, when sent)',
        body: UpdatePaymentIntentSchema,
        response: { 200: PaymentIntentResponseSchema },
      },
    },
    async (req) => {
      const { paymentIntentId, amount, shipping_rate_id: rateId, country } = req.body;
      const data = await payments.updateIntent(
        requireUser(req).id,
        paymentIntentId,
        amount,
        clientKey(req.ip),
        rateId === undefined && country === undefined ? {} : { rateId, country },
      );
      return { success: true as const, data };
    },
  );

  app.post(
    '/v1/payments/process-payment',
    {
      onRequest: app.authenticate,
      schema: {
        tags,
        summary: "Check that a paid intent is the one behind the shopper's order",
        body: ProcessPaymentSchema,
        response: { 200: ProcessPaymentResponseSchema },
      },
    },
    async (req) => {
      const { paymentIntentId, order_id } = req.body;
      const data = await orders.linkPayment(requireUser(req).id, paymentIntentId, order_id);
      return { success: true as const, data };
    },
  );

  if (gateway instanceof SandboxGateway) {
    const sandbox = gateway;
    app.post(
      '/v1/payments/sandbox/confirm',
      {
        onRequest: app.authenticate,
        schema: {
          tags,
          summary: "Sandbox only: confirm an intent with one of Stripe's test cards, as Stripe.js would",
          body: SandboxConfirmSchema,
          response: { 200: PaymentConfirmResponseSchema },
        },
      },
      async (req) => {
        const { clientSecret, card, billing_details } = req.body;
        const result = await sandbox.confirmCard(
          requireUser(req).id,
          clientSecret,
          card,
          billing_details && completeAddress(billing_details),
        );
        if (result.event) await reconciler.handle(result.event);
        // A declined card has no event to count it (a success is counted with its event).
        else if (
          result.intent.status === 'failed' &&
          result.error?.code !== 'payment_intent_unexpected_state'
        )
          metrics.paymentSettled('failed');
        // Stock (decision 017): a declined card gives the pieces back; the checkout holds them again before
        // retrying.
        if (result.intent.status === 'failed') await stock.release(Number(result.intent.metadata.paymentId));
        return {
          success: true as const,
          data: {
            paymentIntent: { id: result.intent.id, status: result.intent.status },
            error: result.error,
          },
        };
      },
    );
  }

  const { parseWebhook } = gateway;
  if (parseWebhook) {
    // The signature covers the exact bytes Stripe sent: this route reads its body raw, whatever the type.
    await app.register(async (hook) => {
      hook.removeAllContentTypeParsers();
      hook.addContentTypeParser('*', { parseAs: 'buffer' }, (_req, body, done) => done(null, body));
      hook.post(
        '/v1/payments/webhook',
        {
          schema: {
            tags,
            summary: "The gateway's events (Stripe-Signature verified); a redelivered event is skipped",
            response: { 200: PaymentWebhookResponseSchema },
          },
        },
        async (req) => {
          const raw = Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0);
          const signature = req.headers['stripe-signature'];
          const event = parseWebhook(raw, typeof signature === 'string' ? signature : undefined);
          const outcome = await reconciler.handle(event);
          req.log.info({ eventId: event.id, type: event.type, outcome }, 'payment webhook');
          return {
            success: true as const,
            data: { received: true as const, duplicate: outcome === 'duplicate' },
          };
        },
      );
    });
  }

  app.get(
    '/v1/apple-pay/config',
    {
      onRequest: app.authenticate,
      schema: {
        tags,
        summary: 'What the Apple Pay payment sheet is set up with',
        response: { 200: ApplePayConfigResponseSchema },
      },
    },
    async () => ({
      success: true as const,
      data: {
        countryCode: 'AE',
        currencyCode: 'AED',
        supportedNetworks: ['visa', 'masterCard', 'amex'],
        merchantCapabilities: ['supports3DS', 'supportsCredit', 'supportsDebit'],
        merchantName: config.shop.name,
      },
    }),
  );

  app.post(
    '/v1/apple-pay/process-payment',
    {
      onRequest: app.authenticate,
      schema: {
        tags,
        summary: "Charge the Apple Pay token for the server cart's total; then POST /v1/orders with its id",
        body: ApplePayProcessSchema,
        response: { 200: ApplePayProcessResponseSchema },
      },
    },
    async (req) => {
      const body = req.body;
      const data = await payments.applePay(
        requireUser(req).id,
        {
          token: body.applePayToken,
          amount: body.amount,
          billing: applePayContactAddress(body.billing_contact),
          shipping: applePayContactAddress(body.shipping_contact),
          shippingRateId: body.shipping_rate_id,
        },
        clientKey(req.ip),
      );
      if (!data.success) metrics.paymentSettled('failed');
      return { success: true as const, data };
    },
  );
};
