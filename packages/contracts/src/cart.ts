import { z } from 'zod';
import { LocalizedTextSchema, MoneySchema } from './common.js';
import { envelope } from './envelope.js';
import { CART_MAX_QUANTITY, SIZES } from './constants.js';

const quantity = z
  .number({ error: 'The quantity must be a whole number.' })
  .int('The quantity must be a whole number.')
  .min(1, 'The quantity must be at least 1.')
  .max(CART_MAX_QUANTITY, `The quantity may not be greater than ${CART_MAX_QUANTITY}.`);

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

export const CartItemIdParamsSchema = z.object({
  id: z.coerce.number().int().positive().max(2_147_483_647),
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
    /** False once the product went inactive: the line stays visible but checkout refuses it. */
    available: z.boolean(),
  }),
  /** Current unit price from the catalogue. */
  price: MoneySchema,
  quantity: z.number().int(),
  /** URL of the product's first image (800 px rendition). */
  product_image: z.string(),
  options: z.object({
    color: z.string().nullable(),
    /** The colour's display data, for the cart line. */
    color_value: z.string().nullable(),
    color_name: LocalizedTextSchema.nullable(),
    size: z.enum(SIZES),
  }),
  line_total: MoneySchema,
});
export type ServerCartItem = z.infer<typeof ServerCartItemSchema>;

export const ServerCartSchema = z.object({
  items: z.array(ServerCartItemSchema),
  total_items: z.number().int(),
  total_amount: MoneySchema,
  currency: z.literal('AED'),
});
export type ServerCart = z.infer<typeof ServerCartSchema>;

/** Every cart call answers with the whole cart as it now is. */
export const CartResponseSchema = envelope(z.object({ cart: ServerCartSchema }));
export type CartResponse = z.infer<typeof CartResponseSchema>;
