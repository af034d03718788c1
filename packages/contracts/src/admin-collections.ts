/**
 * The back office's collections (decision 037): the two categories every product belongs to, and curated
 * collections the owner fills by hand with pieces of any category, each with its order, picture and words for
 * search engines in three languages.
 */
import { z } from 'zod';
import {
  AdminImageSchema,
  AuditEntrySchema,
  SEO_LIMITS,
  VersionSchema,
  localizedInput,
  seoInput,
} from './admin.js';
import { SlugSchema, ProductStatusSchema } from './catalog.js';
import { LocalizedTextSchema } from './common.js';
import { envelope } from './envelope.js';

const ADMIN = '/api/v1/admin';

export const ADMIN_COLLECTIONS_API = {
  collections: `${ADMIN}/collections`,
  collection: (id: number) => `${ADMIN}/collections/${id}`,
  /** `POST` multipart `file`: the collection's picture (replaces the one it had). */
  collectionImage: (id: number) => `${ADMIN}/collections/${id}/image`,
} as const;

export const COLLECTION_LIMITS = { name: 80, description: 600, pieces: 200 } as const;

/** `category`: a product's home, its pieces the products naming it; `curated`: pieces chosen by hand. */
export const CollectionKindSchema = z.enum(['category', 'curated']);
export type CollectionKind = z.infer<typeof CollectionKindSchema>;

const productIds = z
  .array(z.number().int().positive().max(2_147_483_647))
  .max(COLLECTION_LIMITS.pieces, `At most ${COLLECTION_LIMITS.pieces} pieces.`)
  .refine((ids) => new Set(ids).size === ids.length, 'Each piece may appear once.');

const collectionFields = {
  slug: z
    .string()
    .trim()
    .toLowerCase()
    .pipe(SlugSchema.max(80, 'The slug may not be greater than 80 characters.')),
  name: localizedInput('name', COLLECTION_LIMITS.name),
  description: localizedInput('description', COLLECTION_LIMITS.description, true),
  seo_title: seoInput('search title', SEO_LIMITS.title),
  seo_description: seoInput('search description', SEO_LIMITS.description),
  /**
   * The pieces in their "featured" order. A curated collection's pieces are these; a category's are the
   * products that name it, and this list (every one of them once) only orders them.
   */
  product_ids: productIds,
};

/** A new curated collection (categories come with the shop: a product must belong to one). */
export const CollectionCreateSchema = z.object({
  ...collectionFields,
  slug: collectionFields.slug.optional(),
  seo_title: collectionFields.seo_title.optional(),
  seo_description: collectionFields.seo_description.optional(),
  product_ids: collectionFields.product_ids.default([]),
});
export type CollectionCreate = z.infer<typeof CollectionCreateSchema>;
export type CollectionCreateInput = z.input<typeof CollectionCreateSchema>;

/** A change: only the fields sent change; `position` moves the collection in the shop's list. */
export const CollectionUpdateSchema = z
  .object({ ...collectionFields, position: z.number().int().min(0).max(1000), version: VersionSchema })
  .partial();
export type CollectionUpdate = z.infer<typeof CollectionUpdateSchema>;
export type CollectionUpdateInput = z.input<typeof CollectionUpdateSchema>;

export const AdminCollectionPieceSchema = z.object({
  id: z.number().int(),
  slug: z.string(),
  name: LocalizedTextSchema,
  status: ProductStatusSchema,
  category: z.string(),
  image: z.string().nullable(),
});
export type AdminCollectionPiece = z.infer<typeof AdminCollectionPieceSchema>;

export const AdminCollectionSchema = z.object({
  id: z.number().int(),
  slug: z.string(),
  kind: CollectionKindSchema,
  name: LocalizedTextSchema,
  description: LocalizedTextSchema,
  seo_title: LocalizedTextSchema,
  seo_description: LocalizedTextSchema,
  image: AdminImageSchema.nullable(),
  position: z.number().int(),
  /** Its pieces in their featured order (inactive ones included: the shop leaves them out). */
  products: z.array(AdminCollectionPieceSchema),
  updated_at: z.string(),
  version: z.number().int(),
});
export type AdminCollection = z.infer<typeof AdminCollectionSchema>;

export const AdminCollectionRowSchema = AdminCollectionSchema.omit({ products: true }).extend({
  product_count: z.number().int(),
});
export type AdminCollectionRow = z.infer<typeof AdminCollectionRowSchema>;

export const AdminCollectionListResponseSchema = envelope(
  z.object({ collections: z.array(AdminCollectionRowSchema) }),
);
export type AdminCollectionListResponse = z.infer<typeof AdminCollectionListResponseSchema>;
export const AdminCollectionResponseSchema = envelope(
  z.object({ collection: AdminCollectionSchema, audit: z.array(AuditEntrySchema) }),
);
export type AdminCollectionResponse = z.infer<typeof AdminCollectionResponseSchema>;
