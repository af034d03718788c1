import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  CATALOGUE_IMPORT_LIMITS,
  CatalogueImportQuerySchema,
  CatalogueImportRefusalSchema,
  CatalogueImportResponseSchema,
} from '@boutique/contracts/admin';
import { fieldError, HttpError } from '../../lib/http-error.js';
import { createThrottle } from '../../lib/rate-limit.js';
import { shopDay } from '@boutique/contracts/constants';
import { AdminProductService, exportCatalogue, importCatalogue, ImportRefused } from '../catalog/index.js';
import { adminOf, INVALID, tags, type AdminRoutesOptions } from './scope.js';

const MB = 1024 * 1024;

/** The catalogue as a CSV, out and in (docs/catalogue-csv.md). */
export const productCsvRoutes: FastifyPluginAsyncZod<AdminRoutesOptions> = async (app, options) => {
  const { db, storage, stock, catalogueImport, timeZone } = options;
  const throttle = createThrottle(catalogueImport.limiter);
  const limit = { name: 'catalogue-import:admin', ...catalogueImport.perAdmin };
  /** One import at a time on this instance: a second one while the first runs is refused (409). */
  let running = false;

  app.get(
    '/v1/admin/products/export.csv',
    {
      schema: {
        tags,
        summary:
          'Every product (active, inactive and archived) as CSV for Excel: one row per colour × size, UTF-8 with BOM, CRLF (docs/catalogue-csv.md)',
      },
    },
    async (_req, reply) => {
      const csv = await exportCatalogue(db, new AdminProductService(db, storage, stock));
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header(
          'content-disposition',
          `attachment; filename="catalogue-${shopDay(new Date(), timeZone)}.csv"`,
        )
        .header('cache-control', 'no-store')
        .send(csv);
    },
  );

  app.post(
    '/v1/admin/products/import',
    {
      schema: {
        tags,
        summary:
          'Bring a catalogue CSV in (multipart: `file`, optional `pictures` zip, `dry_run`): a dry run answers what would change; a real run writes everything in one transaction, or nothing (422 with every line’s errors)',
        querystring: CatalogueImportQuerySchema,
        response: { 200: CatalogueImportResponseSchema, 422: CatalogueImportRefusalSchema },
      },
    },
    async (req, reply) => {
      const admin = adminOf(req);
      if (!req.isMultipart()) {
        throw new HttpError(422, INVALID, {
          file: [fieldError('invalid', 'Send the CSV as multipart/form-data, field "file".')],
        });
      }
      await throttle(req, reply, [[limit, String(admin.id)]], admin.id);
      if (running) {
        throw new HttpError(409, 'Another import is running: wait for it to end, then try again.');
      }
      running = true;
      try {
        let csv: Buffer | undefined;
        let zip: Buffer | undefined;
        let dryRunField: string | undefined;
        try {
          for await (const part of req.parts({
            limits: { fileSize: CATALOGUE_IMPORT_LIMITS.zipBytes, files: 2, fields: 4, parts: 6 },
          })) {
            if (part.type === 'field') {
              if (part.fieldname === 'dry_run' && typeof part.value === 'string') dryRunField = part.value;
              continue;
            }
            const bytes = await part.toBuffer();
            if (part.fieldname === 'file') csv = bytes;
            else if (part.fieldname === 'pictures') zip = bytes;
          }
        } catch (err) {
          const code = (err as { code?: string }).code;
          if (code === 'FST_REQ_FILE_TOO_LARGE') {
            const message = `The pictures zip may not be larger than ${CATALOGUE_IMPORT_LIMITS.zipBytes / MB} MB.`;
            throw new HttpError(422, message, { pictures: [fieldError('too_long', message)] });
          }
          if (code === 'FST_FILES_LIMIT' || code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT') {
            const message = 'Send one CSV (field "file") and at most one zip (field "pictures").';
            throw new HttpError(422, message, { file: [fieldError('limit_reached', message)] });
          }
          throw err;
        }
        if (!csv || csv.length === 0) {
          throw new HttpError(422, INVALID, {
            file: [fieldError('required', 'Choose the CSV file to import (field "file").')],
          });
        }
        if (csv.length > CATALOGUE_IMPORT_LIMITS.csvBytes) {
          const message = `The CSV may not be larger than ${CATALOGUE_IMPORT_LIMITS.csvBytes / MB} MB.`;
          throw new HttpError(422, message, { file: [fieldError('too_long', message)] });
        }
        const dryRun = (req.query.dry_run ?? dryRunField) === 'true';
        try {
          const report = await importCatalogue(
            admin.id,
            { csv, zip: zip && zip.length > 0 ? zip : undefined, dryRun },
            { db, storage, stock, urlHosts: catalogueImport.urlHosts },
          );
          return { success: true as const, data: report };
        } catch (err) {
          if (!(err instanceof ImportRefused)) throw err;
          const n = new Set(err.errors.map((e) => e.line)).size;
          return reply.code(422).send({
            success: false as const,
            message: `${n} ${n === 1 ? 'line has' : 'lines have'} errors: nothing was imported.`,
            data: { dry_run: false, created: 0, updated: 0, unchanged: 0, errors: err.errors, changes: [] },
          });
        }
      } finally {
        running = false;
      }
    },
  );
};
