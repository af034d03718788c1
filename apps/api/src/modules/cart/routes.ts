import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  CartAddSchema,
  CartItemIdParamsSchema,
  CartMergeResponseSchema,
  CartMergeSchema,
  CartResponseSchema,
  CartUpdateSchema,
  type ServerCart,
} from '@boutique/contracts';
import { privateRoutes } from '../../lib/private-routes.js';
import { requireUser } from '../../plugins/auth.js';
import type { CartService } from './service.js';

const tags = ['cart'];
const answer = (cart: ServerCart) => ({ success: true as const, data: { cart } });

/** The server cart of the signed-in customer. Register after the auth module (it needs `app.authenticate`). */
export const cartRoutes: FastifyPluginAsyncZod<{ service: CartService }> = async (app, { service }) => {
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

  app.delete(
    '/v1/cart/clear',
    {
      schema: { tags, summary: 'Empty the cart', response: { 200: CartResponseSchema } },
    },
    async (req) => answer(await service.clear(requireUser(req).id)),
  );
};
