/**
 * The back office's API (docs/design.md, Back office): every request and answer of `/api/v1/admin/*`, and the
 * order status move of `PATCH /api/v1/orders/{id}/status`. The API validates with these schemas; the /admin
 * pages validate their forms with the same ones, so both say the same thing about the same mistake.
 */
import { z } from 'zod';
import { LocalizedTextSchema, MoneySchema, PLAIN_TEXT_LINES, wholeNumberInput } from './common.js';
import { envelope } from './envelope.js';
import { UserRoleSchema } from './auth.js';
import { FULFILLMENT_STATUSES, LANGUAGES, PLAIN_TEXT, SIZES } from './constants.js';
import { AddressFieldsSchema } from './forms.js';
import { SlugSchema, ProductStatusSchema } from './catalog.js';
import { DECIMAL_AMOUNT, toFils } from './money.js';
import { normalizeNumberText } from './numbers.js';
import {
  FulfillmentStatusSchema,
  OrderAddressSchema,
  OrderPaymentStatusSchema,
  OrderSchema,
  PaymentMethodSchema,
  StoredAddressSchema,
} from './orders.js';

export * from './catalogue-csv.js';

// ---------------------------------------------------------------- routes

const ADMIN = '/api/v1/admin';

/** Every back-office address, with its builder: the one list the API and the /admin pages share. */
export const ADMIN_API = {
  products: `${ADMIN}/products`,
  /** The whole catalogue as CSV (`GET`), and a CSV (with a zip of photos) brought in (`POST`, multipart). */
  productsExport: `${ADMIN}/products/export.csv`,
  productsImport: `${ADMIN}/products/import`,
  product: (id: number) => `${ADMIN}/products/${id}`,
  /** Stock changes of a product (`POST`) and its history of pieces (`GET`). */
  stockAdjustments: (id: number) => `${ADMIN}/products/${id}/stock-adjustments`,
  /** Shoppers waiting for each sold-out colour × size ("tell me when it is back"). */
  stockRequests: (id: number) => `${ADMIN}/products/${id}/stock-requests`,
  productImages: (id: number) => `${ADMIN}/products/${id}/images`,
  productImage: (id: number, imageId: number) => `${ADMIN}/products/${id}/images/${imageId}`,
  categories: `${ADMIN}/categories`,
  galleries: `${ADMIN}/galleries`,
  gallery: (id: number) => `${ADMIN}/galleries/${id}`,
  orders: `${ADMIN}/orders`,
  order: (id: number) => `${ADMIN}/orders/${id}`,
  packingSlip: (id: number) => `${ADMIN}/orders/${id}/packing-slip`,
  /** The status move is the orders module's own route, admin only. */
  orderStatus: (id: number) => `/api/v1/orders/${id}/status`,
  orderPayment: (id: number) => `${ADMIN}/orders/${id}/payment`,
  messages: `${ADMIN}/messages`,
  message: (id: number) => `${ADMIN}/messages/${id}`,
  /** E-mails the outbox gave up on (`GET`), and sending one again (`POST`). */
  failedMails: `${ADMIN}/mail/failed`,
  resendMail: (id: number) => `${ADMIN}/mail/${id}/resend`,
  customers: `${ADMIN}/customers`,
  customer: (id: number) => `${ADMIN}/customers/${id}`,
  stats: `${ADMIN}/stats`,
  /** What needs doing now, without money (the staff's dashboard). */
  workload: `${ADMIN}/workload`,
  staff: `${ADMIN}/staff`,
  staffInvitations: `${ADMIN}/staff/invitations`,
  staffInvitation: (id: number) => `${ADMIN}/staff/invitations/${id}`,
  staffMember: (userId: number) => `${ADMIN}/staff/${userId}`,
  discounts: `${ADMIN}/discounts`,
  discount: (id: number) => `${ADMIN}/discounts/${id}`,
} as const;

/** Limits the API enforces on uploads (multipart field `file`, several parts at once). */
export const ADMIN_UPLOAD = {
  /** Largest picture accepted, in bytes (15 MB). */
  maxBytes: 15 * 1024 * 1024,
  /** Most pictures one request may carry. */
  maxFiles: 10,
  /** Largest side in pixels: beyond it a file is a decompression bomb, not a photo. */
  maxSide: 12_000,
  /** What the content must be, whatever its name says. */
  types: ['image/jpeg', 'image/png', 'image/webp', 'image/avif'],
} as const;

export const ADMIN_PRODUCT_LIMITS = {
  name: 200,
  description: 5000,
  detail: 300,
  /** Details and care instructions, each. */
  lines: 20,
  colors: 12,
  maxStock: 100_000,
} as const;

export const ADMIN_STATS_DAYS = [7, 30, 90] as const;

// ---------------------------------------------------------------- building blocks

const required = (field: string) => `The ${field} field is required.`;

const LANGUAGE_NAMES = { en: 'English', fr: 'French', ar: 'Arabic' } as const;

/** One language of a text: required, trimmed, printable (line breaks allowed when `multiline`). */
const languageText = (field: string, lang: keyof typeof LANGUAGE_NAMES, max: number, multiline = false) => {
  const label = `${LANGUAGE_NAMES[lang]} ${field}`;
  return z
    .string({ error: required(label) })
    .trim()
    .min(1, required(label))
    .max(max, `The ${label} may not be greater than ${max} characters.`)
    .regex(
      multiline ? PLAIN_TEXT_LINES : PLAIN_TEXT,
      `The ${label} contains characters that are not allowed.`,
    );
};

/** A text the shop shows in all three languages: each one is required. */
export const localizedInput = (field: string, max: number, multiline = false) =>
  z.object(
    {
      en: languageText(field, 'en', max, multiline),
      fr: languageText(field, 'fr', max, multiline),
      ar: languageText(field, 'ar', max, multiline),
    },
    { error: `The ${field} is required in English, French and Arabic.` },
  );

