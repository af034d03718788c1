import { and, asc, count, desc, eq, inArray, isNotNull, isNull, ne, sql, type SQL } from 'drizzle-orm';
import type { LocalizedText, Size } from '@boutique/contracts';
import type {
  AdminImage,
  AdminProduct,
  AdminProductListQuery,
  AdminProductRow,
  AdminVariant,
  ImageOrder,
  ImageUpdate,
  ProductCreate,
  ProductUpdate,
  VariantStockInput,
} from '@boutique/contracts/admin';
import { SIZES } from '@boutique/contracts';
import type { Database } from '../../db/client.js';
import {
  categories,
  colors,
  productColors,
  productImages,
  productStock,
  products,
} from '../../db/schema/index.js';
import { isUniqueViolation } from '../../db/rows.js';
import { claimVersion, bumpVersion } from '../../db/versions.js';
import { fieldError, HttpError } from '../../lib/http-error.js';
import { fromFils, toFils } from '../../lib/money.js';
import { escapeLike } from '../../lib/search-text.js';
import type { PublicUrl, Storage } from '../../storage/index.js';
import { toImage } from './images.js';
import type { StockService, VariantCount } from '../stock/index.js';
import { auditOf, recordAudit, type AuditRecord } from '../audit/index.js';
import { deletePicture, newPicturePath, storePicture, type PreparedPicture } from '../../media/pictures.js';

export const PRODUCT_NOT_FOUND = 'Product not found';
const NO_SEO_TEXT = { en: '', fr: '', ar: '' };
const UPLOADS = 'products/uploads';

type Tx = Database;

/** `Zahra Emerald Velvet Caftan` -> `zahra-emerald-velvet-caftan`; Latin accents dropped. */
export function slugify(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 100)
    .replace(/-+$/, '');
}

const normalMoney = (amount: string) => fromFils(toFils(amount));

/** An image row as the back office shows it: the storefront's WebP renditions, and the AVIF ones beside. */
export function adminImage(
  publicUrl: PublicUrl,
  row: Omit<typeof productImages.$inferSelect, 'color' | 'sourceName'> & { color?: string | null },
): AdminImage {
  const image = toImage(publicUrl, row.path, row.widths, row.aspect, row.sortOrder);
  const hasAvif = row.path.startsWith(`${UPLOADS}/`) || row.path.startsWith('gallery/up-');
  return {
    id: row.id,
    ...image,
    avif_srcset: hasAvif
      ? [...row.widths]
          .sort((a, b) => a - b)
          .map((w) => `${publicUrl(`${row.path}-${w}.avif`)} ${w}w`)
          .join(', ')
      : '',
    color: row.color ?? null,
  };
}

/**
 * The back office's products: reads for its table and form, and the writes behind them. Each write happens in
 * one transaction with its audit row; the catalogue's triggers then tell every instance to drop its cached
 * answers (migrations/0001 and the stock trigger), so the shop shows the change at once everywhere.
 */
export class AdminProductService {
  constructor(
    private readonly db: Database,
    private readonly storage: Storage,
    private readonly stock: StockService,
  ) {}

  async list(query: AdminProductListQuery) {
    const where = productFilter(query);
    const [totalRow] = await this.db
      .select({ total: count() })
      .from(products)
      .innerJoin(categories, inCategory)
      .where(where);
    const total = totalRow?.total ?? 0;
    const rows = await withCategory(this.db)
      .where(where)
      .orderBy(desc(products.updatedAt), desc(products.id))
      .limit(query.per_page)
      .offset((query.page - 1) * query.per_page);
    const ids = rows.map((r) => r.product.id);
    const [stockRows, imageRows, colorRows] = await Promise.all([
      ids.length ? this.db.select().from(productStock).where(inArray(productStock.productId, ids)) : [],
      ids.length ? imagesOf(this.db, inArray(productImages.productId, ids)) : [],
      ids.length ? colorsOf(this.db, inArray(productColors.productId, ids)) : [],
    ]);
    const data = rows.map(({ product: p, category }): AdminProductRow => {
      const first = imageRows.find((i) => i.productId === p.id);
      const stockOf = stockRows.filter((s) => s.productId === p.id);
      return {
        ...commonFields(p, category),
        sizes: sizesOf(p.sizes, stockOf),
        variants: variantsOf(
          colorRows.filter((c) => c.productId === p.id).map((c) => c.key),
          p.sizes,
          stockOf,
        ),
        updated_at: p.updatedAt.toISOString(),
        version: p.version,
        image: first ? adminImage(this.storage.publicUrl, first).url : null,
      };
    });
    return {
      data,
      current_page: query.page,
      last_page: Math.max(1, Math.ceil(total / query.per_page)),
      per_page: query.per_page,
      total,
    };
  }

