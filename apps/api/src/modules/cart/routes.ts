import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  CartAddSchema,
  CartDiscountApplySchema,
  CartItemIdParamsSchema,
  CartMergeResponseSchema,
  CartMergeSchema,
  CartResponseSchema,
  CartUpdateSchema,
  type ServerCart,
} from '@boutique/contracts';
import { privateRoutes } from '../../lib/private-routes.js';
import { clientKey, type RateLimit, type Throttle } from '../../lib/rate-limit.js';
import { requireUser } from '../../plugins/auth.js';
import type { CartService } from './service.js';

const tags = ['cart'];
const answer = (cart: ServerCart) => ({ success: true as const, data: { cart } });

/** The server cart of the signed-in customer. Register after the auth module (it needs `app.authenticate`). */
export const cartRoutes: FastifyPluginAsyncZod<{
  service: CartService;
  /** Counts the discount codes tried, per account and per network (config.auth.rateLimits). */
  throttle: Throttle;
  discountLimits: { perUser: RateLimit; perIp: RateLimit };
}> = async (app, { service, throttle, discountLimits }) => {
  privateRoutes(app, { signedIn: true });

  app.get(
    '/v1/cart',
    {
      schema: { tags, summary: 'The cart, priced now', response: { 200: CartResponseSchema } },
    },
    async (req) => answer(await service.get(requireUser(req).id)),
  );

  app.post(
    '/v1/cart/add',
    {
      schema: {
        tags,
        summary: 'Add a product in a colour and size; the same line sums its quantities (99 at most)',
        body: CartAddSchema,
        response: { 200: CartResponseSchema },
      },
    },
    async (req) => answer(await service.add(requireUser(req).id, req.body)),
  );

  app.post(
    '/v1/cart/merge',
    {
      schema: {
        tags,
        summary: "On login: add the browser cart's lines the server cart lacks; report the ones skipped",
        description:
          'Lines the server cart has (same slug, colour and size) are left as they are. An item that is ' +
          'malformed, unknown, inactive or not offered in that colour or size is skipped and listed in ' +
          '`skipped`, not refused; only a body that is not `{ items: [...] }` of at most 50 is a 422.',
        body: CartMergeSchema,
        response: { 200: CartMergeResponseSchema },
      },
    },
    async (req) => ({
      success: true as const,
      data: await service.merge(requireUser(req).id, req.body.items),
    }),
  );

  app.put(
    '/v1/cart/items/:id',
    {
      schema: {
        tags,
        summary: 'Set the quantity of a line',
        params: CartItemIdParamsSchema,
        body: CartUpdateSchema,
        response: { 200: CartResponseSchema },
      },
    },
    async (req) => answer(await service.update(requireUser(req).id, req.params.id, req.body.quantity)),
  );

  app.delete(
    '/v1/cart/items/:id',
    {
      schema: {
        tags,
        summary: 'Remove a line',
        params: CartItemIdParamsSchema,
        response: { 200: CartResponseSchema },
      },
    },
    async (req) => answer(await service.remove(requireUser(req).id, req.params.id)),
  );

  app.post(
    '/v1/cart/discount',
    {
      schema: {
        tags,
        summary: 'Apply a discount code to the cart (one at a time: it replaces the one the cart had)',
        description:
          'Refused with 422 and `code` when it does not apply: discount_unknown, discount_not_started, ' +
          'discount_expired, discount_not_eligible, discount_below_minimum (with `minimum`), discount_used_up, ' +
          'discount_customer_limit. Attempts are limited per account and per network (429).',
        body: CartDiscountApplySchema,
        response: { 200: CartResponseSchema },
      },
    },
    async (req, reply) => {
      const user = requireUser(req);
      await throttle(
        req,
        reply,
        [
          [discountLimits.perUser, String(user.id)],
          [discountLimits.perIp, clientKey(req.ip)],
        ],
        user.id,
      );
      return answer(await service.applyDiscount(user.id, req.body.code));
    },
  );

  app.delete(
    '/v1/cart/discount',
    {
      schema: { tags, summary: "Remove the cart's discount code", response: { 200: CartResponseSchema } },
    },
    async (req) => answer(await service.removeDiscount(requireUser(req).id)),
  );

  app.delete(
    '/v1/cart/clear',
    {
      schema: { tags, summary: 'Empty the cart', response: { 200: CartResponseSchema } },
    },
    async (req) => answer(await service.clear(requireUser(req).id)),
  );
};