/** Search engines show about this many characters of a page's title and of its description. */
export const SEO_LIMITS = { title: 70, description: 160 } as const;

/**
 * A page's words for search engines in each language (`seo_title`, `seo_description`): optional, an empty
 * language falls back to the page's own name or description.
 */
export const seoInput = (field: string, max: number) => {
  const one = (lang: keyof typeof LANGUAGE_NAMES) =>
    z
      .string()
      .trim()
      .max(max, `The ${LANGUAGE_NAMES[lang]} ${field} may not be greater than ${max} characters.`)
      .regex(PLAIN_TEXT, `The ${LANGUAGE_NAMES[lang]} ${field} contains characters that are not allowed.`)
      .default('');
  return z.object({ en: one('en'), fr: one('fr'), ar: one('ar') });
};

/**
 * An amount typed by the owner: `1250`, `1250.5` or `1250.50` (AED), in Western, Arabic-Indic or Persian digits,
 * with or without a thousands separator (`١٬٩٥٠`, `1,950`, `1 950`): normalised here, once, for the API and the
 * forms alike (numbers.ts). The API stores it with two decimals and answers it as a decimal string.
 */
export const moneyInput = (field: string) =>
  z
    .string({ error: required(field) })
    .overwrite(normalizeNumberText)
    .min(1, required(field))
    .refine((s) => !s.startsWith('-'), `The ${field} may not be negative.`)
    .refine(
      (s) => s.startsWith('-') || DECIMAL_AMOUNT.test(s),
      `The ${field} must be an amount in AED with at most two decimals, e.g. 1250.00.`,
    );

