/**
 * The catalogue as a CSV file (docs/catalogue-csv.md): its columns, and the answer of an import. The API writes
 * and reads the file with these names; the back office's import page shows the answer.
 */
import { z } from 'zod';
import { envelope } from './envelope.js';
import { ERROR_CODES, FIELD_ERROR_CODES } from './constants.js';

/**
 * One row per variant (colour × size) of a product, the product's own fields repeated on each of its rows, in
 * this order. `color_key` and `stock_at_export` are written by the export for reading and for the stock's
 * difference; the import identifies a colour by `color_hex` and its names.
 */
export const CATALOGUE_CSV_COLUMNS = [
  'slug',
  'version',
  'category',
  'status',
  'featured',
  'best_seller',
  'price',
  'old_price',
  'name_en',
  'name_fr',
  'name_ar',
  'description_en',
  'description_fr',
  'description_ar',
  'details_en',
  'details_fr',
  'details_ar',
  'care_en',
  'care_fr',
  'care_ar',
  'pictures',
  'color_key',
  'color_hex',
  'color_en',
  'color_fr',
  'color_ar',
  'size',
  'stock',
  'stock_at_export',
] as const;
export type CatalogueCsvColumn = (typeof CATALOGUE_CSV_COLUMNS)[number];

/** What an import takes: the CSV (field `file`) and a zip of photos (field `pictures`). */
export const CATALOGUE_IMPORT_LIMITS = {
  csvBytes: 10 * 1024 * 1024,
  zipBytes: 100 * 1024 * 1024,
  /** Entries of the zip, and their size once unpacked (a zip bomb is refused before anything is inflated). */
  zipEntries: 2000,
  zipUnpackedBytes: 500 * 1024 * 1024,
  /** Rows of the CSV (header excluded). */
  rows: 50_000,
} as const;

/** `stale`: the product changed since the export; the others are FIELD_ERROR_CODES. */
export const CatalogueImportErrorSchema = z.object({
  /** The row as a spreadsheet numbers it: the header is line 1. */
  line: z.number().int(),
  /** The column refused ('' when the whole line or file is). */
  column: z.string(),
  code: z.enum([...FIELD_ERROR_CODES, ERROR_CODES.stale]),
  message: z.string(),
});
export type CatalogueImportError = z.infer<typeof CatalogueImportErrorSchema>;

export const CatalogueImportChangeSchema = z.object({
  line: z.number().int(),
  slug: z.string(),
  action: z.enum(['create', 'update']),
  /** The fields that change (`stock` for a count adjusted, `pictures` for photos added). */
  fields: z.array(z.string()),
});
export type CatalogueImportChange = z.infer<typeof CatalogueImportChangeSchema>;

export const CatalogueImportReportSchema = z.object({
  dry_run: z.boolean(),
  created: z.number().int(),
  updated: z.number().int(),
  unchanged: z.number().int(),
  errors: z.array(CatalogueImportErrorSchema),
  changes: z.array(CatalogueImportChangeSchema),
});
export type CatalogueImportReport = z.infer<typeof CatalogueImportReportSchema>;

export const CatalogueImportResponseSchema = envelope(CatalogueImportReportSchema);

/** A refused import (422): nothing was written; `data` lists every line's errors. */
export const CatalogueImportRefusalSchema = z.object({
  success: z.literal(false),
  message: z.string(),
  data: CatalogueImportReportSchema,
});

export const CatalogueImportQuerySchema = z.object({
  dry_run: z.enum(['true', 'false']).optional(),
});
