import { z } from 'zod';
import { LocalizedTextSchema, MoneySchema } from './common.js';
import { envelope } from './envelope.js';
import {
  PLAIN_TEXT,
  PRODUCTS_MAX_PER_PAGE,
  SEARCH_MAX_LENGTH,
  SEARCH_SYNONYM_MAX_LENGTH,
  SEARCH_SYNONYM_MAX_WORDS,
  SIZES,
  STOCK_LEFT_SHOWN_AT,
} from './constants.js';

export const SizeSchema = z.enum(SIZES);

/**
 * A size of a product as shoppers see it: whether a piece can be bought now (pieces held by payments under way
 * do not count) and, at STOCK_LEFT_SHOWN_AT or fewer, how many; the exact count above that is never sent.
 */
export const ProductSizeSchema = z.object({
  name: SizeSchema,
  in_stock: z.boolean(),
  left: z.number().int().min(0).max(STOCK_LEFT_SHOWN_AT).optional(),
});
export type ProductSize = z.infer<typeof ProductSizeSchema>;

/**
 * One colour × size of a product as shoppers see it (DESIGN 17, Variants): pieces are counted per variant, and a
 * cart line is checked against its own. `color` is the colour's key (`emerald`, as carts name it), '' for a
 * product without colours. `left` as for a size: only at STOCK_LEFT_SHOWN_AT or fewer pieces.
 */
export const ProductVariantSchema = z.object({
  color: z.string(),
  size: SizeSchema,
  in_stock: z.boolean(),
  left: z.number().int().min(0).max(STOCK_LEFT_SHOWN_AT).optional(),
});
export type ProductVariant = z.infer<typeof ProductVariantSchema>;

export const ProductStatusSchema = z.enum(['active', 'inactive']);
export type ProductStatus = z.infer<typeof ProductStatusSchema>;

export const SlugSchema = z
  .string()
  .min(1)
  .max(120)
  .regex(/^[A-Za-z0-9]+(?:-[A-Za-z0-9]+)*$/, 'Must be letters, digits and dashes');

export const ImageSchema = z.object({
  /** Default rendition, a path on the API host (e.g. `/storage/products/x/0-800.webp`). */
  url: z.string(),
  /** Every rendition for `srcset` (e.g. `/storage/.../0-400.webp 400w, ...`). */
  srcset: z.string(),
  width: z.number().int(),
  height: z.number().int(),
  sort_order: z.number().int(),
});
export type Image = z.infer<typeof ImageSchema>;

/** A product's picture: the colour it shows (the colour's key), or null when it shows none in particular. */
export const ProductImageSchema = ImageSchema.extend({ color: z.string().nullable() });
export type ProductImage = z.infer<typeof ProductImageSchema>;

export const ColorSchema = z.object({
  id: z.number().int(),
  key: z.string(),
  /** Hex colour, e.g. `#1f6b4f`. */
  value: z.string(),
  name: LocalizedTextSchema,
});
export type Color = z.infer<typeof ColorSchema>;

/** Product as listed in collections, search and carousels. */
export const ProductSummarySchema = z.object({
  id: z.number().int(),
  slug: z.string(),
  name: LocalizedTextSchema,
  name_en: z.string(),
  name_fr: z.string(),
  name_ar: z.string(),
  price: MoneySchema,
  old_price: MoneySchema.nullable(),
  /**
   * The cover picture alone (none when the product has no picture): a card shows only it, and a list of 48
   * carried every picture's address and srcset for nothing (a third of a search answer's bytes). The product's
   * own answer carries them all.
   */
  images: z.array(ImageSchema).max(1),
  category_slug: z.string(),
  colors: z.array(ColorSchema),
  sizes: z.array(ProductSizeSchema),
  status: ProductStatusSchema,
  featured: z.boolean(),
  best_seller: z.boolean(),
  created_at: z.string(),
});
export type ProductSummary = z.infer<typeof ProductSummarySchema>;

export const RelatedProductSchema = z.object({
  id: z.number().int(),
  slug: z.string(),
  name: LocalizedTextSchema,
  image: ImageSchema.nullable(),
  price: MoneySchema,
  old_price: MoneySchema.nullable(),
  status: ProductStatusSchema,
});
export type RelatedProduct = z.infer<typeof RelatedProductSchema>;

export const ProductDetailSchema = z.object({
  id: z.number().int(),
  slug: z.string(),
  name: LocalizedTextSchema,
  description: LocalizedTextSchema,
  details: z.array(z.object({ detail: LocalizedTextSchema })),
  care_instructions: z.array(z.object({ instruction: LocalizedTextSchema })),
  price: MoneySchema,
  old_price: MoneySchema.nullable(),
  /** Choosing a colour shows the pictures of that colour first (`color`). */
  images: z.array(ProductImageSchema),
  colors: z.array(ColorSchema),
  /** `in_stock`/`left` over every colour of the size. */
  sizes: z.array(ProductSizeSchema),
  /** Every colour × size the product comes in (colours in the product's order, then sizes). */
  variants: z.array(ProductVariantSchema),
  status: ProductStatusSchema,
  category: z.string(),
  category_en: z.string(),
  category_name: LocalizedTextSchema,
  created_at: z.string(),
  /** The owner's words for search engines, per language; '' where the page's own name and description serve. */
  seo_title: LocalizedTextSchema,
  seo_description: LocalizedTextSchema,
});
export type ProductDetail = z.infer<typeof ProductDetailSchema>;