  async get(id: number, db: Database = this.db): Promise<AdminProduct> {
    const [row] = await withCategory(db).where(eq(products.id, id)).limit(1);
    if (!row) throw new HttpError(404, PRODUCT_NOT_FOUND);
    const { product: p, category } = row;
    const [colorRows, stockRows, imageRows] = await Promise.all([
      colorsOf(db, eq(productColors.productId, id)),
      db.select().from(productStock).where(eq(productStock.productId, id)),
      imagesOf(db, eq(productImages.productId, id)),
    ]);
    return {
      ...commonFields(p, category),
      low_stock_threshold: p.lowStockThreshold,
      description: p.description,
      details: p.details,
      care: p.careInstructions,
      colors: colorRows.map(({ name, value, key }) => ({ name, value, key })),
      sizes: sizesOf(p.sizes, stockRows),
      variants: variantsOf(
        colorRows.map((c) => c.key),
        p.sizes,
        stockRows,
      ),
      images: imageRows.map((r) => adminImage(this.storage.publicUrl, r)),
      seo_title: p.seoTitle ?? NO_SEO_TEXT,
      seo_description: p.seoDescription ?? NO_SEO_TEXT,
      created_at: p.createdAt.toISOString(),
      updated_at: p.updatedAt.toISOString(),
      version: p.version,
    };
  }

  audit(id: number) {
    return auditOf(this.db, 'product', id);
  }

  async categories() {
    return this.db
      .select({ id: categories.id, slug: categories.slug, name: categories.name })
      .from(categories)
      .where(eq(categories.kind, 'category'))
      .orderBy(asc(categories.sortOrder), asc(categories.id));
  }

