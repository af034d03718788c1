import { z } from 'zod';
import { LocalizedTextSchema, MoneySchema, wholeNumberInput } from './common.js';
import { envelope } from './envelope.js';
import { CART_MAX_LINES, CART_MAX_QUANTITY, DISCOUNT_KINDS, DISCOUNT_PROBLEMS, SIZES } from './constants.js';

const quantity = wholeNumberInput(
  z
    .number({ error: 'The quantity must be a whole number.' })
    .int('The quantity must be a whole number.')
    .min(1, 'The quantity must be at least 1.')
    .max(CART_MAX_QUANTITY, `The quantity may not be greater than ${CART_MAX_QUANTITY}.`),
  'The quantity must be a whole number.',
);

/** The spec's add-to-cart payload. The price is never taken from the client. */
export const CartAddSchema = z.object({
  slug: z
    .string({ error: 'The slug field is required.' })
    .trim()
    .min(1, 'The slug field is required.')
    .max(200, 'The slug may not be greater than 200 characters.'),
  quantity: quantity.default(1),
  /** Accepted for the spec's sake and ignored: the image shown is the product's own first image. */
  product_image: z.string().max(2000).optional(),
  options: z.object(
    {
      /** A colour key of the product (`emerald`), or null/absent for a product without colours. */
      color: z.string().trim().max(60).nullable().optional(),
      size: z.enum(SIZES, { error: 'Choose one of the sizes S, M, L or XL.' }),
    },
    { error: 'The options field is required.' },
  ),
});
export type CartAdd = z.infer<typeof CartAddSchema>;
export type CartAddInput = z.input<typeof CartAddSchema>;

export const CartUpdateSchema = z.object({ quantity });
export type CartUpdate = z.infer<typeof CartUpdateSchema>;

const badItemId = 'The cart item id must be a positive whole number.';
export const CartItemIdParamsSchema = z.object({
  id: z.coerce.number({ error: badItemId }).int(badItemId).positive(badItemId).max(2_147_483_647, badItemId),
});

export const ServerCartItemSchema = z.object({
  id: z.number().int(),
  product: z.object({
    id: z.number().int(),
    slug: z.string(),
    name: LocalizedTextSchema,
    name_en: z.string(),
    name_fr: z.string(),
    name_ar: z.string(),
    /**
     * False once the product went inactive, or no longer offers the line's colour or size, or has no count for
     * that colour × size (the variant is not offered): the line stays visible (and counts in total_items) but
     * not in total_amount, and checkout refuses it.
     */
    available: z.boolean(),
  }),
  /** Current unit price from the catalogue. */
  price: MoneySchema,
  quantity: z.number().int(),
  /**
   * URL of the line's picture (its thumbnail rendition): the product's first photo of the line's colour, else its
   * first photo.
   */
  product_image: z.string(),
  options: z.object({
    color: z.string().nullable(),
    /** The colour's display data, for the cart line. */
    color_value: z.string().nullable(),
    color_name: LocalizedTextSchema.nullable(),
    size: z.enum(SIZES),
  }),
  /** price x quantity, shown even when the line is unavailable. */
  line_total: MoneySchema,
  /**
   * Pieces of this product's colour × size the shopper can still have (pieces their own payment under way holds
   * count as theirs), given when STOCK_LEFT_SHOWN_AT or fewer, or fewer than the line's quantity; null when
   * there are plenty.
   */
  left: z.number().int().min(0).nullable(),
  /** The line asks for more pieces than are left: checkout refuses the cart until it is lowered or removed. */
  exceeds_stock: z.boolean(),
});
export type ServerCartItem = z.infer<typeof ServerCartItemSchema>;