export const HexColorSchema = z
  .string({ error: required('colour value') })
  .trim()
  .toLowerCase()
  .regex(/^#[0-9a-f]{6}$/, 'The colour must be a hex value such as #1f6b4f.');

export const ProductColorInputSchema = z.object({
  name: localizedInput('colour name', 60),
  value: HexColorSchema,
});
export type ProductColorInput = z.infer<typeof ProductColorInputSchema>;

const sizeName = z.enum(SIZES, { error: `The size must be one of ${SIZES.join(', ')}.` });

/** A count of pieces, typed in any digits: a whole number from 0 to ADMIN_PRODUCT_LIMITS.maxStock. */
const pieceCount = wholeNumberInput(
  z
    .number({ error: 'The stock must be a whole number.' })
    .int('The stock must be a whole number.')
    .min(0, 'The stock may not be negative.')
    .max(
      ADMIN_PRODUCT_LIMITS.maxStock,
      `The stock may not be greater than ${ADMIN_PRODUCT_LIMITS.maxStock}.`,
    ),
  'The stock must be a whole number.',
);

/** A size of a new product, with its first count of pieces (written to the stock history as received). */
export const ProductSizeInputSchema = z.object({ name: sizeName, stock: pieceCount.default(0) });
export type ProductSizeInput = z.infer<typeof ProductSizeInputSchema>;

export const STOCK_BY_ADJUSTMENT =
  'The stock of an existing product changes only through stock adjustments (POST .../stock-adjustments), never as a count sent with the product.';

/**
 * A size of an existing product: its name only. Sizes are added and removed with the product; their pieces change
 * through stock adjustments, never as an absolute count from a form opened earlier (decision 028).
 */
export const ProductSizeUpdateSchema = z.object({
  name: sizeName,
  stock: z.never({ error: STOCK_BY_ADJUSTMENT }).optional(),
});

/**
 * The first count of pieces of one colour × size (DESIGN 17, Variants). The colour by its hex value as sent in
 * `colors[].value` (a new colour has no key yet), or '' for a product without colours. A new product: any of its
 * variants (those not listed start at 0); a change: only variants the change adds (a new colour or size), since
 * the count of an existing one moves by stock adjustments only (decision 028).
 */
export const VariantStockInputSchema = z.object({
  color_value: z.union([HexColorSchema, z.literal('')], {
    error: 'The colour must be the value of one of the product’s colours (such as #1f6b4f), or empty.',
  }),
  size: sizeName,
  stock: pieceCount,
});
export type VariantStockInput = z.infer<typeof VariantStockInputSchema>;

const variantStockList = z
  .array(VariantStockInputSchema)
  .max((ADMIN_PRODUCT_LIMITS.colors + 1) * SIZES.length)
  .refine(
    (list) => new Set(list.map((v) => `${v.color_value}/${v.size}`)).size === list.length,
    'Each colour and size may appear once.',
  );

const sizeList = <T extends z.ZodType<{ name: string }>>(item: T) =>
  z
    .array(item)
    .min(1, 'Choose at least one size.')
    .max(SIZES.length)
    .refine((list) => new Set(list.map((s) => s.name)).size === list.length, 'Each size may appear once.');

/**
 * The version of the record a write was based on (also accepted as an `If-Match` header): a write based on an
 * older one is refused with 409 `stale` and changes nothing (decision 028).
 */
export const VersionSchema = z
  .number({ error: 'The version must be a whole number.' })
  .int('The version must be a whole number.')
  .positive('The version must be a whole number.')
  .max(2_147_483_647, 'The version must be a whole number.');

const productFields = {
  /** Slug of an existing category (`caftan`, `jellaba`). */
  category: z
    .string({ error: required('category') })
    .trim()
    .toLowerCase()
    .pipe(SlugSchema),
  /** Made from the English name when absent; unique (a taken one is refused with 422). */
  slug: z
    .string()
    .trim()
    .toLowerCase()
    .pipe(SlugSchema.max(120, 'The slug may not be greater than 120 characters.')),
  name: localizedInput('name', ADMIN_PRODUCT_LIMITS.name),
  description: localizedInput('description', ADMIN_PRODUCT_LIMITS.description, true),
  details: z
    .array(localizedInput('detail', ADMIN_PRODUCT_LIMITS.detail))
    .max(ADMIN_PRODUCT_LIMITS.lines, `At most ${ADMIN_PRODUCT_LIMITS.lines} details.`),
  care: z
    .array(localizedInput('care instruction', ADMIN_PRODUCT_LIMITS.detail))
    .max(ADMIN_PRODUCT_LIMITS.lines, `At most ${ADMIN_PRODUCT_LIMITS.lines} care instructions.`),
  price: moneyInput('price'),
  /** The crossed-out price of a sale: above the price, or null for none. */
  old_price: moneyInput('old price').nullable(),
  /** At or below this many pieces of a colour × size the owner is e-mailed; null: the shop's LOW_STOCK_THRESHOLD. */
  low_stock_threshold: wholeNumberInput(
    z
      .number()
      .int('The low-stock level must be a whole number of pieces.')
      .min(0, 'The low-stock level may not be below 0.')
      .max(1000, 'The low-stock level may not be greater than 1000.'),
    'The low-stock level must be a whole number of pieces.',
  ).nullable(),
  status: ProductStatusSchema,
  featured: z.boolean(),
  best_seller: z.boolean(),
  colors: z
    .array(ProductColorInputSchema)
    .max(ADMIN_PRODUCT_LIMITS.colors, `At most ${ADMIN_PRODUCT_LIMITS.colors} colours.`)
    .refine((list) => new Set(list.map((c) => c.value)).size === list.length, 'Each colour may appear once.'),
  /**
   * The sizes the product comes in (a new product: each with its first count of pieces, which goes to its first
   * colour when it has colours and no `variants` counts are sent).
   */
  sizes: sizeList(ProductSizeInputSchema),
  /** First counts per colour × size (see VariantStockInputSchema). */
  variants: variantStockList,
  seo_title: seoInput('search title', SEO_LIMITS.title),
  seo_description: seoInput('search description', SEO_LIMITS.description),
};

type VariantFields = {
  colors?: { value?: unknown }[];
  sizes?: { name?: unknown; stock?: unknown }[];
  variants?: { color_value?: unknown; size?: unknown }[];
};
/** Each variant count names one of the colours sent (or '' when none is) and one of the sizes sent. */
const variantsOfProduct = (v: VariantFields) => {
  if (!Array.isArray(v?.variants)) return true;
  const colours = new Set((Array.isArray(v.colors) ? v.colors : []).map((c) => c?.value));
  const sizes = new Set((Array.isArray(v.sizes) ? v.sizes : []).map((s) => s?.name));
  return v.variants.every(
    (x) =>
      x &&
      (colours.size === 0 ? x.color_value === '' : colours.has(x.color_value)) &&
      (v.sizes === undefined || sizes.has(x.size)),
  );
};
const variantsRule = {
  path: ['variants'],
  message:
    'Each count must name one of the product’s colours (or none when it has no colour) and one of its sizes.',
};
/** On creation, counts come per size or per variant, not both. */
const countedOnce = (v: VariantFields) =>
  !Array.isArray(v?.variants) ||
  v.variants.length === 0 ||
  !Array.isArray(v.sizes) ||
  v.sizes.every((s) => s?.stock === undefined || s.stock === 0);
const countedOnceRule = {
  path: ['variants'],
  message: 'Give the first counts per size or per colour and size, not both.',
};

type PriceFields = { price?: unknown; old_price?: unknown };
const OLD_PRICE_ABOVE = 'The old price must be higher than the price.';
const validMoney = (v: unknown): v is string => typeof v === 'string' && DECIMAL_AMOUNT.test(v);
/** Checked even when another field is wrong, so a form shows every mistake at once. */
const oldPriceRule = {
  path: ['old_price'],
  message: OLD_PRICE_ABOVE,
  when: ({ value }: { value: unknown }) => {
    const v = value as PriceFields | null;
    return validMoney(v?.price) && validMoney(v?.old_price);
  },
};
const oldPriceAbove = (v: PriceFields) =>
  !validMoney(v.price) || !validMoney(v.old_price) || toFils(v.old_price) > toFils(v.price);

export const ProductCreateSchema = z
  .object({
    ...productFields,
    slug: productFields.slug.optional(),
    details: productFields.details.default([]),
    care: productFields.care.default([]),
    old_price: productFields.old_price.default(null),
    low_stock_threshold: productFields.low_stock_threshold.default(null),
    status: productFields.status.default('active'),
    featured: productFields.featured.default(false),
    best_seller: productFields.best_seller.default(false),
    colors: productFields.colors.default([]),
    variants: productFields.variants.optional(),
    seo_title: productFields.seo_title.optional(),
    seo_description: productFields.seo_description.optional(),
  })
  .refine(oldPriceAbove, oldPriceRule)
  .refine(variantsOfProduct, variantsRule)
  .refine(countedOnce, countedOnceRule);
export type ProductCreate = z.infer<typeof ProductCreateSchema>;
export type ProductCreateInput = z.input<typeof ProductCreateSchema>;

/**
 * A change: only the fields sent change. The API checks the old price against the stored price when only one
 * of them is sent.
 */
export const ProductUpdateSchema = z
  .object({ ...productFields, sizes: sizeList(ProductSizeUpdateSchema), version: VersionSchema })
  .partial()
  .refine(oldPriceAbove, oldPriceRule)
  .refine(variantsOfProduct, {
    ...variantsRule,
    when: ({ value }) => (value as VariantFields)?.colors !== undefined,
  });
export type ProductUpdate = z.infer<typeof ProductUpdateSchema>;
export type ProductUpdateInput = z.input<typeof ProductUpdateSchema>;

export const AdminIdParamsSchema = z.object({
  id: z.coerce.number().int().positive().max(2_147_483_647),
});
export const AdminImageParamsSchema = AdminIdParamsSchema.extend({
  imageId: z.coerce.number().int().positive().max(2_147_483_647),
});

const page = z.coerce.number().int().min(1).max(10_000).default(1);
const perPage = z.coerce.number().int().min(1).max(100).default(20);
const query = z
  .string()
  .trim()
  .max(100, 'Search at most 100 characters.')
  .regex(PLAIN_TEXT, 'The search contains characters that are not allowed.')
  .optional();

/** `archived`: products taken out of the shop with DELETE. Without `status`, archived ones are left out. */
export const AdminProductStatusFilterSchema = z.enum(['active', 'inactive', 'archived']);

export const AdminProductListQuerySchema = z.object({
  page,
  per_page: perPage,
  /** Name in any language, or slug. */
  q: query,
  /** Category slug. */
  category: SlugSchema.optional(),
  status: AdminProductStatusFilterSchema.optional(),
});
export type AdminProductListQuery = z.infer<typeof AdminProductListQuerySchema>;

/** `{order}`: every image id of the product in its new order (the first is the main picture); `main`: one to put first. */
export const ImageOrderSchema = z
  .object({
    order: z.array(z.number().int().positive()).max(100).optional(),
    main: z.number().int().positive().optional(),
    /** The product's version (or an `If-Match` header). */
    version: VersionSchema.optional(),
  })
  .refine((v) => v.order !== undefined || v.main !== undefined, {
    message: 'Send the new order of the pictures, or the main one.',
    path: ['order'],
  });
export type ImageOrder = z.infer<typeof ImageOrderSchema>;

/**
 * `PATCH /api/v1/admin/products/{id}/images/{imageId}`: the colour a picture shows, by the colour's key (one of the
 * product's colours), or null for none in particular. The storefront shows a chosen colour's pictures first.
 */
export const ImageUpdateSchema = z.object({
  color: z
    .string({ error: 'The colour must be one of the product’s colours, by its key, or null.' })
    .trim()
    .toLowerCase()
    .regex(
      /^[a-z0-9-]{1,60}$/,
      'The colour must be one of the product’s colours, by its key (such as emerald).',
    )
    .nullable(),
  /** The product's version (or an `If-Match` header). */
  version: VersionSchema.optional(),
});
export type ImageUpdate = z.infer<typeof ImageUpdateSchema>;

/** Every scene's id in the new order, and the version of each scene as the page showed it (`{"12": 3}`). */
export const GalleryOrderSchema = z.object({
  order: z.array(z.number().int().positive()).min(1).max(200),
  versions: z.record(z.string().regex(/^\d{1,10}$/), VersionSchema).optional(),
});
export const GalleryUpdateSchema = z.object({
  caption: localizedInput('caption', 200),
  version: VersionSchema.optional(),
});
export type GalleryUpdate = z.infer<typeof GalleryUpdateSchema>;
/**
 * Text fields of the multipart upload of a gallery scene (beside its `file`): `caption_en`, `caption_fr`,
 * `caption_ar`.
 */
export const GalleryUploadFieldsSchema = z.object({
  caption_en: languageText('caption', 'en', 200),
  caption_fr: languageText('caption', 'fr', 200),
  caption_ar: languageText('caption', 'ar', 200),
});

export const AdminOrderListQuerySchema = z
  .object({
    page,
    per_page: perPage,
    /** One status, or `to_ship`: the orders waiting for the courier (AWAITING_SHIPMENT). */
    status: z.enum([...FULFILLMENT_STATUSES, 'to_ship']).optional(),
    /** Order number, or the shopper's e-mail or name (any part of it). */
    q: query,
    /** Day (YYYY-MM-DD, in the shop's time zone) of the first and last orders to show, both included. */
    from: z.iso.date('The date must be YYYY-MM-DD.').optional(),
    to: z.iso.date('The date must be YYYY-MM-DD.').optional(),
  })
  .refine((v) => !v.from || !v.to || v.from <= v.to, {
    path: ['to'],
    message: 'The end date must not be before the start date.',
  });
export type AdminOrderListQuery = z.infer<typeof AdminOrderListQuerySchema>;

export const AdminMessageListQuerySchema = z.object({
  page,
  per_page: perPage,
  /** `inbox` (default): not archived, unread first; `archived`; `all`. */
  box: z.enum(['inbox', 'archived', 'all']).default('inbox'),
});
export type AdminMessageListQuery = z.infer<typeof AdminMessageListQuerySchema>;

export const MessageUpdateSchema = z
  .object({
    read: z.boolean().optional(),
    archived: z.boolean().optional(),
    version: VersionSchema.optional(),
  })
  .refine((v) => v.read !== undefined || v.archived !== undefined, {
    message: 'Send read or archived.',
    path: ['read'],
  });
export type MessageUpdate = z.infer<typeof MessageUpdateSchema>;

export const AdminCustomerListQuerySchema = z.object({
  page,
  per_page: perPage,
  /** Name or e-mail, any part of it. */
  q: query,
  /** Only the customers with this tag (admin-desk.ts). */
  tag: z
    .string()
    .trim()
    .toLowerCase()
    .max(30)
    .optional()
    .transform((v) => v || undefined),
});
export type AdminCustomerListQuery = z.infer<typeof AdminCustomerListQuerySchema>;

export const AdminStatsQuerySchema = z.object({
  days: z.coerce
    .number()
    .int()
    .refine(
      (d) => (ADMIN_STATS_DAYS as readonly number[]).includes(d),
      'The period must be 7, 30 or 90 days.',
    )
    .default(30),
});
export type AdminStatsQuery = z.infer<typeof AdminStatsQuerySchema>;

// ---------------------------------------------------------------- answers

const pageOf = <T extends z.ZodType>(item: T) =>
  z.object({
    data: z.array(item),
    current_page: z.number().int(),
    last_page: z.number().int(),
    per_page: z.number().int(),
    total: z.number().int(),
  });

export const AdminUserRefSchema = z.object({ id: z.number().int(), name: z.string(), email: z.string() });
export type AdminUserRef = z.infer<typeof AdminUserRefSchema>;

/** One admin write: who, what, when, and the record before and after (null when created or removed). */
export const AuditEntrySchema = z.object({
  id: z.number().int(),
  at: z.string(),
  actor: AdminUserRefSchema.nullable(),
  /** e.g. `product.create`, `product.update`, `product.archive`, `product.image.add`, `order.status`. */
  action: z.string(),
  entity: z.string(),
  entity_id: z.number().int().nullable(),
  before: z.unknown().nullable(),
  after: z.unknown().nullable(),
});
export type AuditEntry = z.infer<typeof AuditEntrySchema>;

export const AdminImageSchema = z.object({
  id: z.number().int(),
  /** Default rendition (WebP). */
  url: z.string(),
  srcset: z.string(),
  /** The same renditions in AVIF. */
  avif_srcset: z.string(),
  width: z.number().int(),
  height: z.number().int(),
  sort_order: z.number().int(),
  /** The colour the picture shows (the colour's key), or null. */
  color: z.string().nullable(),
});
export type AdminImage = z.infer<typeof AdminImageSchema>;

/** A size over every colour of the product (the sum of its variants). */
export const AdminSizeSchema = z.object({
  name: z.enum(SIZES),
  /** Pieces not sold yet, those held by payments under way included. */
  stock: z.number().int(),
  /** Pieces payments under way hold: the stock may not go below it. */
  reserved: z.number().int(),
});
export type AdminSize = z.infer<typeof AdminSizeSchema>;

/** The pieces of one colour × size: what a stock adjustment changes. */
export const AdminVariantSchema = z.object({
  /** The colour's key (`emerald`), '' for a product without colours. */
  color: z.string(),
  size: z.enum(SIZES),
  /** Pieces not sold yet, those held by payments under way and exchanges included. */
  stock: z.number().int(),
  /** Pieces payments under way and approved exchanges hold: the stock may not go below it. */
  reserved: z.number().int(),
});
export type AdminVariant = z.infer<typeof AdminVariantSchema>;

export const AdminProductColorSchema = z.object({
  name: LocalizedTextSchema,
  value: z.string(),
  /** How carts, orders and the stock history name the colour (`emerald`). */
  key: z.string(),
});

export const AdminProductSchema = z.object({
  id: z.number().int(),
  slug: z.string(),
  category: z.string(),
  name: LocalizedTextSchema,
  description: LocalizedTextSchema,
  details: z.array(LocalizedTextSchema),
  care: z.array(LocalizedTextSchema),
  price: MoneySchema,
  old_price: MoneySchema.nullable(),
  /** The low-stock e-mail's level for this product; null: the shop's default. */
  low_stock_threshold: z.number().int().nullable(),
  status: ProductStatusSchema,
  /** Set when taken out of the shop (DELETE): hidden from shoppers, kept for orders and the back office. */
  archived_at: z.string().nullable(),
  featured: z.boolean(),
  best_seller: z.boolean(),
  colors: z.array(AdminProductColorSchema),
  /** Each size over every colour. */
  sizes: z.array(AdminSizeSchema),
  /** Every colour × size (colours in the product's order, then sizes), with its pieces. */
  variants: z.array(AdminVariantSchema),
  images: z.array(AdminImageSchema),
  /** Search engines' title and description per language ('' where the page's own are used). */
  seo_title: LocalizedTextSchema,
  seo_description: LocalizedTextSchema,
  created_at: z.string(),
  updated_at: z.string(),
  /** Counts the writes to the product (its fields and pictures; not its stock, which moves by adjustments). */
  version: z.number().int(),
});
export type AdminProduct = z.infer<typeof AdminProductSchema>;

export const AdminProductRowSchema = AdminProductSchema.pick({
  id: true,
  slug: true,
  category: true,
  name: true,
  price: true,
  old_price: true,
  status: true,
  archived_at: true,
  featured: true,
  best_seller: true,
  sizes: true,
  variants: true,
  updated_at: true,
  version: true,
}).extend({ image: z.string().nullable() });
export type AdminProductRow = z.infer<typeof AdminProductRowSchema>;

export const AdminProductListResponseSchema = envelope(z.object({ products: pageOf(AdminProductRowSchema) }));
export type AdminProductListResponse = z.infer<typeof AdminProductListResponseSchema>;

export const AdminProductResponseSchema = envelope(
  z.object({ product: AdminProductSchema, audit: z.array(AuditEntrySchema) }),
);
export type AdminProductResponse = z.infer<typeof AdminProductResponseSchema>;

export const AdminCategoriesResponseSchema = envelope(
  z.object({
    categories: z.array(z.object({ id: z.number().int(), slug: z.string(), name: LocalizedTextSchema })),
  }),
);
export type AdminCategoriesResponse = z.infer<typeof AdminCategoriesResponseSchema>;

/** After an upload: the first new picture (`image`), every new one, and the product's pictures in order. */
export const AdminImageUploadResponseSchema = envelope(
  z.object({
    image: AdminImageSchema,
    uploaded: z.array(AdminImageSchema),
    images: z.array(AdminImageSchema),
    /** The product's version after the upload. */
    version: z.number().int(),
  }),
);
export type AdminImageUploadResponse = z.infer<typeof AdminImageUploadResponseSchema>;
/** The product's pictures after a reorder or a deletion, and its version for the next write. */
export const AdminImagesResponseSchema = envelope(
  z.object({ images: z.array(AdminImageSchema), version: z.number().int() }),
);
export type AdminImagesResponse = z.infer<typeof AdminImagesResponseSchema>;

export const AdminGallerySchema = z.object({
  id: z.number().int(),
  key: z.string(),
  caption: LocalizedTextSchema,
  image: AdminImageSchema,
  version: z.number().int(),
});
export type AdminGallery = z.infer<typeof AdminGallerySchema>;
export const AdminGalleryListResponseSchema = envelope(z.object({ galleries: z.array(AdminGallerySchema) }));
export type AdminGalleryListResponse = z.infer<typeof AdminGalleryListResponseSchema>;
export const AdminGalleryResponseSchema = envelope(z.object({ gallery: AdminGallerySchema }));
export type AdminGalleryResponse = z.infer<typeof AdminGalleryResponseSchema>;

export const AdminOrderRowSchema = z.object({
  id: z.number().int(),
  order_number: z.string(),
  created_at: z.string(),
  customer: z.object({ name: z.string(), email: z.string() }),
  items_count: z.number().int(),
  total_amount: MoneySchema,
  fulfillment_status: FulfillmentStatusSchema,
  payment_status: OrderPaymentStatusSchema,
  payment_method: PaymentMethodSchema,
  version: z.number().int(),
});
export type AdminOrderRow = z.infer<typeof AdminOrderRowSchema>;

/** Orders per status for the tabs (with the list's search and dates applied, not its status). */
export const OrderStatusCountsSchema = z.object({
  all: z.number().int(),
  to_ship: z.number().int(),
  unfulfilled: z.number().int(),
  processing: z.number().int(),
  shipped: z.number().int(),
  delivered: z.number().int(),
  cancelled: z.number().int(),
});
export type OrderStatusCounts = z.infer<typeof OrderStatusCountsSchema>;

export const AdminOrderListResponseSchema = envelope(
  z.object({ orders: pageOf(AdminOrderRowSchema), counts: OrderStatusCountsSchema }),
);
export type AdminOrderListResponse = z.infer<typeof AdminOrderListResponseSchema>;

export const OrderStatusEventSchema = z.object({
  from: FulfillmentStatusSchema.nullable(),
  to: FulfillmentStatusSchema,
  at: z.string(),
  by: AdminUserRefSchema.nullable(),
  carrier: z.string().nullable(),
  tracking_number: z.string().nullable(),
  note: z.string().nullable(),
});
export type OrderStatusEvent = z.infer<typeof OrderStatusEventSchema>;

export const AdminOrderSchema = OrderSchema.extend({
  customer: AdminUserRefSchema,
  history: z.array(OrderStatusEventSchema),
  /** The latest carrier and tracking number given (with `shipped`, usually). */
  carrier: z.string().nullable(),
  tracking_number: z.string().nullable(),
  version: z.number().int(),
  /** `checkout`, `reconciliation` or `manual` (written by the owner). */
  source: z.string().optional(),
  /** The owner's note on a manual order. */
  note: z.string().nullable().optional(),
});
export type AdminOrder = z.infer<typeof AdminOrderSchema>;

export const AdminOrderResponseSchema = envelope(
  z.object({ order: AdminOrderSchema, audit: z.array(AuditEntrySchema) }),
);
export type AdminOrderResponse = z.infer<typeof AdminOrderResponseSchema>;

/** What a packing slip prints: where it goes and what is in the parcel, no prices. */
export const PackingSlipSchema = z.object({
  order_number: z.string(),
  created_at: z.string(),
  ship_to: z.object({
    name: z.string(),
    phone: z.string(),
    email: z.string(),
    address: z.string(),
    city: z.string(),
    postalCode: z.string(),
    country: z.string(),
  }),
  lines: z.array(
    z.object({
      product_slug: z.string(),
      product_name: LocalizedTextSchema,
      product_image: z.string().nullable(),
      color_name: LocalizedTextSchema.nullable(),
      size: z.enum(SIZES),
      quantity: z.number().int(),
    }),
  ),
  pieces: z.number().int(),
  carrier: z.string().nullable(),
  tracking_number: z.string().nullable(),
  shop: z.object({ name: z.string(), email: z.string(), phone: z.string(), url: z.string() }),
});
export type PackingSlip = z.infer<typeof PackingSlipSchema>;
export const PackingSlipResponseSchema = envelope(z.object({ slip: PackingSlipSchema }));
export type PackingSlipResponse = z.infer<typeof PackingSlipResponseSchema>;

export const AdminMessageSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  email: z.string(),
  phone: z.string(),
  subject: z.string().nullable(),
  message: z.string(),
  created_at: z.string(),
  read_at: z.string().nullable(),
  archived_at: z.string().nullable(),
  /** When the shop first replied from the back office. */
  answered_at: z.string().nullable(),
  /** The language of the page it was sent from, when known: replies are written in it. */
  locale: z.enum(LANGUAGES).nullable(),
  version: z.number().int(),
});
export type AdminMessage = z.infer<typeof AdminMessageSchema>;
export const AdminMessageListResponseSchema = envelope(
  z.object({ messages: pageOf(AdminMessageSchema), unread: z.number().int() }),
);
export type AdminMessageListResponse = z.infer<typeof AdminMessageListResponseSchema>;
export const AdminMessageResponseSchema = envelope(z.object({ message: AdminMessageSchema }));
export type AdminMessageResponse = z.infer<typeof AdminMessageResponseSchema>;

