import { asc, count, desc, eq, inArray } from 'drizzle-orm';
import {
  BULK_MAX_PRODUCTS,
  type BulkAction,
  type BulkRequest,
  type BulkResult,
  type ProductSelectionQuery,
} from '@boutique/contracts/admin-bulk';
import type { Database } from '../../db/client.js';
import { categories, products } from '../../db/schema/index.js';
import { staleWrite } from '../../db/versions.js';
import { fieldError, HttpError } from '../../lib/http-error.js';
import { fromFils, toFils } from '../../lib/money.js';
import { recordAudit } from '../audit/index.js';
import { productFilter } from './admin-products.js';

const INVALID = 'The given data was invalid';

type Row = { id: number; slug: string; version: number; archivedAt: Date | null } & Omit<
  BulkResult,
  'id' | 'version'
>;

/** What a bulk change may touch of a product, as its audit row and the answer show it. */
const fields = {
  id: products.id,
  slug: products.slug,
  version: products.version,
  archivedAt: products.archivedAt,
  status: products.status,
  category: categories.slug,
  price: products.price,
  old_price: products.oldPrice,
  featured: products.featured,
  best_seller: products.bestSeller,
};

/**
 * "Select all N matching": every product the table's filter picks, in the table's order, with its version, at
 * most BULK_MAX_PRODUCTS of them (`total` says how many match).
 */
export async function productSelection(db: Database, query: ProductSelectionQuery) {
  const where = productFilter(query);
  const inCategory = eq(categories.id, products.categoryId);
  const [[totalRow], rows] = await Promise.all([
    db.select({ total: count() }).from(products).innerJoin(categories, inCategory).where(where),
    db
      .select({ id: products.id, version: products.version })
      .from(products)
      .innerJoin(categories, inCategory)
      .where(where)
      .orderBy(desc(products.updatedAt), desc(products.id))
      .limit(BULK_MAX_PRODUCTS),
  ]);
  return { products: rows, total: totalRow?.total ?? 0 };
}

/**
 * One bulk action on the products named, all or nothing in one transaction: each product locked and checked at
 * the version the table saw (any stale: 409 `stale` with `current` naming each of them as it is now, nothing
 * written), each one's version moves by one and gets its audit row (before, after). The catalogue's statement
 * triggers tell every instance once that the shop's answers and its search index are stale (migrations/0001).
 */
export async function bulkChange(db: Database, actorId: number, input: BulkRequest): Promise<BulkResult[]> {
  const ids = input.products.map((p) => p.id);
  return db.transaction(async (txn) => {
    const tx = txn as unknown as Database;
    const rows: Row[] = await tx
      .select(fields)
      .from(products)
      .innerJoin(categories, eq(categories.id, products.categoryId))
      .where(inArray(products.id, ids))
      .orderBy(asc(products.id))
      .for('update', { of: products });
    const byId = new Map(rows.map((r) => [r.id, r]));
    const missing = ids.filter((id) => !byId.has(id));
    if (missing.length > 0) {
      throw new HttpError(404, `Product not found: ${missing.join(', ')}.`);
    }
    const stale = input.products.filter((p) => byId.get(p.id)!.version !== p.version);
    if (stale.length > 0) throw staleWrite(stale.map((p) => answerOf(byId.get(p.id)!)));

    const categoryId =
      input.action.type === 'category' ? await categoryIdOf(tx, input.action.category) : null;
    const changes = rows.map((before) => ({ before, after: changed(before, input.action) }));
    const refused = changes.filter(({ after }) => 'refusal' in after);
    if (refused.length > 0) {
      const names = refused.map(({ before }) => before.slug).join(', ');
      throw new HttpError(422, INVALID, {
        'action.price': [
          fieldError(
            'too_small',
            `The change would leave these pieces at no price or at a price not below their old price: ${names}. Nothing was changed.`,
          ),
        ],
      });
    }
    const now = new Date();
    const out: BulkResult[] = [];
    for (const { before, after } of changes) {
      if ('refusal' in after) continue;
      const set: Partial<typeof products.$inferInsert> = {
        version: before.version + 1,
        updatedAt: now,
        status: after.status,
        price: after.price,
        oldPrice: after.old_price,
        featured: after.featured,
        bestSeller: after.best_seller,
      };
      if (categoryId !== null) set.categoryId = categoryId;
      // Putting an archived product on sale again brings it back to the shop, as its form does.
      if (input.action.type === 'status' && after.status === 'active') set.archivedAt = null;
      await tx.update(products).set(set).where(eq(products.id, before.id));
      const result: BulkResult = { ...after, id: before.id, version: before.version + 1 };
      await recordAudit(tx, {
        actorId,
        action: `product.bulk.${input.action.type}`,
        entity: 'product',
        entityId: before.id,
        before: answerOf(before),
        after: result,
      });
      out.push(result);
    }
    return out;
  });
}

const answerOf = (r: Row): BulkResult => ({
  id: r.id,
  version: r.version,
  status: r.status,
  category: r.category,
  price: r.price,
  old_price: r.old_price,
  featured: r.featured,
  best_seller: r.best_seller,
});

type Fields = Omit<BulkResult, 'id' | 'version'>;

/** A product's fields after the action, or a refusal when its price would break the price rules. */
function changed(before: Row, action: BulkAction): Fields | { refusal: true } {
  const { id: _id, version: _version, ...now } = answerOf(before);
  switch (action.type) {
    case 'status':
      return { ...now, status: action.status };
    case 'category':
      return { ...now, category: action.category };
    case 'featured':
      return { ...now, featured: action.featured };
    case 'best_seller':
      return { ...now, best_seller: action.best_seller };
    case 'end_sale':
      return now.old_price === null ? now : { ...now, price: now.old_price, old_price: null };
    case 'price': {
      const fils = toFils(now.price);
      const sign = action.direction === 'down' ? -1 : 1;
      // Rounded to the fils once, half up: 20 % off 1,234.55 is 987.64.
      const next =
        action.by === 'percent'
          ? Math.round((fils * (100 + sign * action.percent)) / 100)
          : fils + sign * toFils(action.amount);
      // A sale keeps the crossed-out price it already shows, else the price it had until now.
      const oldPrice = action.keep_old_price ? (now.old_price ?? now.price) : now.old_price;
      if (next <= 0 || (oldPrice !== null && toFils(oldPrice) <= next)) return { refusal: true };
      return { ...now, price: fromFils(next), old_price: oldPrice };
    }
  }
}

async function categoryIdOf(tx: Database, slug: string): Promise<number> {
  const [row] = await tx.select({ id: categories.id }).from(categories).where(eq(categories.slug, slug));
  if (!row) {
    throw new HttpError(422, INVALID, {
      'action.category': [fieldError('not_found', `There is no collection "${slug}".`)],
    });
  }
  return row.id;
}
