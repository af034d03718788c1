import type { FastifyRequest } from 'fastify';
import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ADMIN_UPLOAD,
  AdminCategoriesResponseSchema,
  AdminCustomerListQuerySchema,
  AdminCustomerListResponseSchema,
  AdminCustomerResponseSchema,
  AdminGalleryListResponseSchema,
  AdminGalleryResponseSchema,
  AdminIdParamsSchema,
  AdminImageParamsSchema,
  AdminImageUploadResponseSchema,
  AdminImagesResponseSchema,
  AdminMessageListQuerySchema,
  AdminMessageListResponseSchema,
  AdminMessageResponseSchema,
  AdminOrderListQuerySchema,
  AdminOrderListResponseSchema,
  AdminOrderResponseSchema,
  AdminProductListQuerySchema,
  AdminProductListResponseSchema,
  AdminProductResponseSchema,
  AdminStatsQuerySchema,
  AdminStatsResponseSchema,
  GalleryOrderSchema,
  GalleryUpdateSchema,
  GalleryUploadFieldsSchema,
  ImageOrderSchema,
  MessageUpdateSchema,
  PackingSlipResponseSchema,
  ProductCreateSchema,
  ProductUpdateSchema,
  StockAdjustmentCreateSchema,
  StockAdjustmentResponseSchema,
  StockHistoryQuerySchema,
  StockHistoryResponseSchema,
  VersionSchema,
  AdminFailedMailListResponseSchema,
  AdminMailResendResponseSchema,
} from '@boutique/contracts/admin';
import type { Database } from '../../db/client.js';
import { schemaFieldErrors } from '../../lib/field-errors.js';
import { fieldError, HttpError } from '../../lib/http-error.js';
import { expectedVersion, setETag } from '../../lib/if-match.js';
import { privateRoutes } from '../../lib/private-routes.js';
import { PRODUCT_WIDTHS, GALLERY_WIDTHS } from '../../media/render.js';
import { requireAdmin } from '../../plugins/roles.js';
import type { Storage } from '../../storage/index.js';
import type { OrderService } from '../orders/index.js';
import type { StockService } from '../stock/index.js';
import { AdminGalleryService } from './galleries.js';
import {
  customerDetail,
  listCustomers,
  listFailedMails,
  listMessages,
  resendFailedMail,
  updateMessage,
} from './inbox.js';
import { adminOrder, listOrders, packingSlip } from '../orders/index.js';
import { PictureError, preparePicture, type PreparedPicture } from '../../media/pictures.js';
import { AdminProductService } from '../catalog/index.js';
import { dashboardStats } from './stats.js';
import { adjustStock, stockHistory } from '../stock/index.js';

export interface AdminRoutesOptions {
  db: Database;
  storage: Storage;
  stock: StockService;
  orders: OrderService;
  shop: { name: string; email: string; phone: string; url: string };
  /** SHOP_TIMEZONE: the zone of the dashboard's days and the order list's date filters. */
  timeZone: string;
}

const tags = ['admin'];
const INVALID = 'The given data was invalid';

/** A DELETE may say its version in a small JSON body, as the other writes do, or in `If-Match`. */
const DeleteBodySchema = z.object({ version: VersionSchema.optional() }).nullish();

/** The admin who makes this request; every route of the scope has passed `requireAdmin` already. */
const adminOf = (req: FastifyRequest) => {
  if (!req.user) throw new HttpError(401, 'Unauthenticated.');
  return req.user;
};

/**
 * The back office's API, `/api/v1/admin/*` (docs/design.md, Back office). One guard for the whole scope,
 * before any body is read: a guest hears 401, anyone but an admin past the second factor 403
 * (plugins/roles.ts).
 */
