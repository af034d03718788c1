import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ADMIN_BULK_API,
  BulkRequestSchema,
  BulkResponseSchema,
  CustomersExportQuerySchema,
  OrdersExportQuerySchema,
  ProductSelectionQuerySchema,
  ProductSelectionResponseSchema,
  VatReportQuerySchema,
  VatReportResponseSchema,
} from '@boutique/contracts/admin-bulk';
import { sendCsv } from '../../lib/csv.js';
import { bulkChange, productSelection } from '../catalog/index.js';
import { CUSTOMERS_CSV_HEADER, ORDERS_CSV_HEADER, customerExportRows, orderExportRows } from './exports.js';
import { VAT_CSV_HEADER, vatCsvRows, vatReport } from './reports.js';
import { adminOf, tags, type AdminRoutesOptions } from './scope.js';

const api = (path: string) => path.replace(/^\/api/, '');

/**
 * Bulk actions on the products table, and the accountant's exports: orders and customers as CSV, the VAT report
 * as JSON and CSV. The exports are streamed a page of the database at a time.
 */
export const bulkAdminRoutes: FastifyPluginAsyncZod<AdminRoutesOptions> = async (app, { db, timeZone }) => {
  app.get(
    api(ADMIN_BULK_API.selection),
    {
      schema: {
        tags,
        summary:
          'Every product the table’s filter matches, with its version, for "select all N matching" (at most 500 listed)',
        querystring: ProductSelectionQuerySchema,
        response: { 200: ProductSelectionResponseSchema },
      },
    },
    async (req) => ({ success: true as const, data: await productSelection(db, req.query) }),
  );

  app.post(
    api(ADMIN_BULK_API.bulk),
    {
      schema: {
        tags,
        summary:
          'One action on up to 500 products ({products: [{id, version}], action}): status, collection, price by percent or amount (optionally keeping the old price as a sale), end of a sale, featured, best-seller. All or nothing: any stale version is 409 naming each, a price that would reach 0 or its old price 422 naming the pieces.',
        body: BulkRequestSchema,
        response: { 200: BulkResponseSchema },
      },
    },
    async (req) => ({
      success: true as const,
      data: { products: await bulkChange(db, adminOf(req).id, req.body) },
    }),
  );

  app.get(
    api(ADMIN_BULK_API.ordersCsv),
    {
      schema: {
        tags,
        summary:
          'Orders of a period as CSV, one row per line (UTF-8 with BOM, CRLF; days and times in the shop’s time zone)',
        querystring: OrdersExportQuerySchema,
      },
    },
    async (req, reply) =>
      sendCsv(
        reply,
        `orders-${req.query.from}-${req.query.to}.csv`,
        ORDERS_CSV_HEADER,
        orderExportRows(db, req.query, timeZone),
      ),
  );

  app.get(
    api(ADMIN_BULK_API.customersCsv),
    {
      schema: {
        tags,
        summary: 'Customers as CSV (UTF-8 with BOM, CRLF)',
        querystring: CustomersExportQuerySchema,
      },
    },
    async (_req, reply) =>
      sendCsv(reply, 'customers.csv', CUSTOMERS_CSV_HEADER, customerExportRows(db, timeZone)),
  );

  app.get(
    api(ADMIN_BULK_API.vat),
    {
      schema: {
        tags,
        summary:
          'VAT report per month or day of the shop’s calendar: sales, net, VAT on goods and shipping, credit notes and the VAT they reverse, net VAT due; totals',
        querystring: VatReportQuerySchema,
        response: { 200: VatReportResponseSchema },
      },
    },
    async (req) => ({ success: true as const, data: { report: await vatReport(db, req.query, timeZone) } }),
  );

  app.get(
    api(ADMIN_BULK_API.vatCsv),
    {
      schema: { tags, summary: 'The VAT report as CSV, the totals last', querystring: VatReportQuerySchema },
    },
    async (req, reply) => {
      const report = await vatReport(db, req.query, timeZone);
      return sendCsv(reply, `vat-${report.from}-${report.to}.csv`, VAT_CSV_HEADER, vatCsvRows(report));
    },
  );
};