  async create(actorId: number, input: ProductCreate): Promise<AdminProduct> {
    return this.#write(async (tx) => {
      const categoryId = await categoryIdOf(tx, input.category);
      const slug = input.slug ?? (await freeSlug(tx, slugify(input.name.en) || 'product'));
      if (input.slug) await slugMustBeFree(tx, slug);
      const [{ position } = { position: 0 }] = await tx
        .select({ position: sql<number>`coalesce(max(${products.sortOrder}), 0)::int + 1` })
        .from(products)
        .where(eq(products.categoryId, categoryId));
      const [row] = await tx
        .insert(products)
        .values({
          slug,
          categoryId,
          name: input.name,
          description: input.description,
          details: input.details,
          careInstructions: input.care,
          price: normalMoney(input.price),
          oldPrice: input.old_price === null ? null : normalMoney(input.old_price),
          lowStockThreshold: input.low_stock_threshold,
          sizes: input.sizes.map((s) => s.name),
          status: input.status,
          featured: input.featured,
          bestSeller: input.best_seller,
          sortOrder: position,
          seoTitle: input.seo_title ?? null,
          seoDescription: input.seo_description ?? null,
        })
        .returning({ id: products.id });
      if (!row) throw new Error('product was not stored');
      const colours = await setColors(tx, row.id, input.colors);
      await this.stock.setCounts(tx, row.id, firstCounts(input, colours), actorId);
      const after = await this.get(row.id, tx);
      await auditProduct(tx, actorId, 'product.create', row.id, {
        after,
      });
      return after;
    });
  }

  /**
   * Changes what the form sends, if the product is still at `expected` (the version the form was opened on):
   * else 409 `stale` with the product as it is now, and nothing written. Its stock is not among the fields: it
   * moves by adjustments only, so a form opened before a sale never writes the sold piece back.
   */
  async update(actorId: number, id: number, input: ProductUpdate, expected: number): Promise<AdminProduct> {
    return this.#write(async (tx) => {
      const before = await this.get(id, tx);
      await this.#claim(tx, id, expected);
      const price = input.price ?? before.price;
      const oldPrice = input.old_price === undefined ? before.old_price : input.old_price;
      if (oldPrice !== null && toFils(oldPrice) <= toFils(price)) {
        throw new HttpError(422, 'The given data was invalid', {
          [input.old_price === undefined ? 'price' : 'old_price']: [
            input.old_price === undefined
              ? fieldError(
                  'too_big',
                  'The price must be lower than the old price; change or remove the old price.',
                )
              : fieldError('too_small', 'The old price must be higher than the price.'),
          ],
        });
      }
      const set: Partial<typeof products.$inferInsert> = { updatedAt: new Date() };
      if (input.category !== undefined) set.categoryId = await categoryIdOf(tx, input.category);
      if (input.slug !== undefined && input.slug !== before.slug) {
        await slugMustBeFree(tx, input.slug, id);
        set.slug = input.slug;
      }
      // The search words follow by the database's own trigger (migration search).
      if (input.name) set.name = input.name;
      if (input.description) set.description = input.description;
      if (input.details) set.details = input.details;
      if (input.care) set.careInstructions = input.care;
      if (input.price !== undefined) set.price = normalMoney(input.price);
      if (input.old_price !== undefined) {
        set.oldPrice = input.old_price === null ? null : normalMoney(input.old_price);
      }
      if (input.low_stock_threshold !== undefined) set.lowStockThreshold = input.low_stock_threshold;
      if (input.status !== undefined) set.status = input.status;
      // Putting an archived product on sale again brings it back to the shop.
      if (input.status === 'active' && before.archived_at) set.archivedAt = null;
      if (input.featured !== undefined) set.featured = input.featured;
      if (input.best_seller !== undefined) set.bestSeller = input.best_seller;
      if (input.sizes) set.sizes = input.sizes.map((s) => s.name);
      if (input.seo_title) set.seoTitle = input.seo_title;
      if (input.seo_description) set.seoDescription = input.seo_description;
      await tx.update(products).set(set).where(eq(products.id, id));
      const colours = input.colors ? await setColors(tx, id, input.colors) : before.colors;
      // A colour renamed (same value, another name: another key) keeps its pieces and its pictures.
      const renames = before.colors.flatMap((old) => {
        const now = colours.find((c) => c.value === old.value);
        return now && now.key !== old.key && !colours.some((c) => c.key === old.key)
          ? [{ from: old.key, to: now.key }]
          : [];
      });
      if (renames.length > 0) {
        await this.stock.renameColors(tx, id, renames, actorId);
        for (const { from, to } of renames) {
          await tx
            .update(productImages)
            .set({ color: to })
            .where(and(eq(productImages.productId, id), eq(productImages.color, from)));
        }
      }
      if (input.colors || input.sizes || input.variants) {
        const sizes = input.sizes?.map((s) => s.name) ?? before.sizes.map((s) => s.name);
        await this.stock.setVariants(tx, id, newVariants(colours, sizes, input.variants ?? []), actorId);
        // A colour taken off the product: its pictures show no colour in particular any more.
        await tx
          .update(productImages)
          .set({ color: null })
          .where(
            and(
              eq(productImages.productId, id),
              isNotNull(productImages.color),
              sql`${productImages.color} <> all(${sql.param(colours.map((c) => c.key))}::text[])`,
            ),
          );
      }
      const after = await this.get(id, tx);
      await auditProduct(tx, actorId, 'product.update', id, {
        before,
        after,
      });
      return after;
    });
  }

  /** Takes the product out of the shop: hidden from every public answer, not for sale; orders keep their copy. */
  async archive(actorId: number, id: number, expected: number): Promise<AdminProduct> {
    return this.#write(async (tx) => {
      const before = await this.get(id, tx);
      if (before.archived_at) return before;
      await this.#claim(tx, id, expected);
      await tx
        .update(products)
        .set({ archivedAt: new Date(), status: 'inactive', updatedAt: new Date() })
        .where(eq(products.id, id));
      const after = await this.get(id, tx);
      await auditProduct(tx, actorId, 'product.archive', id, {
        before,
        after,
      });
      return after;
    });
  }

  /** Stores prepared pictures after the product's current ones; answers the new images. */
  async addImages(actorId: number, id: number, pictures: PreparedPicture[]) {
    await this.get(id);
    const stored: { path: string; picture: PreparedPicture }[] = [];
    try {
      for (const picture of pictures) {
        const path = newPicturePath(UPLOADS, id);
        await storePicture(this.storage, path, picture);
        stored.push({ path, picture });
      }
      return await this.#write(async (tx) => {
        await lockProduct(tx, id);
        const [{ next } = { next: 0 }] = await tx
          .select({ next: sql<number>`coalesce(max(${productImages.sortOrder}) + 1, 0)::int` })
          .from(productImages)
          .where(eq(productImages.productId, id));
        const rows = await tx
          .insert(productImages)
          .values(
            stored.map(({ path, picture }, i) => ({
              productId: id,
              path,
              widths: picture.renditions.map((r) => r.width),
              aspect: picture.aspect,
              sortOrder: next + i,
            })),
          )
          .returning();
        await touch(tx, id);
        await bumpVersion(tx, products, id);
        const uploaded = rows.map((r) => adminImage(this.storage.publicUrl, r));
        await auditProduct(tx, actorId, 'product.image.add', id, {
          after: { images: uploaded.map((i) => ({ id: i.id, url: i.url })) },
        });
        const after = await this.get(id, tx);
        return { uploaded, images: after.images, version: after.version };
      });
    } catch (err) {
      // Nothing of a failed upload stays behind.
      await Promise.all(
        stored.map(({ path, picture }) =>
          deletePicture(
            this.storage,
            path,
            picture.renditions.map((r) => r.width),
          ).catch(() => {}),
        ),
      );
      throw err;
    }
  }

  /** New order of the pictures (every id once) and/or the one to show first. */
  async orderImages(actorId: number, id: number, input: ImageOrder, expected: number) {
    return this.#write(async (tx) => {
      await this.#claim(tx, id, expected);
      const current = (await imagesOf(tx, eq(productImages.productId, id))).map((r) => r.id);
      let order = input.order ?? current;
      const same = order.length === current.length && new Set(order).size === order.length;
      if (!same || !order.every((i) => current.includes(i))) {
        throw new HttpError(422, 'The given data was invalid', {
          order: [fieldError('invalid', 'Send every picture of this product once, in the new order.')],
        });
      }
      if (input.main !== undefined) {
        if (!current.includes(input.main)) {
          throw new HttpError(422, 'The given data was invalid', {
            main: [fieldError('not_found', 'That picture is not one of this product.')],
          });
        }
        order = [input.main, ...order.filter((i) => i !== input.main)];
      }
      for (const [position, imageId] of order.entries()) {
        await tx
          .update(productImages)
          .set({ sortOrder: position })
          .where(and(eq(productImages.id, imageId), eq(productImages.productId, id)));
      }
      await touch(tx, id);
      await auditProduct(tx, actorId, 'product.image.order', id, {
        before: { order: current },
        after: { order },
      });
      return this.get(id, tx);
    });
  }

  /** The colour a picture shows (one of the product's colours, by key), or null for none in particular. */
  async setImageColor(actorId: number, id: number, imageId: number, input: ImageUpdate, expected: number) {
    return this.#write(async (tx) => {
      await this.#claim(tx, id, expected);
      const [image] = await tx
        .select({ id: productImages.id, color: productImages.color })
        .from(productImages)
        .where(and(eq(productImages.id, imageId), eq(productImages.productId, id)))
        .for('update');
      if (!image) throw new HttpError(404, 'Picture not found');
      if (input.color !== null) {
        const keys = (await colorsOf(tx, eq(productColors.productId, id))).map((c) => c.key);
        if (!keys.includes(input.color)) {
          throw new HttpError(422, 'The given data was invalid', {
            color: [
              fieldError(
                'unavailable',
                keys.length === 0
                  ? 'This product has no colours: a picture of it can show none.'
                  : `This product has no colour "${input.color}"; its colours are ${keys.join(', ')}.`,
              ),
            ],
          });
        }
      }
      await tx.update(productImages).set({ color: input.color }).where(eq(productImages.id, imageId));
      await touch(tx, id);
      await auditProduct(tx, actorId, 'product.image.color', id, {
        before: { image: { id: imageId, color: image.color } },
        after: { image: { id: imageId, color: input.color } },
      });
      return this.get(id, tx);
    });
  }

  async deleteImage(actorId: number, id: number, imageId: number, expected: number) {
    const { product, removed } = await this.#write(async (tx) => {
      await this.#claim(tx, id, expected);
      const [row] = await tx
        .delete(productImages)
        .where(and(eq(productImages.id, imageId), eq(productImages.productId, id)))
        .returning();
      if (!row) throw new HttpError(404, 'Picture not found');
      await touch(tx, id);
      await auditProduct(tx, actorId, 'product.image.delete', id, {
        before: { image: { id: row.id, path: row.path } },
      });
      return { product: await this.get(id, tx), removed: row };
    });
    // The demo artwork is rendered again at start when missing: only uploads are deleted from the storage.
    if (removed.path.startsWith(`${UPLOADS}/`)) {
      await deletePicture(this.storage, removed.path, removed.widths).catch(() => {});
    }
    return product;
  }

  /** The version check of every write to a product, first in its transaction (db/versions.ts). */
  #claim(tx: Tx, id: number, expected: number) {
    return claimVersion(tx, products, id, expected, {
      notFound: new HttpError(404, PRODUCT_NOT_FOUND),
      current: () => this.get(id, tx),
    });
  }

  /** A write in one transaction; a slug taken by a concurrent write ends as the 422 a taken slug gets. */
  async #write<T>(fn: (tx: Tx) => Promise<T>): Promise<T> {
    try {
      return await this.db.transaction((tx) => fn(tx as unknown as Tx));
    } catch (err) {
      if (isUniqueViolation(err, 'products_slug_unique')) throw slugTaken();
      throw err;
    }
  }
}

