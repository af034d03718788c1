import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ADDRESSES_MAX,
  AddressIdParamsSchema,
  AddressInputSchema,
  AddressListResponseSchema,
  AddressResponseSchema,
} from '@boutique/contracts';
import { privateRoutes } from '../../lib/private-routes.js';
import { requireUser } from '../../plugins/auth.js';
import type { AddressService } from './service.js';

export interface AccountRoutesOptions {
  addresses: AddressService;
}

const tags = ['account'];

/** The signed-in customer's saved addresses (they prefill checkout). Every route needs an access token. */
export const accountRoutes: FastifyPluginAsyncZod<AccountRoutesOptions> = async (app, { addresses }) => {
  privateRoutes(app, { signedIn: true });

  app.get(
    '/v1/account/addresses',
    {
      schema: {
        tags,
        summary: 'The saved addresses, the default first, then the newest',
        response: { 200: AddressListResponseSchema },
      },
    },
    async (req) => ({
      success: true as const,
      data: { addresses: await addresses.list(requireUser(req).id) },
    }),
  );

  app.post(
    '/v1/account/addresses',
    {
      schema: {
        tags,
        summary:
          `Save an address (at most ${ADDRESSES_MAX}); the first one, or one sent with is_default, becomes the ` +
          'default. One identical to a saved address is not added again: that one is answered, with 200',
        body: AddressInputSchema,
        response: { 200: AddressResponseSchema, 201: AddressResponseSchema },
      },
    },
    async (req, reply) => {
      const { address, created } = await addresses.create(requireUser(req).id, req.body);
      return reply.code(created ? 201 : 200).send({ success: true, data: { address } });
    },
  );

  app.put(
    '/v1/account/addresses/:id',
    {
      schema: {
        tags,
        summary:
          'Replace an address; is_default: true makes it the default (the default moves by choosing another, never to none)',
        params: AddressIdParamsSchema,
        body: AddressInputSchema,
        response: { 200: AddressResponseSchema },
      },
    },
    async (req) => ({
      success: true as const,
      data: { address: await addresses.update(requireUser(req).id, req.params.id, req.body) },
    }),
  );

  app.delete(
    '/v1/account/addresses/:id',
    {
      schema: {
        tags,
        summary:
          'Delete an address; deleting the default makes the newest remaining one the default. Answers the addresses that remain',
        params: AddressIdParamsSchema,
        response: { 200: AddressListResponseSchema },
      },
    },
    async (req) => ({
      success: true as const,
      data: { addresses: await addresses.remove(requireUser(req).id, req.params.id) },
    }),
  );
};