/** An e-mail the outbox gave up on after every try (a long SMTP outage): the owner may send it again. */
export const AdminFailedMailSchema = z.object({
  id: z.number().int(),
  /** What it is: `order_confirmation`, `password_reset`, ... */
  kind: z.string(),
  to: z.string(),
  subject: z.string(),
  attempts: z.number().int(),
  /** The mail server's last refusal, as it said it. */
  last_error: z.string().nullable(),
  created_at: z.string(),
});
export type AdminFailedMail = z.infer<typeof AdminFailedMailSchema>;
export const AdminFailedMailListResponseSchema = envelope(
  z.object({ mails: z.array(AdminFailedMailSchema) }),
);
export type AdminFailedMailListResponse = z.infer<typeof AdminFailedMailListResponseSchema>;
export const AdminMailResendResponseSchema = envelope(z.object({ resent: z.literal(true) }));

export const AdminCustomerRowSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  email: z.string(),
  role: UserRoleSchema,
  verified: z.boolean(),
  created_at: z.string(),
  orders_count: z.number().int(),
  /** Sum of the paid orders that were not cancelled. */
  total_spent: MoneySchema,
  /** The staff's tags of the customer (admin-desk.ts). */
  tags: z.array(z.string()),
});
export type AdminCustomerRow = z.infer<typeof AdminCustomerRowSchema>;
export const AdminCustomerListResponseSchema = envelope(
  z.object({ customers: pageOf(AdminCustomerRowSchema) }),
);
export type AdminCustomerListResponse = z.infer<typeof AdminCustomerListResponseSchema>;
export const AdminCustomerResponseSchema = envelope(
  z.object({
    customer: AdminCustomerRowSchema,
    /** The version of the customer's tags, for `PUT …/tags` (decision 028). */
    tags_version: z.number().int(),
    orders: z.array(AdminOrderRowSchema),
    addresses: z.array(StoredAddressSchema.extend({ id: z.number().int(), is_default: z.boolean() })),
  }),
);
export type AdminCustomerResponse = z.infer<typeof AdminCustomerResponseSchema>;

