/**
 * Discount codes in the back office: `GET|POST /api/v1/admin/discounts`, `PATCH|DELETE /api/v1/admin/discounts/{id}`
 * (DESIGN section 17). The shopper's side (`POST|DELETE /api/v1/cart/discount`) is in cart.ts.
 */
import { z } from 'zod';
import { MoneySchema, wholeNumberInput } from './common.js';
import { envelope } from './envelope.js';
import { SlugSchema } from './catalog.js';
import { moneyInput, VersionSchema } from './admin.js';
import { DISCOUNT_KINDS, type DiscountKind } from './constants.js';

export { DISCOUNT_KINDS, type DiscountKind } from './constants.js';

/** Latin letters, digits, - and _: what a shopper can type on any keyboard and read aloud. */
export const DISCOUNT_CODE = /^[A-Za-z0-9][A-Za-z0-9_-]{1,39}$/;

const limit = (label: string) =>
  wholeNumberInput(
    z
      .number()
      .int(`The ${label} must be a whole number.`)
      .min(1, `The ${label} must be at least 1.`)
      .max(1_000_000, `The ${label} may not be greater than 1000000.`),
    `The ${label} must be a whole number.`,
  );

const when = (label: string) =>
  z.iso.datetime({ offset: true, error: `The ${label} must be a date and time with its zone.` });

const discountFields = {
  code: z
    .string({ error: 'The code is required.' })
    .trim()
    .min(1, 'The code is required.')
    .regex(DISCOUNT_CODE, 'The code is 2 to 40 Latin letters, digits, - or _.'),
  kind: z.enum(DISCOUNT_KINDS, { error: 'The kind is percent, amount or free_shipping.' }),
  /** percent: 0.01..100; amount: AED; free_shipping: ignored (0). */
  value: moneyInput('value'),
  min_subtotal: moneyInput('minimum subtotal').nullable(),
  starts_at: when('start').nullable(),
  ends_at: when('end').nullable(),
  usage_limit: limit('usage limit').nullable(),
  per_customer_limit: limit('limit per customer').nullable(),
  /** Slug of a category: only its pieces are discounted. */
  category: z.string().trim().toLowerCase().pipe(SlugSchema).nullable(),
  product_ids: z
    .array(z.number().int().positive(), { error: 'The products must be a list of ids.' })
    .max(200, 'At most 200 products.'),
  active: z.boolean({ error: 'Active is true or false.' }),
};

type Fields = {
  kind?: DiscountKind | undefined;
  value?: string | undefined;
  starts_at?: string | null | undefined;
  ends_at?: string | null | undefined;
};
/** The rules between fields, checked where both are sent (the API checks the merged record again). */
function crossCheck(d: Fields, ctx: z.RefinementCtx) {
  if (d.kind === 'percent' && d.value !== undefined) {
    const v = Number(d.value);
    if (!(v > 0 && v <= 100))
      ctx.addIssue({
        code: 'custom',
        path: ['value'],
        message: 'A percentage is more than 0 and at most 100.',
      });
  }
  if (d.kind === 'amount' && d.value !== undefined && !(Number(d.value) > 0))
    ctx.addIssue({ code: 'custom', path: ['value'], message: 'The amount must be more than 0.' });
  if (d.starts_at && d.ends_at && Date.parse(d.ends_at) <= Date.parse(d.starts_at))
    ctx.addIssue({ code: 'custom', path: ['ends_at'], message: 'The end must come after the start.' });
}

export const DiscountCreateSchema = z
  .object({
    ...discountFields,
    value: discountFields.value.default('0'),
    min_subtotal: discountFields.min_subtotal.default(null),
    starts_at: discountFields.starts_at.default(null),
    ends_at: discountFields.ends_at.default(null),
    usage_limit: discountFields.usage_limit.default(null),
    per_customer_limit: discountFields.per_customer_limit.default(null),
    category: discountFields.category.default(null),
    product_ids: discountFields.product_ids.default([]),
    active: discountFields.active.default(true),
  })
  .superRefine(crossCheck);
export type DiscountCreate = z.infer<typeof DiscountCreateSchema>;
export type DiscountCreateInput = z.input<typeof DiscountCreateSchema>;

/** Only the fields sent change, if the code is still at `version` (or If-Match). */
export const DiscountUpdateSchema = z
  .object({ ...discountFields, version: VersionSchema.optional() })
  .partial()
  .superRefine(crossCheck);
export type DiscountUpdate = z.infer<typeof DiscountUpdateSchema>;

export const AdminDiscountSchema = z.object({
  id: z.number().int(),
  code: z.string(),
  kind: z.enum(DISCOUNT_KINDS),
  value: MoneySchema,
  min_subtotal: MoneySchema.nullable(),
  starts_at: z.string().nullable(),
  ends_at: z.string().nullable(),
  usage_limit: z.number().int().nullable(),
  per_customer_limit: z.number().int().nullable(),
  category: z.string().nullable(),
  product_ids: z.array(z.number().int()),
  active: z.boolean(),
  /** Set when it was deleted after being used: kept for the orders that name it, refused at the cart. */
  archived: z.boolean(),
  version: z.number().int(),
  created_at: z.string(),
  usage: z.object({
    /** Orders that used it. */
    uses: z.number().int(),
    /** Payments under way that hold a use of it. */
    held: z.number().int(),
    customers: z.number().int(),
    /** What it took off those orders, AED. */
    discounted: MoneySchema,
    /** What those orders came to (after the discount), AED. */
    revenue: MoneySchema,
  }),
});
export type AdminDiscount = z.infer<typeof AdminDiscountSchema>;

export const AdminDiscountListResponseSchema = envelope(
  z.object({ discounts: z.array(AdminDiscountSchema) }),
);
export const AdminDiscountResponseSchema = envelope(
  z.object({
    discount: AdminDiscountSchema,
    /** DELETE only: `deleted` (never used) or `archived` (used: kept, switched off). */
    outcome: z.enum(['saved', 'deleted', 'archived']),
  }),
);
export type AdminDiscountResponse = z.infer<typeof AdminDiscountResponseSchema>;