export const CategorySchema = z.object({
  id: z.number().int(),
  slug: z.string(),
  name: LocalizedTextSchema,
  description: LocalizedTextSchema,
  product_count: z.number().int(),
  image: ImageSchema.nullable(),
  /** The owner's words for search engines, per language; '' where the name and description serve. */
  seo_title: LocalizedTextSchema,
  seo_description: LocalizedTextSchema,
});
export type Category = z.infer<typeof CategorySchema>;

export const GallerySchema = z.object({
  id: z.number().int(),
  /** Storage path of the photo's default rendition. */
  photo: z.string(),
  image: ImageSchema,
  caption: LocalizedTextSchema,
});
export type Gallery = z.infer<typeof GallerySchema>;

/**
 * A way to ship to an address (`GET /api/v1/shipping-methods?country=AE&subtotal=...`): `id` is the rate's id,
 * sent back with the payment intent as `shipping_rate_id`; `price` is what it costs for that subtotal (0.00 when
 * the subtotal reaches `free_over`), VAT included.
 */
export const ShippingMethodSchema = z.object({
  id: z.string(),
  name: LocalizedTextSchema,
  /** The delivery estimate, in words. */
  description: LocalizedTextSchema,
  price: MoneySchema,
  /** The rate's price before `free_over` applies. */
  regular_price: MoneySchema,
  free_over: MoneySchema.nullable(),
  currency: z.literal('AED'),
  min_days: z.number().int(),
  max_days: z.number().int(),
});
export type ShippingMethod = z.infer<typeof ShippingMethodSchema>;

// ---- requests ----

export const CategoryParamsSchema = z.object({ category: SlugSchema });
export const ProductSlugParamsSchema = z.object({ slug: SlugSchema });

export const ProductTagSchema = z.enum(['best_seller', 'featured']);
export type ProductTag = z.infer<typeof ProductTagSchema>;

export const ProductListQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  per_page: z.coerce.number().int().min(1).max(PRODUCTS_MAX_PER_PAGE).default(12),
  tag: ProductTagSchema.optional(),
});
export type ProductListQuery = z.infer<typeof ProductListQuerySchema>;

/** A facet value as the search's filters take it: lowercase letters, digits and dashes. */
const FacetKeySchema = z
  .string()
  .max(40)
  .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, 'Must be lowercase letters, digits and dashes');

export const SearchQuerySchema = z.object({
  q: z
    .string()
    .trim()
    .min(1, 'Enter something to search for')
    .max(SEARCH_MAX_LENGTH, `Search at most ${SEARCH_MAX_LENGTH} characters`)
    .regex(PLAIN_TEXT, 'Search text must not contain control characters'),
  /** Only this collection (slug). */
  category: FacetKeySchema.optional(),
  /** Only this colour family (`green`, `blue`...: the keys of `facets.colors`). */
  color: FacetKeySchema.optional(),
  /** Only products with this size in stock. */
  size: SizeSchema.optional(),
});
export type SearchQuery = z.infer<typeof SearchQuerySchema>;

// ---- responses ----

export const CategoryProductsResponseSchema = envelope(
  z.object({
    data: z.object({
      category: CategorySchema,
      products: z.array(ProductSummarySchema),
    }),
  }),
);
export type CategoryProductsResponse = z.infer<typeof CategoryProductsResponseSchema>;

export const ProductResponseSchema = envelope(
  z.object({ product: ProductDetailSchema, relatedProducts: z.array(RelatedProductSchema) }),
);
export type ProductResponse = z.infer<typeof ProductResponseSchema>;

export const RecentProductsResponseSchema = envelope(z.object({ products: z.array(ProductSummarySchema) }));
export type RecentProductsResponse = z.infer<typeof RecentProductsResponseSchema>;

export const ProductPageResponseSchema = envelope(
  z.object({
    products: z.object({
      data: z.array(ProductSummarySchema),
      current_page: z.number().int(),
      last_page: z.number().int(),
      per_page: z.number().int(),
      total: z.number().int(),
    }),
  }),
);
export type ProductPageResponse = z.infer<typeof ProductPageResponseSchema>;

const FacetCountSchema = z.object({ count: z.number().int() });

export const SearchFacetsSchema = z.object({
  categories: z.array(FacetCountSchema.extend({ slug: z.string(), name: LocalizedTextSchema })),
  /** Colour families (a colour's family comes from its hex value). */
  colors: z.array(FacetCountSchema.extend({ key: z.string(), name: LocalizedTextSchema, hex: z.string() })),
  sizes: z.array(FacetCountSchema.extend({ name: SizeSchema })),
});
export type SearchFacets = z.infer<typeof SearchFacetsSchema>;

