import { and, asc, count, eq, inArray, isNull, ne, sql } from 'drizzle-orm';
import type { PreparedPicture } from '../../media/pictures.js';
import type {
  AdminCollection,
  AdminCollectionPiece,
  AdminCollectionRow,
  CollectionCreate,
  CollectionUpdate,
} from '@boutique/contracts/admin-collections';
import { ERROR_CODES } from '@boutique/contracts/constants';
import type { Database } from '../../db/client.js';
import { categories, collectionProducts, productImages, products } from '../../db/schema/index.js';
import { isUniqueViolation } from '../../db/rows.js';
import { claimVersion } from '../../db/versions.js';
import { fieldError, HttpError } from '../../lib/http-error.js';
import { WIDE_WIDTHS } from '../../media/render.js';
import type { Storage } from '../../storage/index.js';
import { auditOf, recordAudit } from '../audit/index.js';
import { adminImage, slugify } from '../catalog/index.js';
import { deletePicture, newPicturePath, storePicture } from '../../media/pictures.js';
import { INVALID } from './scope.js';

const COLLECTION_NOT_FOUND = 'Collection not found';
/** Uploaded pictures live under `collections/{id}-…`; the drawn tiles under `site/`. */
const UPLOADS = 'collections';
const NO_TEXT = { en: '', fr: '', ar: '' };

type Row = typeof categories.$inferSelect;

const slugTaken = () =>
  new HttpError(422, INVALID, {
    slug: [fieldError('taken', 'This address is already used by another collection.')],
  });

/**
 * The owner's collections (decision 037): the categories products belong to, and curated collections of
 * pieces chosen by hand. Each write is one transaction with its audit row; the catalogue's triggers tell every
 * instance to drop its cached answers, so the shop shows the change at once everywhere.
 */
export class AdminCollectionService {
  constructor(
    private readonly db: Database,
    private readonly storage: Storage,
  ) {}