type StockRow = { color: string; size: string; stock: number; reserved: number };

const bySizeOrder = (sizes: readonly Size[]) =>
  [...sizes].sort((a, b) => SIZES.indexOf(a) - SIZES.indexOf(b));

/** Each size over every colour (the sum of its variants' pieces). */
function sizesOf(sizes: Size[], rows: StockRow[]) {
  return bySizeOrder(sizes).map((name) => {
    const ofSize = rows.filter((r) => r.size === name);
    return {
      name,
      stock: ofSize.reduce((n, r) => n + r.stock, 0),
      reserved: ofSize.reduce((n, r) => n + r.reserved, 0),
    };
  });
}

/** Every colour × size of a product with its pieces (colours in the product's order, then sizes; no row: 0). */
function variantsOf(colorKeys: string[], sizes: Size[], rows: StockRow[]): AdminVariant[] {
  const byVariant = new Map(rows.map((r) => [`${r.color}\u0000${r.size}`, r]));
  return (colorKeys.length > 0 ? colorKeys : ['']).flatMap((color) =>
    bySizeOrder(sizes).map((size) => {
      const row = byVariant.get(`${color}\u0000${size}`);
      return { color, size, stock: row?.stock ?? 0, reserved: row?.reserved ?? 0 };
    }),
  );
}