export const AdminStatsSchema = z.object({
  days: z.number().int(),
  /** First and last day counted (YYYY-MM-DD, in the shop's time zone), both included. */
  from: z.string(),
  to: z.string(),
  /** Paid orders not cancelled, over the period. */
  revenue: MoneySchema,
  orders: z.number().int(),
  average_basket: MoneySchema,
  /** One entry per day of the period, days without orders included. */
  per_day: z.array(z.object({ date: z.string(), revenue: MoneySchema, orders: z.number().int() })),
  top_products: z.array(
    z.object({
      product_id: z.number().int().nullable(),
      slug: z.string(),
      name: LocalizedTextSchema,
      quantity: z.number().int(),
      revenue: MoneySchema,
    }),
  ),
  /** Colours × sizes of products in the shop with STOCK_LEFT_SHOWN_AT or fewer pieces to sell. */
  low_stock: z.array(
    z.object({
      product_id: z.number().int(),
      slug: z.string(),
      name: LocalizedTextSchema,
      /** The colour's key, '' for none. */
      color: z.string(),
      size: z.enum(SIZES),
      available: z.number().int(),
    }),
  ),
  unread_messages: z.number().int(),
  /** Paid orders not shipped yet (unfulfilled or processing). */
  awaiting_shipment: z.number().int(),
});
export type AdminStats = z.infer<typeof AdminStatsSchema>;
export const AdminStatsResponseSchema = envelope(z.object({ stats: AdminStatsSchema }));
export type AdminStatsResponse = z.infer<typeof AdminStatsResponseSchema>;

