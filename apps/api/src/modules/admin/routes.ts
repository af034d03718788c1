import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ADMIN_UPLOAD, AdminStatsQuerySchema, AdminStatsResponseSchema } from '@boutique/contracts/admin';
import { AdminWorkloadResponseSchema } from '@boutique/contracts/admin-staff';
import { privateRoutes } from '../../lib/private-routes.js';
import { requireAdmin } from '../../plugins/roles.js';
import { bulkAdminRoutes } from './bulk-routes.js';
import { deskAdminRoutes } from './desk-routes.js';
import { collectionAdminRoutes } from './collection-routes.js';
import { galleryAdminRoutes } from './gallery-routes.js';
import { inboxAdminRoutes } from './inbox-routes.js';
import { orderAdminRoutes } from './order-routes.js';
import { productCsvRoutes } from './product-csv-routes.js';
import { productAdminRoutes } from './product-routes.js';
import { tags, type AdminRoutesOptions } from './scope.js';
import { dashboardStats, workload } from './stats.js';

export type { AdminRoutesOptions } from './scope.js';

/**
 * The back office's API, `/api/v1/admin/*` (docs/design.md, Back office). One guard for the whole scope,
 * before any body is read: a guest hears 401, anyone but an admin past the second factor 403
 * (plugins/roles.ts). Products, gallery scenes, orders and the inbox each have their file; the dashboard is here.
 */
export const adminRoutes: FastifyPluginAsyncZod<AdminRoutesOptions> = async (app, options) => {
  const { db, timeZone } = options;
  privateRoutes(app, { signedIn: true });
  app.addHook('onRequest', async (req) => {
    // The role read from the database now, not the token's: the routes below act as the owner or as staff.
    req.user = await requireAdmin(db, req);
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
  await app.register(productAdminRoutes, options);
  await app.register(productCsvRoutes, options);
  await app.register(galleryAdminRoutes, options);
  await app.register(collectionAdminRoutes, options);
  await app.register(orderAdminRoutes, options);
  await app.register(inboxAdminRoutes, options);
  await app.register(bulkAdminRoutes, options);
  await app.register(deskAdminRoutes, options);

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

  app.get(
    '/v1/admin/workload',
    {
      schema: {
        tags,
        summary:
          'What needs doing now, without money: paid orders to ship, unread messages, low-stock sizes (the staff dashboard)',
        response: { 200: AdminWorkloadResponseSchema },
      },
    },
    async () => ({ success: true as const, data: { workload: await workload(db) } }),
  );
};