  #image(row: Row) {
    if (!row.imagePath) return null;
    return adminImage(this.storage.publicUrl, {
      id: row.id,
      productId: 0,
      path: row.imagePath,
      widths: row.imageWidths ?? [...WIDE_WIDTHS],
      aspect: row.imageAspect ?? 500,
      sortOrder: 0,
    });
  }

  #row(row: Row, position: number) {
    return {
      id: row.id,
      slug: row.slug,
      kind: row.kind,
      name: row.name,
      description: row.description,
      seo_title: row.seoTitle ?? NO_TEXT,
      seo_description: row.seoDescription ?? NO_TEXT,
      image: this.#image(row),
      position,
      updated_at: row.updatedAt.toISOString(),
      version: row.version,
    };
  }

  async #ordered(db: Database) {
    return db.select().from(categories).orderBy(asc(categories.sortOrder), asc(categories.id));
  }

  async list(): Promise<AdminCollectionRow[]> {
    const [rows, inCategory, curated] = await Promise.all([
      this.#ordered(this.db),
      this.db
        .select({ id: products.categoryId, n: count() })
        .from(products)
        .where(isNull(products.archivedAt))
        .groupBy(products.categoryId),
      this.db
        .select({ id: collectionProducts.collectionId, n: count() })
        .from(collectionProducts)
        .innerJoin(products, eq(products.id, collectionProducts.productId))
        .where(isNull(products.archivedAt))
        .groupBy(collectionProducts.collectionId),
    ]);
    const counts = new Map<string, number>([
      ...inCategory.map((c): [string, number] => [`category:${c.id}`, c.n]),
      ...curated.map((c): [string, number] => [`curated:${c.id}`, c.n]),
    ]);
    return rows.map((r, i) => ({ ...this.#row(r, i), product_count: counts.get(`${r.kind}:${r.id}`) ?? 0 }));
  }

  /** The pieces in their featured order: a category's products by their position, a curated one's by its own. */
  async #pieces(db: Database, row: Row): Promise<AdminCollectionPiece[]> {
    const columns = {
      id: products.id,
      slug: products.slug,
      name: products.name,
      status: products.status,
      category: categories.slug,
    };
    const rows =
      row.kind === 'curated'
        ? await db
            .select(columns)
            .from(collectionProducts)
            .innerJoin(products, eq(products.id, collectionProducts.productId))
            .innerJoin(categories, eq(categories.id, products.categoryId))
            .where(and(eq(collectionProducts.collectionId, row.id), isNull(products.archivedAt)))
            .orderBy(asc(collectionProducts.position), asc(products.id))
        : await db
            .select(columns)
            .from(products)
            .innerJoin(categories, eq(categories.id, products.categoryId))
            .where(and(eq(products.categoryId, row.id), isNull(products.archivedAt)))
            .orderBy(asc(products.sortOrder), asc(products.id));
    const ids = rows.map((r) => r.id);
    const pictures = ids.length
      ? await db
          .select()
          .from(productImages)
          .where(inArray(productImages.productId, ids))
          .orderBy(asc(productImages.sortOrder), asc(productImages.id))
      : [];
    return rows.map((r) => {
      const first = pictures.find((p) => p.productId === r.id);
      return { ...r, image: first ? adminImage(this.storage.publicUrl, first).url : null };
    });
  }

  async get(id: number, db: Database = this.db): Promise<AdminCollection> {
    const rows = await this.#ordered(db);
    const index = rows.findIndex((r) => r.id === id);
    const row = rows[index];
    if (!row) throw new HttpError(404, COLLECTION_NOT_FOUND);
    return { ...this.#row(row, index), products: await this.#pieces(db, row) };
  }

  audit(id: number) {
    return auditOf(this.db, 'collection', id);
  }

  async create(actorId: number, input: CollectionCreate): Promise<AdminCollection> {
    return this.#write(async (tx) => {
      const slug = input.slug ?? (await freeSlug(tx, slugify(input.name.en) || 'collection'));
      await slugMustBeFree(tx, slug);
      await piecesMustExist(tx, input.product_ids);
      const [{ next } = { next: 0 }] = await tx
        .select({ next: sql<number>`coalesce(max(${categories.sortOrder}) + 1, 0)::int` })
        .from(categories);
      const [row] = await tx
        .insert(categories)
        .values({
          slug,
          kind: 'curated',
          name: input.name,
          description: input.description,
          seoTitle: input.seo_title ?? null,
          seoDescription: input.seo_description ?? null,
          sortOrder: next,
        })
        .returning({ id: categories.id });
      if (!row) throw new Error('collection was not stored');
      await setPieces(tx, row.id, input.product_ids);
      const after = await this.get(row.id, tx);
      await recordAudit(tx, {
        actorId,
        action: 'collection.create',
        entity: 'collection',
        entityId: row.id,
        after,
      });
      return after;
    });
  }

  /** Changes what is sent, if the collection is still at `expected`: else 409 `stale` and nothing written. */
  async update(actorId: number, id: number, input: CollectionUpdate, expected: number) {
    return this.#write(async (tx) => {
      const before = await this.get(id, tx);
      await this.#claim(tx, id, expected);
      const set: Partial<typeof categories.$inferInsert> = { updatedAt: new Date() };
      if (input.slug !== undefined && input.slug !== before.slug) {
        if (before.kind === 'category') {
          // Products, discounts and links name a category by its address: it stays.
          throw new HttpError(422, INVALID, {
            slug: [fieldError('not_allowed', 'A category keeps its address; rename it instead.')],
          });
        }
        await slugMustBeFree(tx, input.slug, id);
        set.slug = input.slug;
      }
      if (input.name) set.name = input.name;
      if (input.description) set.description = input.description;
      if (input.seo_title) set.seoTitle = input.seo_title;
      if (input.seo_description) set.seoDescription = input.seo_description;
      await tx.update(categories).set(set).where(eq(categories.id, id));
      if (input.product_ids) {
        if (before.kind === 'curated') {
          await piecesMustExist(tx, input.product_ids);
          await setPieces(tx, id, input.product_ids);
        } else {
          await orderCategory(tx, before, input.product_ids);
        }
      }
      if (input.position !== undefined) await moveTo(tx, id, input.position);
      const after = await this.get(id, tx);
      await recordAudit(tx, {
        actorId,
        action: 'collection.update',
        entity: 'collection',
        entityId: id,
        before,
        after,
      });
      return after;
    });
  }

  /** Deletes a curated collection, or a category no product belongs to any more (409 otherwise). */
  async remove(actorId: number, id: number, expected: number) {
    const removed = await this.#write(async (tx) => {
      const before = await this.get(id, tx);
      await this.#claim(tx, id, expected);
      if (before.kind === 'category') {
        const [{ n } = { n: 0 }] = await tx
          .select({ n: count() })
          .from(products)
          .where(eq(products.categoryId, id));
        if (n > 0) {
          throw new HttpError(
            409,
            `${n} product(s) still belong to this category (archived ones included, kept for their orders): move them to another category first.`,
            undefined,
            { code: ERROR_CODES.collectionNotEmpty },
          );
        }
      }
      const [row] = await tx.delete(categories).where(eq(categories.id, id)).returning();
      await recordAudit(tx, {
        actorId,
        action: 'collection.delete',
        entity: 'collection',
        entityId: id,
        before,
      });
      return row;
    });
    await this.#dropUpload(removed);
    return this.list();
  }

  /** Replaces the collection's picture (checked and re-encoded like product pictures). */
  async setImage(actorId: number, id: number, picture: PreparedPicture, expected: number) {
    const path = newPicturePath(UPLOADS, id);
    await storePicture(this.storage, path, picture);
    let previous: Row | undefined;
    try {
      const after = await this.#write(async (tx) => {
        const before = await this.get(id, tx);
        [previous] = await tx.select().from(categories).where(eq(categories.id, id));
        await this.#claim(tx, id, expected);
        await tx
          .update(categories)
          .set({
            imagePath: path,
            imageWidths: picture.renditions.map((r) => r.width),
            imageAspect: picture.aspect,
            updatedAt: new Date(),
          })
          .where(eq(categories.id, id));
        const after = await this.get(id, tx);
        await recordAudit(tx, {
          actorId,
          action: 'collection.image',
          entity: 'collection',
          entityId: id,
          before: { image: before.image?.url ?? null },
          after: { image: after.image?.url ?? null },
        });
        return after;
      });
      await this.#dropUpload(previous);
      return after;
    } catch (err) {
      await deletePicture(
        this.storage,
        path,
        picture.renditions.map((r) => r.width),
      ).catch(() => {});
      throw err;
    }
  }

  /** The drawn tiles are drawn again at start when missing: only uploads are deleted from the storage. */
  async #dropUpload(row: Row | undefined) {
    if (row?.imagePath?.startsWith(`${UPLOADS}/`) && row.imageWidths) {
      await deletePicture(this.storage, row.imagePath, row.imageWidths).catch(() => {});
    }
  }

  #claim(tx: Database, id: number, expected: number) {
    return claimVersion(tx, categories, id, expected, {
      notFound: new HttpError(404, COLLECTION_NOT_FOUND),
      current: () => this.get(id, tx),
    });
  }

  /** One transaction; an address taken by a concurrent write ends as the 422 a taken address gets. */
  async #write<T>(fn: (tx: Database) => Promise<T>): Promise<T> {
    try {
      return await this.db.transaction((tx) => fn(tx as unknown as Database));
    } catch (err) {
      if (isUniqueViolation(err, 'categories_slug_unique')) throw slugTaken();
      throw err;
    }
  }
}