// ---------------------------------------------------------------- stock adjustments

/** Why the owner changes a count by hand. */
export const STOCK_ADJUSTMENT_REASONS = ['received', 'correction', 'damaged', 'returned', 'other'] as const;
export type StockAdjustmentReason = (typeof STOCK_ADJUSTMENT_REASONS)[number];

/**
 * Every reason a count of pieces moves, in the history: the owner's adjustments, and what the shop does itself
 * (an order takes its pieces, a cancellation, a return or a refund puts them back, an exchange sends one out).
 */
export const STOCK_MOVE_REASONS = [
  ...STOCK_ADJUSTMENT_REASONS,
  'sale',
  'cancellation',
  'return',
  'refund',
  'exchange',
] as const;
export type StockMoveReason = (typeof STOCK_MOVE_REASONS)[number];

const colorKey = z
  .string()
  .trim()
  .toLowerCase()
  .regex(
    /^[a-z0-9-]{0,60}$/,
    'The colour must be one of the product’s colours, by its key (such as emerald).',
  );

/** Reasons that only ever add pieces, and those that only ever take them away. */
const ADDING: readonly StockAdjustmentReason[] = ['received', 'returned'];
const TAKING: readonly StockAdjustmentReason[] = ['damaged'];

/**
 * `POST /api/v1/admin/products/{id}/stock-adjustments`: pieces added (`delta` > 0) or taken away (< 0) for one
 * colour × size of the product (a variant it does not come in is refused with 422). A change, never a count: two adjustments made at once both count, and a sale meanwhile is never undone.
 */
