/**
 * The back office's bulk actions on products and the accountant's exports: `POST /api/v1/admin/products/bulk`,
 * the orders and customers CSVs and the VAT report. The API validates with these schemas; the /admin pages
 * build their requests and read their answers with the same ones.
 */
import { z } from 'zod';
import { MoneySchema, wholeNumberInput } from './common.js';
import { envelope } from './envelope.js';
import { FULFILLMENT_STATUSES } from './constants.js';
import { SlugSchema, ProductStatusSchema } from './catalog.js';
import {
  AdminProductListQuerySchema,
  VersionSchema,
  moneyInput,
  type AdminProductListQuery,
} from './admin.js';

const ADMIN = '/api/v1/admin';

export const ADMIN_BULK_API = {
  bulk: `${ADMIN}/products/bulk`,
  /** Every product a filter of the table matches, with its version (select all N). */
  selection: `${ADMIN}/products/selection`,
  ordersCsv: `${ADMIN}/orders/export.csv`,
  customersCsv: `${ADMIN}/customers/export.csv`,
  vat: `${ADMIN}/reports/vat`,
  vatCsv: `${ADMIN}/reports/vat.csv`,
} as const;

/** Most products one bulk action may change, and so most a "select all matching" may pick. */
export const BULK_MAX_PRODUCTS = 500;
/** A percent price change moves each price by 1 % to 90 %. */
export const BULK_PERCENT = { min: 1, max: 90 } as const;

// ---------------------------------------------------------------- bulk actions

const percent = wholeNumberInput(
  z
    .number()
    .int(`The percentage must be a whole number from ${BULK_PERCENT.min} to ${BULK_PERCENT.max}.`)
    .min(BULK_PERCENT.min, `The percentage must be at least ${BULK_PERCENT.min}.`)
    .max(BULK_PERCENT.max, `The percentage must be at most ${BULK_PERCENT.max}.`),
  `The percentage must be a whole number from ${BULK_PERCENT.min} to ${BULK_PERCENT.max}.`,
);

/**
 * A price change: by `percent` (1-90) or by `amount` (AED), `down` or `up`. `keep_old_price`: each product's
 * current price becomes its crossed-out old price (a sale the shop shows); otherwise the old price stays as is.
 * Each new price is rounded to the fils once and must stay above 0 and below its old price.
 */
const priceChange = z.discriminatedUnion('by', [
  z.object({
    type: z.literal('price'),
    by: z.literal('percent'),
    direction: z.enum(['down', 'up']),
    percent,
    keep_old_price: z.boolean().default(false),
  }),
  z.object({
    type: z.literal('price'),
    by: z.literal('amount'),
    direction: z.enum(['down', 'up']),
    amount: moneyInput('amount').refine((s) => !/^0*(\.0*)?$/.test(s), 'The amount must be above 0.'),
    keep_old_price: z.boolean().default(false),
  }),
]);

/** What one bulk call does to every product it names. */
export const BulkActionSchema = z.union([
  z.object({ type: z.literal('status'), status: ProductStatusSchema }),
  z.object({ type: z.literal('category'), category: SlugSchema }),
  priceChange,
  /** The sale ends: each product's old price becomes its price again and the old price is cleared. */
  z.object({ type: z.literal('end_sale') }),
  z.object({ type: z.literal('featured'), featured: z.boolean() }),
  z.object({ type: z.literal('best_seller'), best_seller: z.boolean() }),
]);
export type BulkAction = z.infer<typeof BulkActionSchema>;
export type BulkActionInput = z.input<typeof BulkActionSchema>;

export const BulkRequestSchema = z.object({
  products: z
    .array(z.object({ id: z.number().int().positive().max(2_147_483_647), version: VersionSchema }))
    .min(1, 'Choose at least one product.')
    .max(BULK_MAX_PRODUCTS, `At most ${BULK_MAX_PRODUCTS} products at once.`)
    .refine((list) => new Set(list.map((p) => p.id)).size === list.length, 'Each product may appear once.'),
  action: BulkActionSchema,
});
export type BulkRequest = z.infer<typeof BulkRequestSchema>;