async function slugMustBeFree(tx: Database, slug: string, exceptId?: number) {
  const [row] = await tx
    .select({ id: categories.id })
    .from(categories)
    .where(and(eq(categories.slug, slug), exceptId ? ne(categories.id, exceptId) : undefined))
    .limit(1);
  if (row) throw slugTaken();
}

async function freeSlug(tx: Database, base: string): Promise<string> {
  const taken = new Set((await tx.select({ slug: categories.slug }).from(categories)).map((r) => r.slug));
  if (!taken.has(base)) return base;
  for (let n = 2; ; n += 1) if (!taken.has(`${base}-${n}`)) return `${base}-${n}`;
}

/** Every piece named must be a product of the shop that is not archived. */
async function piecesMustExist(tx: Database, ids: number[]) {
  if (ids.length === 0) return;
  const found = await tx
    .select({ id: products.id })
    .from(products)
    .where(and(inArray(products.id, ids), isNull(products.archivedAt)));
  const known = new Set(found.map((r) => r.id));
  const unknown = ids.filter((id) => !known.has(id));
  if (unknown.length > 0) {
    throw new HttpError(422, INVALID, {
      product_ids: [fieldError('not_found', `There is no product ${unknown.join(', ')} in the shop.`)],
    });
  }
}

async function setPieces(tx: Database, id: number, ids: number[]) {
  await tx.delete(collectionProducts).where(eq(collectionProducts.collectionId, id));
  if (ids.length > 0) {
    await tx
      .insert(collectionProducts)
      .values(ids.map((productId, position) => ({ collectionId: id, productId, position })));
  }
}

/** A category's pieces are its products: the list must name each of them once, and only orders them. */
async function orderCategory(tx: Database, before: AdminCollection, ids: number[]) {
  const current = new Set(before.products.map((p) => p.id));
  if (ids.length !== current.size || !ids.every((id) => current.has(id))) {
    throw new HttpError(422, INVALID, {
      product_ids: [
        fieldError(
          'invalid',
          'A category holds the products that belong to it: send each of them once, in the new order (a product changes category on its own form).',
        ),
      ],
    });
  }
  for (const [position, productId] of ids.entries()) {
    await tx
      .update(products)
      .set({ sortOrder: position + 1 })
      .where(eq(products.id, productId));
  }
}

/** Puts the collection at `position` in the shop's list, the others keeping their order around it. */
async function moveTo(tx: Database, id: number, position: number) {
  const rows = await tx
    .select({ id: categories.id })
    .from(categories)
    .orderBy(asc(categories.sortOrder), asc(categories.id));
  const order = rows.map((r) => r.id).filter((other) => other !== id);
  order.splice(Math.min(position, order.length), 0, id);
  for (const [sortOrder, other] of order.entries()) {
    await tx.update(categories).set({ sortOrder }).where(eq(categories.id, other));
  }
}
