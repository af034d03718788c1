import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  type AdminProduct,
  AdminCategoriesResponseSchema,
  AdminIdParamsSchema,
  AdminImageParamsSchema,
  AdminImageUploadResponseSchema,
  AdminImagesResponseSchema,
  AdminProductListQuerySchema,
  AdminProductListResponseSchema,
  AdminProductResponseSchema,
  ImageOrderSchema,
  ImageUpdateSchema,
  ProductCreateSchema,
  ProductUpdateSchema,
  StockAdjustmentCreateSchema,
  StockAdjustmentResponseSchema,
  StockHistoryQuerySchema,
  StockHistoryResponseSchema,
} from '@boutique/contracts/admin';
import { expectedVersion, setETag } from '../../lib/if-match.js';
import { PRODUCT_WIDTHS } from '../../media/render.js';
import { AdminProductService } from '../catalog/index.js';
import { adjustStock, stockHistory } from '../stock/index.js';
import { tags, DeleteBodySchema, adminOf, readUpload, type AdminRoutesOptions } from './scope.js';

/** The back office's products: list, create, edit, delete, pictures, categories, stock adjustments and history. */
export const productAdminRoutes: FastifyPluginAsyncZod<AdminRoutesOptions> = async (
  app,
  { db, storage, stock },
) => {
  const products = new AdminProductService(db, storage, stock);

  /** A product as the form reads it: every field, its audit trail, its version as the ETag. */
  async function productAnswer(reply: FastifyReply, product: AdminProduct) {
    setETag(reply, product.version);
    return { success: true as const, data: { product, audit: await products.audit(product.id) } };
  }

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
        summary:
          'Create a product, with its colours, sizes and first counts (per colour × size in `variants`, or per size: on its first colour)',
        body: ProductCreateSchema,
        response: { 201: AdminProductResponseSchema },
      },
    },
    async (req, reply) => {
      const product = await products.create(adminOf(req).id, req.body);
      return reply.code(201).send(await productAnswer(reply, product));
    },
  );

  app.get(
    '/v1/admin/products/:id',
    {
      schema: {
        tags,
        summary:
          'One product with every field, its stock per size and per colour × size, and its audit trail',
        params: AdminIdParamsSchema,
        response: { 200: AdminProductResponseSchema },
      },
    },
    async (req, reply) => {
      const product = await products.get(req.params.id);
      return productAnswer(reply, product);
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
      return productAnswer(reply, product);
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
      return productAnswer(reply, product);
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

  app.patch(
    '/v1/admin/products/:id/images/:imageId',
    {
      schema: {
        tags,
        summary:
          "Name the colour a picture shows ({color: key of one of the product's colours, or null}), with the product's version (If-Match or version)",
        params: AdminImageParamsSchema,
        body: ImageUpdateSchema,
        response: { 200: AdminImagesResponseSchema },
      },
    },
    async (req, reply) => {
      const expected = expectedVersion(req, req.body.version);
      const product = await products.setImageColor(
        adminOf(req).id,
        req.params.id,
        req.params.imageId,
        req.body,
        expected,
      );
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
          variants: product.variants,
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
          "Add or take away pieces of one colour × size ({color, size, delta, reason, note?}; color '' or absent for a product without colours): never below what payments under way hold (422 naming it); a variant the product does not come in is 422",
        params: AdminIdParamsSchema,
        body: StockAdjustmentCreateSchema,
        response: { 201: StockAdjustmentResponseSchema },
      },
    },
    async (req, reply) => {
      const adjustment = await adjustStock(db, stock, adminOf(req).id, req.params.id, req.body);
      const product = await products.get(req.params.id);
      return reply.code(201).send({
        success: true as const,
        data: { adjustment, sizes: product.sizes, variants: product.variants },
      });
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
};