/**
 * A new product's first counts per variant: those sent per colour and size, else each size's count on its first
 * colour (as the upgrade to counts per colour did), the other colours at 0.
 */
function firstCounts(input: ProductCreate, colours: { key: string; value: string }[]): VariantCount[] {
  const keys = colours.length > 0 ? colours.map((c) => c.key) : [''];
  const keyOf = new Map(colours.map((c) => [c.value, c.key]));
  const sent = new Map(
    (input.variants ?? []).map((v) => [`${keyOf.get(v.color_value) ?? ''}\u0000${v.size}`, v.stock]),
  );
  return keys.flatMap((color, i) =>
    input.sizes.map(({ name, stock }) => ({
      color,
      size: name,
      stock: input.variants ? (sent.get(`${color}\u0000${name}`) ?? 0) : i === 0 ? stock : 0,
    })),
  );
}

/**
 * Every variant a changed product comes in (its colours × its sizes), with the first counts sent for new ones.
 * A count names a colour by its value: one the product does not have (after the change), or a size it does not
 * come in, is refused (422 on `variants`).
 */
function newVariants(
  colours: { key: string; value: string }[],
  sizes: Size[],
  counts: VariantStockInput[],
): VariantCount[] {
  const keyOf = new Map(colours.map((c) => [c.value, c.key]));
  const unknown = counts.filter(
    (v) =>
      !sizes.includes(v.size) || (colours.length === 0 ? v.color_value !== '' : !keyOf.has(v.color_value)),
  );
  if (unknown.length > 0) {
    throw new HttpError(422, 'The given data was invalid', {
      variants: [
        fieldError(
          'unavailable',
          'Each count must name one of the product’s colours (or none when it has no colour) and one of its sizes.',
        ),
      ],
    });
  }
  const sent = new Map(counts.map((v) => [`${keyOf.get(v.color_value) ?? ''}\u0000${v.size}`, v.stock]));
  return (colours.length > 0 ? colours.map((c) => c.key) : ['']).flatMap((color) =>
    sizes.map((size) => {
      const stock = sent.get(`${color}\u0000${size}`);
      return stock === undefined ? { color, size } : { color, size, stock };
    }),
  );
}

