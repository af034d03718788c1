import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AdminIdParamsSchema, VersionSchema } from '@boutique/contracts/admin';
import {
  type AdminCollection,
  AdminCollectionListResponseSchema,
  AdminCollectionResponseSchema,
  CollectionCreateSchema,
  CollectionUpdateSchema,
} from '@boutique/contracts/admin-collections';
import { fieldError, HttpError } from '../../lib/http-error.js';
import { expectedVersion, setETag } from '../../lib/if-match.js';
import { WIDE_WIDTHS } from '../../media/render.js';
import { AdminCollectionService } from './collections.js';
import { tags, INVALID, DeleteBodySchema, adminOf, readUpload, type AdminRoutesOptions } from './scope.js';

/** The back office's collections: list, create, edit (pieces and their order), picture, delete. */
export const collectionAdminRoutes: FastifyPluginAsyncZod<AdminRoutesOptions> = async (
  app,
  { db, storage },
) => {
  const collections = new AdminCollectionService(db, storage);

  async function answer(reply: FastifyReply, collection: AdminCollection) {
    setETag(reply, collection.version);
    return { success: true as const, data: { collection, audit: await collections.audit(collection.id) } };
  }

  app.get(
    '/v1/admin/collections',
    {
      schema: {
        tags,
        summary:
          'Collections in the shop’s order: the categories and the curated ones, with their piece counts',
        response: { 200: AdminCollectionListResponseSchema },
      },
    },
    async () => ({ success: true as const, data: { collections: await collections.list() } }),
  );

  app.post(
    '/v1/admin/collections',
    {
      schema: {
        tags,
        summary:
          'Create a curated collection: names, descriptions, search-engine texts and its pieces in order',
        body: CollectionCreateSchema,
        response: { 201: AdminCollectionResponseSchema },
      },
    },
    async (req, reply) => {
      const collection = await collections.create(adminOf(req).id, req.body);
      return reply.code(201).send(await answer(reply, collection));
    },
  );

  app.get(
    '/v1/admin/collections/:id',
    {
      schema: {
        tags,
        summary: 'One collection with its pieces in order and its audit trail',
        params: AdminIdParamsSchema,
        response: { 200: AdminCollectionResponseSchema },
      },
    },
    async (req, reply) => answer(reply, await collections.get(req.params.id)),
  );

  app.patch(
    '/v1/admin/collections/:id',
    {
      schema: {
        tags,
        summary:
          'Change a collection: only the fields sent change, if it is still at the version sent (If-Match or version; 409 stale otherwise)',
        params: AdminIdParamsSchema,
        body: CollectionUpdateSchema,
        response: { 200: AdminCollectionResponseSchema },
      },
    },
    async (req, reply) => {
      const expected = expectedVersion(req, req.body.version);
      return answer(reply, await collections.update(adminOf(req).id, req.params.id, req.body, expected));
    },
  );

  app.post(
    '/v1/admin/collections/:id/image',
    {
      schema: {
        tags,
        summary:
          'Replace the collection’s picture (multipart "file", and "version" or If-Match), checked and re-encoded like product pictures',
        params: AdminIdParamsSchema,
        response: { 200: AdminCollectionResponseSchema },
      },
    },
    async (req, reply) => {
      const { pictures, fields } = await readUpload(req, WIDE_WIDTHS);
      const version = z.coerce
        .number()
        .pipe(VersionSchema)
        .optional()
        .safeParse(fields.version || undefined);
      if (!version.success) {
        throw new HttpError(422, INVALID, { version: [fieldError('invalid', 'The version is not valid.')] });
      }
      if (pictures.length > 1) {
        throw new HttpError(422, INVALID, {
          file: [fieldError('limit_reached', 'Send one picture for a collection.')],
        });
      }
      const expected = expectedVersion(req, version.data);
      const collection = await collections.setImage(adminOf(req).id, req.params.id, pictures[0]!, expected);
      return answer(reply, collection);
    },
  );

  app.delete(
    '/v1/admin/collections/:id',
    {
      schema: {
        tags,
        summary:
          'Delete a curated collection, or a category no product belongs to (409 collection_not_empty otherwise)',
        params: AdminIdParamsSchema,
        body: DeleteBodySchema,
        response: { 200: AdminCollectionListResponseSchema },
      },
    },
    async (req) => {
      const expected = expectedVersion(req, req.body?.version);
      return {
        success: true as const,
        data: { collections: await collections.remove(adminOf(req).id, req.params.id, expected) },
      };
    },
  );
};
