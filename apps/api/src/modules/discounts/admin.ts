import { and, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { AdminDiscount, DiscountCreate, DiscountUpdate } from '@boutique/contracts/discounts';
import type { Database } from '../../db/client.js';
import { categories, discountRedemptions, discounts, orders, products } from '../../db/schema/index.js';
import { claimVersion } from '../../db/versions.js';
import { fieldError, HttpError, type CodedFieldErrors } from '../../lib/http-error.js';
import { fromFils, toFils } from '../../lib/money.js';
import { recordAudit } from '../audit/index.js';

export const DISCOUNT_NOT_FOUND = 'Discount code not found.';
const INVALID = 'The given data was invalid';
type Row = typeof discounts.$inferSelect;

const codeTaken = () =>
  new HttpError(422, INVALID, { code: [fieldError('taken', 'Another discount already has this code.')] });

function isUniqueViolation(err: unknown): boolean {
  for (let e: unknown = err; e instanceof Error; e = e.cause) {
    if ((e as { code?: unknown }).code === '23505') return true;
  }
  return false;
}

/**
 * The owner's discount codes (DESIGN section 17): list with their usage, create, change, delete. Every write is
 * audited in its transaction and checked against the version it was based on (decision 028). A code that was
 * used is archived when deleted (switched off, hidden from the list, its orders still name it); one never used
 * is deleted.
 */
export class DiscountAdminService {
  constructor(private readonly db: Database) {}

  async list(): Promise<AdminDiscount[]> {
    const rows = await this.db
      .select({ d: discounts, category: categories.slug })
      .from(discounts)
      .leftJoin(categories, eq(categories.id, discounts.categoryId))
      .where(isNull(discounts.archivedAt))
      .orderBy(desc(discounts.createdAt), desc(discounts.id));
    const usage = await this.#usage(rows.map((r) => r.d.id));
    return rows.map((r) => view(r.d, r.category, usage.get(r.d.id)));
  }

  async get(id: number, db: Database = this.db): Promise<AdminDiscount> {
    const [row] = await db
      .select({ d: discounts, category: categories.slug })
      .from(discounts)
      .leftJoin(categories, eq(categories.id, discounts.categoryId))
      .where(eq(discounts.id, id));
    if (!row) throw new HttpError(404, DISCOUNT_NOT_FOUND);
    const usage = await this.#usage([id], db);
    return view(row.d, row.category, usage.get(id));
  }

  create(actorId: number, input: DiscountCreate): Promise<AdminDiscount> {
    return this.#write(async (tx) => {
      await codeMustBeFree(tx, input.code);
      const values = await this.#columns(tx, input);
      const [row] = await tx
        .insert(discounts)
        .values({ ...values, code: input.code })
        .returning();
      if (!row) throw new Error('discount not stored');
      const after = await this.get(row.id, tx);
      await recordAudit(tx, {
        actorId,
        action: 'discount.create',
        entity: 'discount',
        entityId: row.id,
        after,
      });
      return after;
    });
  }

  update(actorId: number, id: number, input: DiscountUpdate, expected: number): Promise<AdminDiscount> {
    return this.#write(async (tx) => {
      const before = await this.get(id, tx);
      await claimVersion(tx, discounts, id, expected, {
        notFound: new HttpError(404, DISCOUNT_NOT_FOUND),
        current: () => this.get(id, tx),
      });
      if (before.archived) throw new HttpError(404, DISCOUNT_NOT_FOUND);
      const merged = { ...fromView(before), ...definedOf(input) };
      checkMerged(merged);
      if (input.code !== undefined) await codeMustBeFree(tx, input.code, id);
      const values = await this.#columns(tx, merged);
      await tx
        .update(discounts)
        .set({ ...values, code: merged.code, updatedAt: new Date() })
        .where(eq(discounts.id, id));
      const after = await this.get(id, tx);
      await recordAudit(tx, {
        actorId,
        action: 'discount.update',
        entity: 'discount',
        entityId: id,
        before,
        after,
      });
      return after;
    });
  }

  /** Deletes a code never used; archives (switches off, keeps) one that was. */
  remove(
    actorId: number,
    id: number,
    expected: number,
  ): Promise<{ discount: AdminDiscount; outcome: 'deleted' | 'archived' }> {
    return this.#write(async (tx) => {
      const before = await this.get(id, tx);
      await claimVersion(tx, discounts, id, expected, {
        notFound: new HttpError(404, DISCOUNT_NOT_FOUND),
        current: () => this.get(id, tx),
      });
      if (before.archived) throw new HttpError(404, DISCOUNT_NOT_FOUND);
      const [used] = await tx
        .select({ id: discountRedemptions.id })
        .from(discountRedemptions)
        .where(eq(discountRedemptions.discountId, id))
        .limit(1);
      if (used) {
        await tx
          .update(discounts)
          .set({ active: false, archivedAt: new Date(), updatedAt: new Date() })
          .where(eq(discounts.id, id));
        const after = await this.get(id, tx);
        await recordAudit(tx, {
          actorId,
          action: 'discount.archive',
          entity: 'discount',
          entityId: id,
          before,
          after,
        });
        return { discount: after, outcome: 'archived' as const };
      }
      await tx.delete(discounts).where(eq(discounts.id, id));
      await recordAudit(tx, { actorId, action: 'discount.delete', entity: 'discount', entityId: id, before });
      return { discount: { ...before, version: before.version + 1 }, outcome: 'deleted' as const };
    });
  }

  /** Uses (orders), holds (payments under way), customers, what was taken off and what the orders came to. */
  async #usage(ids: number[], db: Database = this.db) {
    const out = new Map<number, AdminDiscount['usage']>();
    if (ids.length === 0) return out;
    const rows = await db
      .select({
        id: discountRedemptions.discountId,
        uses: sql<number>`(count(*) filter (where ${discountRedemptions.orderId} is not null))::int`,
        held: sql<number>`(count(*) filter (where ${discountRedemptions.orderId} is null))::int`,
        customers: sql<number>`(count(distinct ${discountRedemptions.userId}) filter (where ${discountRedemptions.orderId} is not null))::int`,
        discounted: sql<string>`coalesce(sum(${discountRedemptions.amount}) filter (where ${discountRedemptions.orderId} is not null), 0)::text`,
        revenue: sql<string>`coalesce(sum(${orders.totalAmount}), 0)::text`,
      })
      .from(discountRedemptions)
      .leftJoin(orders, eq(orders.id, discountRedemptions.orderId))
      .where(inArray(discountRedemptions.discountId, ids))
      .groupBy(discountRedemptions.discountId);
    for (const r of rows) {
      out.set(r.id, {
        uses: Number(r.uses),
        held: Number(r.held),
        customers: Number(r.customers),
        discounted: fromFils(toFils(r.discounted)),
        revenue: fromFils(toFils(r.revenue)),
      });
    }
    return out;
  }

  /** The columns of a (merged) input: the category's id, the products checked to exist. */
  async #columns(tx: Database, input: Omit<DiscountCreate, 'code'>) {
    let categoryId: number | null = null;
    if (input.category) {
      const [cat] = await tx
        .select({ id: categories.id })
        .from(categories)
        .where(eq(categories.slug, input.category));
      if (!cat) invalid({ category: [fieldError('not_found', `There is no category "${input.category}".`)] });
      categoryId = cat.id;
    }
    const productIds = [...new Set(input.product_ids)];
    if (productIds.length > 0) {
      const found = await tx
        .select({ id: products.id })
        .from(products)
        .where(inArray(products.id, productIds));
      const known = new Set(found.map((p) => p.id));
      const missing = productIds.filter((p) => !known.has(p));
      if (missing.length > 0)
        invalid({ product_ids: [fieldError('not_found', `No product has the id ${missing.join(', ')}.`)] });
    }
    return {
      kind: input.kind,
      value: input.kind === 'free_shipping' ? '0.00' : fromFils(toFils(input.value)),
      minSubtotal: input.min_subtotal === null ? null : fromFils(toFils(input.min_subtotal)),
      startsAt: input.starts_at ? new Date(input.starts_at) : null,
      endsAt: input.ends_at ? new Date(input.ends_at) : null,
      usageLimit: input.usage_limit,
      perCustomerLimit: input.per_customer_limit,
      categoryId,
      productIds,
      active: input.active,
    };
  }

  async #write<T>(fn: (tx: Database) => Promise<T>): Promise<T> {
    try {
      return await this.db.transaction((tx) => fn(tx as unknown as Database));
    } catch (err) {
      if (isUniqueViolation(err)) throw codeTaken();
      throw err;
    }
  }
}