/** The colours of the products `where` picks, in each product's order. */
const colorsOf = (db: Database, where: SQL) =>
  db
    .select({ productId: productColors.productId, name: colors.name, value: colors.hex, key: colors.key })
    .from(productColors)
    .innerJoin(colors, eq(colors.id, productColors.colorId))
    .where(where)
    .orderBy(productColors.productId, asc(productColors.sortOrder), asc(productColors.colorId));

/** Products joined to their collection. */
const inCategory = eq(categories.id, products.categoryId);

/** Products with their collection's slug, as the table and the form read them. */
const withCategory = (db: Database) =>
  db
    .select({ product: products, category: categories.slug })
    .from(products)
    .innerJoin(categories, inCategory);

/** The pictures of the products `where` picks, in the order the shop shows them. */
const imagesOf = (db: Database, where: SQL) =>
  db.select().from(productImages).where(where).orderBy(asc(productImages.sortOrder), asc(productImages.id));

/** What a row of the table and the form both show of a product. */
function commonFields(p: typeof products.$inferSelect, category: string) {
  return {
    id: p.id,
    slug: p.slug,
    category,
    name: p.name,
    price: p.price,
    old_price: p.oldPrice,
    status: p.status,
    archived_at: p.archivedAt?.toISOString() ?? null,
    featured: p.featured,
    best_seller: p.bestSeller,
  };
}

/** The table's filters (status, collection, a fragment of a name or slug), as its list and "select all" read them. */
export function productFilter(query: Omit<AdminProductListQuery, 'page' | 'per_page'>): SQL | undefined {
  const filters: (SQL | undefined)[] = [];
  if (query.status === 'archived') filters.push(isNotNull(products.archivedAt));
  else {
    filters.push(isNull(products.archivedAt));
    if (query.status) filters.push(eq(products.status, query.status));
  }
  if (query.category) filters.push(eq(categories.slug, query.category));
  if (query.q) {
    // The owner looks a piece up by a fragment of its name in any language, or of its slug.
    const like = `%${escapeLike(query.q.trim().toLowerCase())}%`;
    filters.push(sql`(lower(${products.name}::text) like ${like} or ${products.slug} like ${like})`);
  }
  return and(...filters);
}