export const StockAdjustmentCreateSchema = z
  .object({
    /**
     * One of the product's colours, by its key (`emerald`, as carts and orders name it); absent or '' for a product
     * without colours (required when it has some).
     */
    color: colorKey.default(''),
    size: sizeName,
    delta: wholeNumberInput(
      z
        .number({ error: 'The change must be a whole number of pieces, such as 3 or -1.' })
        .int('The change must be a whole number of pieces, such as 3 or -1.')
        .min(-ADMIN_PRODUCT_LIMITS.maxStock, `The change may not be below -${ADMIN_PRODUCT_LIMITS.maxStock}.`)
        .max(
          ADMIN_PRODUCT_LIMITS.maxStock,
          `The change may not be greater than ${ADMIN_PRODUCT_LIMITS.maxStock}.`,
        )
        .refine((n) => n !== 0, 'The change may not be 0.'),
      'The change must be a whole number of pieces, such as 3 or -1.',
    ),
    reason: z.enum(STOCK_ADJUSTMENT_REASONS, {
      error: 'The reason must be received, correction, damaged, returned or other.',
    }),
    note: z
      .string()
      .trim()
      .max(500, 'The note may not be greater than 500 characters.')
      .regex(PLAIN_TEXT_LINES, 'The note contains characters that are not allowed.')
      .optional(),
  })
  .refine((v) => !(ADDING.includes(v.reason) && v.delta < 0), {
    path: ['delta'],
    message: 'Pieces received or returned are added: the change must be above 0.',
    when: ({ value }) => typeof (value as { delta?: unknown }).delta === 'number',
  })
  .refine((v) => !(TAKING.includes(v.reason) && v.delta > 0), {
    path: ['delta'],
    message: 'Damaged pieces are taken away: the change must be below 0.',
    when: ({ value }) => typeof (value as { delta?: unknown }).delta === 'number',
  });