function invalid(errors: CodedFieldErrors): never {
  throw new HttpError(422, INVALID, errors);
}

async function codeMustBeFree(tx: Database, code: string, exceptId?: number) {
  const [row] = await tx
    .select({ id: discounts.id })
    .from(discounts)
    .where(
      and(
        sql`upper(${discounts.code}) = upper(${code})`,
        exceptId ? sql`${discounts.id} <> ${exceptId}` : undefined,
      ),
    )
    .limit(1);
  if (row) throw codeTaken();
}

/** The rules between fields, on the record as it will be once changed. */
function checkMerged(d: DiscountCreate) {
  const v = Number(d.value);
  if (d.kind === 'percent' && !(v > 0 && v <= 100))
    invalid({ value: [fieldError('invalid', 'A percentage is more than 0 and at most 100.')] });
  if (d.kind === 'amount' && !(v > 0))
    invalid({ value: [fieldError('too_small', 'The amount must be more than 0.')] });
  if (d.starts_at && d.ends_at && Date.parse(d.ends_at) <= Date.parse(d.starts_at))
    invalid({ ends_at: [fieldError('invalid', 'The end must come after the start.')] });
}

function definedOf(input: DiscountUpdate): Partial<DiscountCreate> {
  const { version: _version, ...rest } = input;
  return Object.fromEntries(Object.entries(rest).filter(([, v]) => v !== undefined));
}

function fromView(d: AdminDiscount): DiscountCreate {
  return {
    code: d.code,
    kind: d.kind,
    value: d.value,
    min_subtotal: d.min_subtotal,
    starts_at: d.starts_at,
    ends_at: d.ends_at,
    usage_limit: d.usage_limit,
    per_customer_limit: d.per_customer_limit,
    category: d.category,
    product_ids: d.product_ids,
    active: d.active,
  };
}

const NO_USE: AdminDiscount['usage'] = {
  uses: 0,
  held: 0,
  customers: 0,
  discounted: '0.00',
  revenue: '0.00',
};

function view(d: Row, category: string | null, usage = NO_USE): AdminDiscount {
  return {
    id: d.id,
    code: d.code,
    kind: d.kind,
    value: fromFils(toFils(d.value)),
    min_subtotal: d.minSubtotal === null ? null : fromFils(toFils(d.minSubtotal)),
    starts_at: d.startsAt?.toISOString() ?? null,
    ends_at: d.endsAt?.toISOString() ?? null,
    usage_limit: d.usageLimit,
    per_customer_limit: d.perCustomerLimit,
    category,
    product_ids: d.productIds,
    active: d.active,
    archived: d.archivedAt !== null,
    version: d.version,
    created_at: d.createdAt.toISOString(),
    usage,
  };
}