export const SearchSuggestionsSchema = z.object({
  /** Words of the catalogue that begin like the last word typed, the most used first. */
  words: z.array(z.string()),
  /** Collections whose name begins like it, or is one of its spellings. */
  collections: z.array(z.object({ slug: z.string(), name: LocalizedTextSchema })),
});
export type SearchSuggestions = z.infer<typeof SearchSuggestionsSchema>;

export const SearchResultSchema = z.object({
  /** Best first, at most SEARCH_MAX_RESULTS. */
  products: z.array(ProductSummarySchema),
  /** Products matching the query and the filters. */
  total: z.number().int(),
  /** Each count as if its own filter were not set, so that a shopper can switch between values. */
  facets: SearchFacetsSchema,
  suggest: SearchSuggestionsSchema,
  /** The query with misspelt words replaced by the catalogue's nearest ones, when some were. */
  did_you_mean: z.string().nullable(),
  /** When nothing matches: the products nearest to the query, else the newest. */
  closest: z.array(ProductSummarySchema),
});
export type SearchResult = z.infer<typeof SearchResultSchema>;

export const SearchResponseSchema = envelope(z.object({ data: SearchResultSchema }));
export type SearchResponse = z.infer<typeof SearchResponseSchema>;

export const GalleriesResponseSchema = envelope(
  z.object({ data: z.object({ galleries: z.array(GallerySchema) }) }),
);
export type GalleriesResponse = z.infer<typeof GalleriesResponseSchema>;

export const ColorsResponseSchema = envelope(z.object({ data: z.object({ colors: z.array(ColorSchema) }) }));
export type ColorsResponse = z.infer<typeof ColorsResponseSchema>;

export const CategoriesResponseSchema = envelope(z.object({ categories: z.array(CategorySchema) }));
export type CategoriesResponse = z.infer<typeof CategoriesResponseSchema>;

export const ShippingMethodsQuerySchema = z.object({
  /** The shipping address's country (ISO 3166 alpha-2); absent: the worldwide zone's rates. */
  country: z
    .string()
    .trim()
    .toUpperCase()
    .regex(/^[A-Z]{2}$/, 'The country must be an ISO 3166 alpha-2 code, such as AE.')
    .optional(),
  /** The cart's subtotal the rates are priced for (free over...); absent: 0. The payment prices its own cart. */
  subtotal: MoneySchema.optional(),
});

export const ShippingMethodsResponseSchema = envelope(
  z.object({
    /** The zone that serves the country. */
    zone: z.object({ id: z.number().int(), name: LocalizedTextSchema, worldwide: z.boolean() }),
    methods: z.array(ShippingMethodSchema),
  }),
);

/** Every zone with its rates, for the shipping information page (`GET /api/v1/shipping-zones`). */
export const PublicShippingZonesResponseSchema = envelope(
  z.object({
    zones: z.array(
      z.object({
        id: z.number().int(),
        name: LocalizedTextSchema,
        countries: z.array(z.string()),
        worldwide: z.boolean(),
        methods: z.array(ShippingMethodSchema),
      }),
    ),
  }),
);
export type PublicShippingZonesResponse = z.infer<typeof PublicShippingZonesResponseSchema>;
export type PublicShippingZones = PublicShippingZonesResponse['data']['zones'];
export type ShippingMethodsResponse = z.infer<typeof ShippingMethodsResponseSchema>;

// ---- search synonyms (back office) ----

export const SearchSynonymSchema = z.object({
  id: z.number().int(),
  /** As stored: folded (lowercase, no accents or Arabic vowel marks). */
  words: z.array(z.string()),
  created_at: z.string(),
  /** Sent back to delete the group (`If-Match`), so a group changed meanwhile is not deleted unseen. */
  version: z.number().int(),
});
export type SearchSynonym = z.infer<typeof SearchSynonymSchema>;

export const SearchSynonymCreateSchema = z.object({
  words: z
    .array(
      z
        .string()
        .trim()
        .min(1, 'A word cannot be empty')
        .max(SEARCH_SYNONYM_MAX_LENGTH, `At most ${SEARCH_SYNONYM_MAX_LENGTH} characters a word`)
        .regex(/^[\p{L}\p{M}\p{N}'’-]+$/u, 'One word each, letters and digits only'),
    )
    .min(2, 'Give at least two words that mean the same')
    .max(SEARCH_SYNONYM_MAX_WORDS, `At most ${SEARCH_SYNONYM_MAX_WORDS} words`),
});
export type SearchSynonymCreate = z.infer<typeof SearchSynonymCreateSchema>;

export const SearchSynonymParamsSchema = z.object({
  id: z.coerce.number().int().positive().max(2_147_483_647),
});

export const SearchSynonymsResponseSchema = envelope(z.object({ synonyms: z.array(SearchSynonymSchema) }));
export type SearchSynonymsResponse = z.infer<typeof SearchSynonymsResponseSchema>;
export const SearchSynonymResponseSchema = envelope(z.object({ synonym: SearchSynonymSchema }));
export type SearchSynonymResponse = z.infer<typeof SearchSynonymResponseSchema>;