export type StockAdjustmentCreate = z.infer<typeof StockAdjustmentCreateSchema>;
export type StockAdjustmentCreateInput = z.input<typeof StockAdjustmentCreateSchema>;

export const StockHistoryQuerySchema = z.object({
  size: sizeName.optional(),
  color: colorKey.optional(),
  limit: z.coerce.number().int().min(1).max(500).default(200),
});
export type StockHistoryQuery = z.infer<typeof StockHistoryQuerySchema>;

/** One move of a count: who or what moved it, when, by how much, and the count after it. */
export const StockMoveSchema = z.object({
  id: z.number().int(),
  /** The colour's key, or '' (no colour). */
  color: z.string(),
  size: z.enum(SIZES),
  delta: z.number().int(),
  reason: z.enum(STOCK_MOVE_REASONS),
  note: z.string().nullable(),
  /** The variant's (colour × size) pieces not sold yet, right after this move. */
  stock_after: z.number().int(),
  /** The order it belongs to (a sale, a cancellation, a return, a refund). */
  order: z.object({ id: z.number().int(), order_number: z.string() }).nullable(),
  /** The admin who made it; null for the shop's own moves and the command line. */
  actor: AdminUserRefSchema.nullable(),
  /** `admin`, `order` (the shop itself, for an order) or `command` (`npm run stock`). */
  source: z.enum(['admin', 'order', 'command']),
  at: z.string(),
});
export type StockMove = z.infer<typeof StockMoveSchema>;

export const StockHistoryResponseSchema = envelope(
  z.object({
    adjustments: z.array(StockMoveSchema),
    sizes: z.array(AdminSizeSchema),
    variants: z.array(AdminVariantSchema),
  }),
);
export type StockHistoryResponse = z.infer<typeof StockHistoryResponseSchema>;
export const StockAdjustmentResponseSchema = envelope(
  z.object({
    adjustment: StockMoveSchema,
    sizes: z.array(AdminSizeSchema),
    variants: z.array(AdminVariantSchema),
  }),
);
export type StockAdjustmentResponse = z.infer<typeof StockAdjustmentResponseSchema>;

// ---------------------------------------------------------------- manual orders

/** A piece of a manual order: the server prices it from the catalogue and takes it from live stock. */
export const ManualOrderLineSchema = z.object({
  product_id: z.number().int().positive().max(2_147_483_647),
  /** The colour's key (`emerald`); empty for a product without colours. */
  color: z.string().trim().max(60).default(''),
  size: z.enum(SIZES, { error: 'Choose a size.' }),
  quantity: z
    .number({ error: 'The quantity must be a whole number.' })
    .int('The quantity must be a whole number.')
    .min(1, 'The quantity must be at least 1.')
    .max(99, 'The quantity may not be greater than 99.'),
});
export type ManualOrderLine = z.infer<typeof ManualOrderLineSchema>;

export const MANUAL_PAYMENTS = ['cash_on_delivery', 'paid_offline', 'payment_link'] as const;
export type ManualPayment = (typeof MANUAL_PAYMENTS)[number];

/** A customer the order is for who may have no account yet: one is made, without a password. */
export const ManualCustomerSchema = z.object({
  email: AddressFieldsSchema.shape.email,
  name: AddressFieldsSchema.shape.name,
  phone: AddressFieldsSchema.shape.phone,
});

/**
 * `POST /api/v1/admin/orders` (with an `Idempotency-Key` header): an order the owner writes for a WhatsApp or phone sale. The customer is named by
 * `customer_id` or by `customer` (found by e-mail, or made); the lines are priced by the server; the payment
 * is cash on delivery (UAE addresses), money already taken (`paid_offline`), or a link e-mailed to the customer.
 */
export const ManualOrderSchema = z
  .object({
    customer_id: z.number().int().positive().max(2_147_483_647).optional(),
    customer: ManualCustomerSchema.optional(),
    lines: z
      .array(ManualOrderLineSchema)
      .min(1, 'Add at least one piece.')
      .max(50, 'An order holds at most 50 lines.'),
    shipping_address: OrderAddressSchema,
    shipping_rate_id: z.number().int().positive().max(2_147_483_647).optional(),
    discount_code: z.string().trim().min(1).max(40).optional(),
    payment: z.enum(MANUAL_PAYMENTS, { error: 'Choose how the order is paid.' }),
    note: z
      .string()
      .trim()
      .max(1000, 'The note may not be greater than 1000 characters.')
      .regex(PLAIN_TEXT_LINES, 'The note contains characters that are not allowed.')
      .optional(),
    /** The customer's language: their e-mails (confirmation, payment link) are written in it. */
    locale: z.enum(LANGUAGES).default('en'),
  })
  .superRefine((v, ctx) => {
    if ((v.customer_id === undefined) === (v.customer === undefined)) {
      ctx.addIssue({
        code: 'custom',
        path: ['customer'],
        message: 'Name the customer: an existing one (customer_id) or a new one (customer), not both.',
        params: { code: 'required' },
      });
    }
  });
export type ManualOrder = z.infer<typeof ManualOrderSchema>;
export type ManualOrderInput = z.input<typeof ManualOrderSchema>;

export const ManualOrderResponseSchema = envelope(
  z.object({
    order: OrderSchema,
    customer: z.object({ id: z.number().int(), email: z.string(), created: z.boolean() }),
  }),
);
export type ManualOrderResponse = z.infer<typeof ManualOrderResponseSchema>;

/** `PATCH /api/v1/admin/orders/{id}/payment`: the owner was paid (cash on delivery, a transfer). */
export const AdminOrderPaymentSchema = z.object({
  status: z.literal('paid', { error: 'The status must be paid.' }),
  version: VersionSchema.optional(),
});