/** The applied code, as typed by the owner; `amount` is what it takes off now. */
export const CartDiscountSchema = z.object({
  code: z.string(),
  amount: MoneySchema,
  kind: z.enum(DISCOUNT_KINDS),
  /** Why it does not apply to the cart as it is now (then `amount` is 0.00 and checkout is refused). */
  problem: z.enum(DISCOUNT_PROBLEMS).nullable(),
  /** `discount_below_minimum`: the subtotal its pieces must reach. */
  minimum: MoneySchema.nullable(),
});
export type CartDiscount = z.infer<typeof CartDiscountSchema>;

/** The cart's figures: subtotal + shipping - discount = total (VAT included in each). */
export const CartTotalsSchema = z.object({
  subtotal: MoneySchema,
  shipping: MoneySchema,
  discount: MoneySchema,
  total: MoneySchema,
});
export type CartTotals = z.infer<typeof CartTotalsSchema>;

/** `POST /api/v1/cart/discount`: apply a code to the server cart (one at a time; a new one replaces it). */
export const CartDiscountApplySchema = z.object({
  code: z
    .string({ error: 'Enter a discount code.' })
    .trim()
    .min(1, 'Enter a discount code.')
    .max(40, 'A discount code has at most 40 characters.'),
});
export type CartDiscountApply = z.infer<typeof CartDiscountApplySchema>;

export const ServerCartSchema = z.object({
  /** In the order they were first added. */
  items: z.array(ServerCartItemSchema),
  /** Sum of the quantities of every line, unavailable ones included (what the cart lists). */
  total_items: z.number().int(),
  /** What checkout would charge: the available lines, plus shipping, less the discount. */
  total_amount: MoneySchema,
  currency: z.literal('AED'),
  /** The code the shopper applied, or null. `problem` set: it no longer applies (nothing is taken off). */
  discount: CartDiscountSchema.nullable(),
  totals: CartTotalsSchema,
});
export type ServerCart = z.infer<typeof ServerCartSchema>;

/** Every cart call answers with the whole cart as it now is. */
export const CartResponseSchema = envelope(z.object({ cart: ServerCartSchema }));
export type CartResponse = z.infer<typeof CartResponseSchema>;

/**
 * The login merge: the browser cart's lines that the server cart lacks (same slug, colour and size) are added;
 * lines already there are left as they are. An item that is malformed, unknown, unavailable, sold out or not
 * offered in that colour or size is skipped and reported (one asking for more than is left is added with what
 * is left, and reported too), never a failure of the whole merge: hence items are checked
 * one by one against CartAddSchema on the server, not here. Send `CartMergeInput`.
 */
export const CartMergeSchema = z.object({
  items: z
    .array(z.union([CartAddSchema, z.unknown()]), { error: 'The items field must be a list.' })
    .max(CART_MAX_LINES, `At most ${CART_MAX_LINES} items can be merged at once.`),
});
export type CartMergeInput = { items: CartAddInput[] };

export const CART_MERGE_SKIP_REASONS = [
  /** Not a valid add-to-cart item (no slug, a size outside S-XL, a bad quantity...). */
  'invalid',
  'not_found',
  /** The product is inactive. */
  'unavailable',
  /** The product does not come in that colour or size (or needs a colour). */
  'option',
  /** No piece of that size is left. */
  'sold_out',
  /** Fewer pieces were left than the item asked for: the line was added with what is left. */
  'reduced',
  /** The cart already holds CART_MAX_LINES lines. */
  'cart_full',
] as const;

export const CartMergeSkippedSchema = z.object({
  /** Position of the item in the request's items. */
  index: z.number().int(),
  slug: z.string().nullable(),
  reason: z.enum(CART_MERGE_SKIP_REASONS),
  /** The same message an add of that item would have answered. */
  message: z.string(),
});
export type CartMergeSkipped = z.infer<typeof CartMergeSkippedSchema>;

/** The whole cart after the merge, and the items that were not added (empty when all were fine). */
export const CartMergeResponseSchema = envelope(
  z.object({ cart: ServerCartSchema, skipped: z.array(CartMergeSkippedSchema) }),
);
export type CartMergeResponse = z.infer<typeof CartMergeResponseSchema>;