/** Each product changed, with its new version and what the table shows of it. */
export const BulkResultSchema = z.object({
  id: z.number().int(),
  version: z.number().int(),
  status: ProductStatusSchema,
  category: z.string(),
  price: MoneySchema,
  old_price: MoneySchema.nullable(),
  featured: z.boolean(),
  best_seller: z.boolean(),
});
export type BulkResult = z.infer<typeof BulkResultSchema>;
export const BulkResponseSchema = envelope(z.object({ products: z.array(BulkResultSchema) }));

/** The table's filters without its paging: "select all N matching". */
export const ProductSelectionQuerySchema = AdminProductListQuerySchema.omit({ page: true, per_page: true });
export type ProductSelectionQuery = Omit<AdminProductListQuery, 'page' | 'per_page'>;
export const ProductSelectionResponseSchema = envelope(
  z.object({
    products: z.array(z.object({ id: z.number().int(), version: z.number().int() })),
    /** How many match; more than BULK_MAX_PRODUCTS: only the first are listed. */
    total: z.number().int(),
  }),
);

// ---------------------------------------------------------------- exports and the VAT report

const day = (field: string) => z.iso.date(`The ${field} date must be a real day written YYYY-MM-DD.`);

/** The longest period one export or report covers, in days (about five years). */
export const EXPORT_MAX_DAYS = 1830;

/** A period's two days in order, and not longer than EXPORT_MAX_DAYS. */
const withPeriod = <T extends z.ZodObject<{ from: z.ZodISODate; to: z.ZodISODate }>>(schema: T) =>
  schema
    .refine((v) => v.from <= v.to, {
      path: ['to'],
      message: 'The end date must not be before the start date.',
    })
    .refine((v) => v.from > v.to || (Date.parse(v.to) - Date.parse(v.from)) / 86_400_000 < EXPORT_MAX_DAYS, {
      path: ['to'],
      message: `A period may cover at most ${EXPORT_MAX_DAYS} days.`,
    });

/**
 * Orders created from `from` to `to` (days of the shop's calendar, both included), of one status or all (an
 * empty `status=` is all, as the orders list sends it).
 */
export const OrdersExportQuerySchema = withPeriod(
  z.object({
    from: day('start'),
    to: day('end'),
    status: z
      .union([z.enum(FULFILLMENT_STATUSES), z.literal('')])
      .optional()
      .transform((s) => s || undefined),
  }),
);
export type OrdersExportQuery = z.infer<typeof OrdersExportQuerySchema>;

export const VatReportQuerySchema = withPeriod(
  z.object({ from: day('start'), to: day('end'), group: z.enum(['month', 'day']).default('month') }),
);
export type VatReportQuery = z.infer<typeof VatReportQuerySchema>;

/** One period of the VAT report (AED, two decimals); the totals row has the same figures. */
export const VatRowSchema = z.object({
  /** `2026-11` (month) or `2026-11-28` (day), in the shop's time zone; `total` for the totals row. */
  period: z.string(),
  orders: z.number().int(),
  /** Sales including VAT: what the invoices of the period total. */
  sales: MoneySchema,
  net: MoneySchema,
  vat_goods: MoneySchema,
  vat_shipping: MoneySchema,
  vat: MoneySchema,
  credit_notes: z.number().int(),
  /** What the credit notes of the period gave back, VAT included, and the VAT they reverse. */
  refunded: MoneySchema,
  refunded_vat: MoneySchema,
  /** VAT collected less the VAT the credit notes reverse. */
  vat_due: MoneySchema,
});
export type VatRow = z.infer<typeof VatRowSchema>;

export const VatReportSchema = z.object({
  from: z.string(),
  to: z.string(),
  group: z.enum(['month', 'day']),
  time_zone: z.string(),
  vat_percent: z.number(),
  rows: z.array(VatRowSchema),
  totals: VatRowSchema,
});
export type VatReport = z.infer<typeof VatReportSchema>;
export const VatReportResponseSchema = envelope(z.object({ report: VatReportSchema }));

/** The customers export takes no filter: every customer account. */
export const CustomersExportQuerySchema = z.object({});
