import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  AdminGalleryListResponseSchema,
  AdminGalleryResponseSchema,
  AdminIdParamsSchema,
  GalleryOrderSchema,
  GalleryUpdateSchema,
  GalleryUploadFieldsSchema,
} from '@boutique/contracts/admin';
import { schemaFieldErrors } from '../../lib/field-errors.js';
import { fieldError, HttpError } from '../../lib/http-error.js';
import { expectedVersion, setETag } from '../../lib/if-match.js';
import { GALLERY_WIDTHS } from '../../media/render.js';
import { AdminGalleryService } from './galleries.js';
import { tags, INVALID, DeleteBodySchema, adminOf, readUpload, type AdminRoutesOptions } from './scope.js';

/** The back office's gallery scenes: upload, caption, order, delete. */
export const galleryAdminRoutes: FastifyPluginAsyncZod<AdminRoutesOptions> = async (app, { db, storage }) => {
  const galleries = new AdminGalleryService(db, storage);

  app.get(
    '/v1/admin/galleries',
    {
      schema: {
        tags,
        summary: 'Gallery scenes in their order',
        response: { 200: AdminGalleryListResponseSchema },
      },
    },
    async () => ({ success: true as const, data: { galleries: await galleries.list() } }),
  );

  app.post(
    '/v1/admin/galleries',
    {
      schema: {
        tags,
        summary:
          'Add a gallery scene (multipart: "file" and caption_en, caption_fr, caption_ar), checked and re-encoded like product pictures',
        response: { 201: AdminGalleryResponseSchema },
      },
    },
    async (req, reply) => {
      const { pictures, fields } = await readUpload(req, GALLERY_WIDTHS);
      const caption = GalleryUploadFieldsSchema.safeParse(fields);
      if (!caption.success) {
        throw new HttpError(422, INVALID, schemaFieldErrors(caption.error.issues, fields, 'body'));
      }
      if (pictures.length > 1) {
        throw new HttpError(422, INVALID, {
          file: [fieldError('limit_reached', 'Send one picture per gallery scene.')],
        });
      }
      const gallery = await galleries.create(adminOf(req).id, pictures[0]!, {
        en: caption.data.caption_en,
        fr: caption.data.caption_fr,
        ar: caption.data.caption_ar,
      });
      return reply.code(201).send({ success: true as const, data: { gallery } });
    },
  );

  app.patch(
    '/v1/admin/galleries',
    {
      schema: {
        tags,
        summary:
          'Reorder the gallery scenes: every id once, in the new order, with each scene\'s version ({order, versions: {"id": version}})',
        body: GalleryOrderSchema,
        response: { 200: AdminGalleryListResponseSchema },
      },
    },
    async (req) => {
      const versions = req.body.versions ?? {};
      // Every scene's version, as for any other write: a reorder must not undo a change it never showed.
      for (const id of req.body.order) expectedVersion(req, versions[String(id)]);
      return {
        success: true as const,
        data: { galleries: await galleries.order(adminOf(req).id, req.body.order, versions) },
      };
    },
  );

  app.patch(
    '/v1/admin/galleries/:id',
    {
      schema: {
        tags,
        summary: "Change a scene's caption",
        params: AdminIdParamsSchema,
        body: GalleryUpdateSchema,
        response: { 200: AdminGalleryResponseSchema },
      },
    },
    async (req, reply) => {
      const expected = expectedVersion(req, req.body.version);
      const gallery = await galleries.update(adminOf(req).id, req.params.id, req.body, expected);
      setETag(reply, gallery.version);
      return { success: true as const, data: { gallery } };
    },
  );

  app.delete(
    '/v1/admin/galleries/:id',
    {
      schema: {
        tags,
        summary: "Delete a gallery scene (with the scene's version: If-Match or version)",
        params: AdminIdParamsSchema,
        body: DeleteBodySchema,
        response: { 200: AdminGalleryListResponseSchema },
      },
    },
    async (req) => {
      const expected = expectedVersion(req, req.body?.version);
      return {
        success: true as const,
        data: { galleries: await galleries.remove(adminOf(req).id, req.params.id, expected) },
      };
    },
  );
};