/** A write to a product's pictures changes the product: its `updated_at` moves. */
const touch = (tx: Tx, id: number) =>
  tx.update(products).set({ updatedAt: new Date() }).where(eq(products.id, id));

/** The audit row of a write to a product, in the write's transaction. */
const auditProduct = (
  tx: Tx,
  actorId: number,
  action: string,
  id: number,
  change: Pick<AuditRecord, 'before' | 'after'>,
) => recordAudit(tx, { actorId, action, entity: 'product', entityId: id, ...change });

async function lockProduct(tx: Tx, id: number) {
  const [row] = await tx.select({ id: products.id }).from(products).where(eq(products.id, id)).for('update');
  if (!row) throw new HttpError(404, PRODUCT_NOT_FOUND);
}

async function categoryIdOf(tx: Tx, slug: string): Promise<number> {
  // A curated collection is no product's home: its pieces are chosen in the collection (decision 037).
  const [row] = await tx
    .select({ id: categories.id })
    .from(categories)
    .where(and(eq(categories.slug, slug), eq(categories.kind, 'category')));
  if (!row) {
    throw new HttpError(422, 'The given data was invalid', {
      category: [fieldError('not_found', `There is no category "${slug}".`)],
    });
  }
  return row.id;
}

const slugTaken = () =>
  new HttpError(422, 'The given data was invalid', {
    slug: [fieldError('taken', 'This slug is already used by another product.')],
  });

async function slugMustBeFree(tx: Tx, slug: string, exceptId?: number) {
  const [row] = await tx
    .select({ id: products.id })
    .from(products)
    .where(and(eq(products.slug, slug), exceptId ? ne(products.id, exceptId) : undefined))
    .limit(1);
  if (row) throw slugTaken();
}

/** The slug itself, or with `-2`, `-3`… when taken (a slug made from the name never refuses a product). */
async function freeSlug(tx: Tx, base: string): Promise<string> {
  const rows = await tx
    .select({ slug: products.slug })
    .from(products)
    .where(sql`${products.slug} = ${base} or ${products.slug} like ${`${escapeLike(base)}-%`}`);
  const taken = new Set(rows.map((r) => r.slug));
  if (!taken.has(base)) return base;
  for (let n = 2; ; n += 1) if (!taken.has(`${base}-${n}`)) return `${base}-${n}`;
}

/**
 * The product's colours, in order. A colour with the same value and names as one the shop has is that one (the
 * storefront's colour filter groups by it); another gets its own row.
 */
async function setColors(
  tx: Tx,
  productId: number,
  list: { name: LocalizedText; value: string }[],
): Promise<{ key: string; value: string }[]> {
  await tx.delete(productColors).where(eq(productColors.productId, productId));
  const out: { key: string; value: string }[] = [];
  for (const [sortOrder, color] of list.entries()) {
    const same = await tx
      .select({ id: colors.id, name: colors.name, key: colors.key })
      .from(colors)
      .where(eq(colors.hex, color.value));
    const found = same.find(
      (c) => c.name.en === color.name.en && c.name.fr === color.name.fr && c.name.ar === color.name.ar,
    );
    let colorId = found?.id;
    let colorKey = found?.key;
    if (colorId === undefined) {
      const base = slugify(color.name.en) || 'colour';
      const taken = new Set(
        (
          await tx
            .select({ key: colors.key })
            .from(colors)
            .where(sql`${colors.key} = ${base} or ${colors.key} like ${`${escapeLike(base)}-%`}`)
        ).map((r) => r.key),
      );
      let key = base;
      for (let n = 2; taken.has(key); n += 1) key = `${base}-${n}`;
      const [row] = await tx
        .insert(colors)
        .values({ key, hex: color.value, name: color.name })
        .returning({ id: colors.id });
      colorId = row?.id;
      colorKey = key;
    }
    if (colorId === undefined || colorKey === undefined) throw new Error('colour was not stored');
    await tx.insert(productColors).values({ productId, colorId, sortOrder });
    out.push({ key: colorKey, value: color.value });
  }
  return out;
}