export const adminRoutes: FastifyPluginAsyncZod<AdminRoutesOptions> = async (app, options) => {
  const { db, storage, stock, orders, shop, timeZone } = options;
  privateRoutes(app, { signedIn: true });
  app.addHook('onRequest', async (req) => {
    await requireAdmin(db, req);
  });
  await app.register(multipart, {
    limits: {
      fileSize: ADMIN_UPLOAD.maxBytes,
      files: ADMIN_UPLOAD.maxFiles,
      fields: 10,
      fieldSize: 4096,
      parts: ADMIN_UPLOAD.maxFiles + 10,
    },
  });
  const products = new AdminProductService(db, storage, stock);
  const galleries = new AdminGalleryService(db, storage);

  /**
   * Reads every part of a multipart upload and prepares each `file` before anything is stored: one refused
   * file refuses the request, and nothing of it is kept.
   */
  async function readUpload(req: FastifyRequest, widths: readonly number[]) {
    if (!req.isMultipart()) {
      throw new HttpError(422, INVALID, {
        file: [fieldError('invalid', 'Send the pictures as multipart/form-data, field "file".')],
      });
    }
    const pictures: PreparedPicture[] = [];
    const fields: Record<string, string> = {};
    try {
      for await (const part of req.parts()) {
        if (part.type === 'field') {
          if (typeof part.value === 'string') fields[part.fieldname] = part.value;
          continue;
        }
        const bytes = await part.toBuffer();
        if (part.fieldname !== 'file') continue;
        pictures.push(await preparePicture(bytes, part.filename, widths));
      }
    } catch (err) {
      if (err instanceof PictureError) {
        throw new HttpError(422, err.message, { file: [fieldError('invalid', err.message)] });
      }
      const code = (err as { code?: string }).code;
      if (code === 'FST_REQ_FILE_TOO_LARGE') {
        const message = `A picture may not be larger than ${ADMIN_UPLOAD.maxBytes / 1024 / 1024} MB.`;
        throw new HttpError(422, message, { file: [fieldError('too_long', message)] });
      }
      if (code === 'FST_FILES_LIMIT' || code === 'FST_PARTS_LIMIT') {
        const message = `Send at most ${ADMIN_UPLOAD.maxFiles} pictures at once.`;
        throw new HttpError(422, message, { file: [fieldError('limit_reached', message)] });
      }
      throw err;
    }
    if (pictures.length === 0) {
      throw new HttpError(422, INVALID, {
        file: [fieldError('required', 'Choose at least one picture (field "file").')],
      });
    }
    return { pictures, fields };
  }

  // ---------------------------------------------------------------- products

  app.get(
    '/v1/admin/products',
    {
      schema: {
        tags,
        summary:
          'Products for the back office: search, filter, paginate (archived ones with status=archived)',
        querystring: AdminProductListQuerySchema,
        response: { 200: AdminProductListResponseSchema },
      },
    },
    async (req) => ({ success: true as const, data: { products: await products.list(req.query) } }),
  );

  app.post(
    '/v1/admin/products',
    {
      schema: {
        tags,
        summary: 'Create a product, with its sizes and their stock',
        body: ProductCreateSchema,
        response: { 201: AdminProductResponseSchema },
      },
    },
    async (req, reply) => {
      const product = await products.create(adminOf(req).id, req.body);
      setETag(reply, product.version);
      return reply
        .code(201)
        .send({ success: true as const, data: { product, audit: await products.audit(product.id) } });
    },
  );

  app.get(
    '/v1/admin/products/:id',
    {
      schema: {
        tags,
        summary: 'One product with every field, its stock per size and its audit trail',
        params: AdminIdParamsSchema,
        response: { 200: AdminProductResponseSchema },
      },
    },
    async (req, reply) => {
      const product = await products.get(req.params.id);
      setETag(reply, product.version);
      return { success: true as const, data: { product, audit: await products.audit(req.params.id) } };
    },
  );

  app.patch(
    '/v1/admin/products/:id',
    {
      schema: {
        tags,
        summary:
          'Change a product: only the fields sent change, if it is still at the version sent (If-Match or version; 409 stale otherwise). Its stock moves by stock adjustments only.',
        params: AdminIdParamsSchema,
        body: ProductUpdateSchema,
        response: { 200: AdminProductResponseSchema },
      },
    },
    async (req, reply) => {
      const expected = expectedVersion(req, req.body.version);
      const product = await products.update(adminOf(req).id, req.params.id, req.body, expected);
      setETag(reply, product.version);
      return { success: true as const, data: { product, audit: await products.audit(product.id) } };
    },
  );

  app.delete(
    '/v1/admin/products/:id',
    {
      schema: {
        tags,
        summary: 'Archive a product: hidden from the shop and not for sale; orders keep their copy',
        params: AdminIdParamsSchema,
        body: DeleteBodySchema,
        response: { 200: AdminProductResponseSchema },
      },
    },
    async (req, reply) => {
      const expected = expectedVersion(req, req.body?.version);
      const product = await products.archive(adminOf(req).id, req.params.id, expected);
      setETag(reply, product.version);
      return { success: true as const, data: { product, audit: await products.audit(product.id) } };
    },
  );

  app.post(
    '/v1/admin/products/:id/images',
    {
      schema: {
        tags,
        summary:
          'Upload pictures (multipart, field "file", several at once): JPEG, PNG, WebP or AVIF by content, at most 15 MB each; re-encoded to WebP and AVIF renditions',
        params: AdminIdParamsSchema,
        response: { 201: AdminImageUploadResponseSchema },
      },
    },
    async (req, reply) => {
      await products.get(req.params.id);
      const { pictures } = await readUpload(req, PRODUCT_WIDTHS);
      const { uploaded, images, version } = await products.addImages(
        adminOf(req).id,
        req.params.id,
        pictures,
      );
      setETag(reply, version);
      return reply
        .code(201)
        .send({ success: true as const, data: { image: uploaded[0]!, uploaded, images, version } });
    },
  );

  app.patch(
    '/v1/admin/products/:id/images',
    {
      schema: {
        tags,
        summary: 'Reorder the pictures ({order: [ids]}) or choose the main one ({main: id})',
        params: AdminIdParamsSchema,
        body: ImageOrderSchema,
        response: { 200: AdminImagesResponseSchema },
      },
    },
    async (req, reply) => {
      const expected = expectedVersion(req, req.body.version);
      const product = await products.orderImages(adminOf(req).id, req.params.id, req.body, expected);
      setETag(reply, product.version);
      return { success: true as const, data: { images: product.images, version: product.version } };
    },
  );

  app.delete(
    '/v1/admin/products/:id/images/:imageId',
    {
      schema: {
        tags,
        summary: "Delete a picture (with the product's version: If-Match or version)",
        params: AdminImageParamsSchema,
        body: DeleteBodySchema,
        response: { 200: AdminImagesResponseSchema },
      },
    },
    async (req, reply) => {
      const expected = expectedVersion(req, req.body?.version);
      const product = await products.deleteImage(
        adminOf(req).id,
        req.params.id,
        req.params.imageId,
        expected,
      );
      setETag(reply, product.version);
      return { success: true as const, data: { images: product.images, version: product.version } };
    },
  );

  app.get(
    '/v1/admin/products/:id/stock-adjustments',
    {
      schema: {
        tags,
        summary:
          "A product's history of pieces, newest first (sales, cancellations, returns, refunds and adjustments; `size`, `color` to narrow it), and its counts now",
        params: AdminIdParamsSchema,
        querystring: StockHistoryQuerySchema,
        response: { 200: StockHistoryResponseSchema },
      },
    },
    async (req) => {
      const product = await products.get(req.params.id);
      return {
        success: true as const,
        data: {
          adjustments: await stockHistory(db, req.params.id, req.query),
          sizes: product.sizes,
        },
      };
    },
  );

  app.post(
    '/v1/admin/products/:id/stock-adjustments',
    {
      schema: {
        tags,
        summary:
          'Add or take away pieces of a size ({size, delta, reason, note?, color?}): never below what payments under way hold (422 naming it)',
        params: AdminIdParamsSchema,
        body: StockAdjustmentCreateSchema,
        response: { 201: StockAdjustmentResponseSchema },
      },
    },
    async (req, reply) => {
      const adjustment = await adjustStock(db, stock, adminOf(req).id, req.params.id, req.body);
      const product = await products.get(req.params.id);
      return reply.code(201).send({ success: true as const, data: { adjustment, sizes: product.sizes } });
    },
  );

  app.get(
    '/v1/admin/categories',
    {
      schema: {
        tags,
        summary: 'Categories a product may belong to',
        response: { 200: AdminCategoriesResponseSchema },
      },
    },
    async () => ({ success: true as const, data: { categories: await products.categories() } }),
  );

  // ---------------------------------------------------------------- gallery scenes

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

  // ---------------------------------------------------------------- orders

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

  // ---------------------------------------------------------------- messages

  app.get(
    '/v1/admin/messages',
    {
      schema: {
        tags,
        summary: 'The contact inbox: unread first, then newest',
        querystring: AdminMessageListQuerySchema,
        response: { 200: AdminMessageListResponseSchema },
      },
    },
    async (req) => ({ success: true as const, data: await listMessages(db, req.query) }),
  );

  app.get(
    '/v1/admin/mail/failed',
    {
      schema: {
        tags,
        summary: 'E-mails the outbox gave up on after every try (a long mail server outage), newest first',
        response: { 200: AdminFailedMailListResponseSchema },
      },
    },
    async () => ({ success: true as const, data: { mails: await listFailedMails(db) } }),
  );

  app.post(
    '/v1/admin/mail/:id/resend',
    {
      schema: {
        tags,
        summary: 'Send a failed e-mail again: back in the outbox, its tries counted afresh (audit-logged)',
        params: AdminIdParamsSchema,
        response: { 200: AdminMailResendResponseSchema },
      },
    },
    async (req) => {
      await resendFailedMail(db, adminOf(req).id, req.params.id);
      return { success: true as const, data: { resent: true as const } };
    },
  );

  app.patch(
    '/v1/admin/messages/:id',
    {
      schema: {
        tags,
        summary: 'Mark a message read or unread, archive or bring it back',
        params: AdminIdParamsSchema,
        body: MessageUpdateSchema,
        response: { 200: AdminMessageResponseSchema },
      },
    },
    async (req, reply) => {
      const expected = expectedVersion(req, req.body.version);
      const message = await updateMessage(db, adminOf(req).id, req.params.id, req.body, expected);
      setETag(reply, message.version);
      return { success: true as const, data: { message } };
    },
  );

  // ---------------------------------------------------------------- customers

  app.get(
    '/v1/admin/customers',
    {
      schema: {
        tags,
        summary: 'Accounts with their orders count and total spent',
        querystring: AdminCustomerListQuerySchema,
        response: { 200: AdminCustomerListResponseSchema },
      },
    },
    async (req) => ({ success: true as const, data: { customers: await listCustomers(db, req.query) } }),
  );

  app.get(
    '/v1/admin/customers/:id',
    {
      schema: {
        tags,
        summary: 'One account with its orders and saved addresses (read only)',
        params: AdminIdParamsSchema,
        response: { 200: AdminCustomerResponseSchema },
      },
    },
    async (req) => ({ success: true as const, data: await customerDetail(db, req.params.id) }),
  );

  // ---------------------------------------------------------------- dashboard

  app.get(
    '/v1/admin/stats',
    {
      schema: {
        tags,
        summary:
          'Dashboard: revenue and orders per day over 7, 30 or 90 days, average basket, top products, low stock, unread messages, orders to ship',
        querystring: AdminStatsQuerySchema,
        response: { 200: AdminStatsResponseSchema },
      },
    },
    async (req) => ({
      success: true as const,
      data: { stats: await dashboardStats(db, req.query.days, timeZone) },
    }),
  );
};
