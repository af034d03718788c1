import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  numeric,
  pgEnum,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import type { LocalizedText, Size } from '@boutique/contracts';

export const productStatus = pgEnum('product_status', ['active', 'inactive']);

/**
 * `category`: a product's one home (caftans, jellabas), its pieces the products naming it. `curated`: a
 * collection the owner fills by hand (`collection_products`), with pieces of any category (decision 037).
 */
export const collectionKind = pgEnum('collection_kind', ['category', 'curated']);

/** Search-engine words of a page in each language; an empty one falls back to the page's own. */
export type SeoText = LocalizedText;

export const categories = pgTable('categories', {
  id: serial().primaryKey(),
  slug: text().notNull().unique(),
  kind: collectionKind().notNull().default('category'),
  name: jsonb().$type<LocalizedText>().notNull(),
  description: jsonb().$type<LocalizedText>().notNull(),
  seoTitle: jsonb().$type<SeoText>(),
  seoDescription: jsonb().$type<SeoText>(),
  /** Storage path prefix of the tile artwork, e.g. `site/collection-caftan`. */
  imagePath: text(),
  /** Widths of an uploaded picture's renditions; null for the drawn artwork (every wide width). */
  imageWidths: integer().array(),
  /** Height / width of an uploaded picture, times 1000; null for the drawn artwork (WIDE_ASPECT). */
  imageAspect: integer(),
  sortOrder: integer().notNull().default(0),
  createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  /** Counts the back office's writes: a write based on an older version is refused (db/versions.ts). */
  version: integer().notNull().default(1),
});

export const colors = pgTable(
  'colors',
  {
    id: serial().primaryKey(),
    key: text().notNull().unique(),
    hex: text().notNull(),
    name: jsonb().$type<LocalizedText>().notNull(),
    /** Colour family (green, blue...), set from `hex` by a trigger when the colour is added or its hex changes. */
    family: text().notNull().default('grey'),
  },
  (t) => [check('colors_hex_check', sql`${t.hex} ~ '^#[0-9a-f]{6}$'`)],
);

export const products = pgTable(
  'products',
  {
    id: serial().primaryKey(),
    slug: text().notNull().unique(),
    categoryId: integer()
      .notNull()
      .references(() => categories.id, { onDelete: 'restrict' }),
    name: jsonb().$type<LocalizedText>().notNull(),
    description: jsonb().$type<LocalizedText>().notNull(),
    details: jsonb().$type<LocalizedText[]>().notNull().default([]),
    careInstructions: jsonb().$type<LocalizedText[]>().notNull().default([]),
    /** AED, two decimals. Arithmetic happens in integer fils (see lib/money.ts). */
    price: numeric({ precision: 12, scale: 2 }).notNull(),
    oldPrice: numeric({ precision: 12, scale: 2 }),
    sizes: text().array().$type<Size[]>().notNull(),
    status: productStatus().notNull().default('active'),
    featured: boolean().notNull().default(false),
    bestSeller: boolean().notNull().default(false),
    /** Position in the "featured" (default) order of a collection. */
    sortOrder: integer().notNull().default(0),
    /**
     * At or below this many pieces of one colour × size the owner gets the low-stock e-mail (modules/alerts);
     * null: the shop's default (LOW_STOCK_THRESHOLD).
     */
    lowStockThreshold: integer(),
    /**
     * Set when the back office archives the product: gone from every public answer and not for sale (its status
     * is inactive too), kept for the orders that name it.
     */
    archivedAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    /** Counts the back office's writes: a write based on an older version is refused (db/versions.ts). */
    version: integer().notNull().default(1),
    seoTitle: jsonb().$type<SeoText>(),
    seoDescription: jsonb().$type<SeoText>(),
  },
  (t) => [
    index('products_category_idx').on(t.categoryId, t.sortOrder),
    index('products_created_idx').on(t.createdAt),
    check('products_price_check', sql`${t.price} >= 0`),
    check('products_old_price_check', sql`${t.oldPrice} is null or ${t.oldPrice} >= 0`),
    check(
      'products_low_stock_threshold_check',
      sql`${t.lowStockThreshold} is null or ${t.lowStockThreshold} between 0 and 1000`,
    ),
  ],
);

/** The pieces of a curated collection, in the owner's order ("featured"). */
export const collectionProducts = pgTable(
  'collection_products',
  {
    collectionId: integer()
      .notNull()
      .references(() => categories.id, { onDelete: 'cascade' }),
    productId: integer()
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    position: integer().notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.collectionId, t.productId] }),
    index('collection_products_product_idx').on(t.productId),
  ],
);

export const productImages = pgTable(
  'product_images',
  {
    id: serial().primaryKey(),
    productId: integer()
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    /** Storage path prefix; renditions live at `{path}-{width}.webp`. */
    path: text().notNull(),
    widths: integer().array().notNull(),
    /** Height / width of the image, times 1000 (3:4 portrait = 1333). */
    aspect: integer().notNull(),
    sortOrder: integer().notNull().default(0),
    /**
     * The colour the picture shows (`colors.key`, one of the product's colours), or null: choosing a colour in the
     * shop shows its pictures first. A colour taken off the product leaves its pictures with null.
     */
    color: text(),
    /**
     * The file name the picture came in as when a catalogue CSV brought it (`front.jpg`, or its address): a
     * later import naming it again does not add it twice. Null for pictures uploaded one by one.
     */
    sourceName: text(),
  },
  (t) => [index('product_images_product_idx').on(t.productId, t.sortOrder)],
);

export const productColors = pgTable(
  'product_colors',
  {
    productId: integer()
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    colorId: integer()
      .notNull()
      .references(() => colors.id, { onDelete: 'restrict' }),
    sortOrder: integer().notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.productId, t.colorId] })],
);

export const galleries = pgTable('galleries', {
  id: serial().primaryKey(),
  key: text().notNull().unique(),
  path: text().notNull(),
  widths: integer().array().notNull(),
  aspect: integer().notNull(),
  caption: jsonb().$type<LocalizedText>().notNull(),
  sortOrder: integer().notNull().default(0),
  /** Counts the back office's writes: a write based on an older version is refused (db/versions.ts). */
  version: integer().notNull().default(1),
});
