import { and, count, eq, isNull, sql } from 'drizzle-orm';
import type { Language } from '@boutique/contracts';
import type { Database } from '../../db/client.js';
import { productStock, products, stockRequests, users } from '../../db/schema/index.js';
import { fieldError, HttpError } from '../../lib/http-error.js';

const INVALID = 'The given data was invalid';

export interface StockRequestInput {
  email: string;
  color: string;
  size: string;
  language: Language;
}

/**
 * Records "tell me when it is back" for a variant with no free piece. Asking again while a request waits
 * changes nothing (one waiting request per address × variant), and the answer is the same whether the address
 * is known or not. A product not sold answers 404; a variant it does not come in, or one with free pieces, 422.
 */
export async function requestStock(db: Database, slug: string, input: StockRequestInput): Promise<void> {
  const [product] = await db
    .select({ id: products.id })
    .from(products)
    .where(and(eq(products.slug, slug), eq(products.status, 'active'), isNull(products.archivedAt)))
    .limit(1);
  if (!product) throw new HttpError(404, 'Product not found');
  const [variant] = await db
    .select({ free: sql<number>`(${productStock.stock} - ${productStock.reserved})::int` })
    .from(productStock)
    .innerJoin(products, eq(products.id, productStock.productId))
    .where(
      and(
        eq(productStock.productId, product.id),
        eq(productStock.color, input.color),
        eq(productStock.size, input.size),
        sql`${productStock.size} = any(${products.sizes})`,
      ),
    );
  if (!variant) {
    throw new HttpError(422, INVALID, {
      size: [fieldError('unavailable', 'This piece does not come in this colour and size.')],
    });
  }
  if (variant.free > 0) {
    throw new HttpError(422, 'This size is in stock: it can be ordered now.', {
      size: [fieldError('not_allowed', 'This size is in stock: it can be ordered now.')],
    });
  }
  await db
    .insert(stockRequests)
    .values({
      productId: product.id,
      color: input.color,
      size: input.size,
      email: input.email.trim().toLowerCase(),
      language: input.language,
    })
    .onConflictDoNothing();
}

/** How many shoppers wait for each variant of a product (the back office's product page). */
export async function waitingRequests(db: Database, productId: number) {
  return db
    .select({ color: stockRequests.color, size: stockRequests.size, waiting: count() })
    .from(stockRequests)
    .where(
      and(
        eq(stockRequests.productId, productId),
        isNull(stockRequests.notifiedAt),
        isNull(stockRequests.cancelledAt),
      ),
    )
    .groupBy(stockRequests.color, stockRequests.size)
    .orderBy(stockRequests.color, stockRequests.size);
}

/** The unsubscribe link of a back-in-stock e-mail: every request of the address still waiting is dropped. */
export async function cancelStockRequests(db: Database, email: string): Promise<number> {
  const rows = await db
    .update(stockRequests)
    .set({ cancelledAt: new Date() })
    .where(
      and(
        eq(stockRequests.email, email),
        isNull(stockRequests.notifiedAt),
        isNull(stockRequests.cancelledAt),
      ),
    )
    .returning({ id: stockRequests.id });
  return rows.length;
}

/** Whether the account asked for the unfinished-checkout reminder. */
export async function reminderChoice(db: Database, userId: number): Promise<boolean> {
  const [row] = await db
    .select({ on: users.checkoutReminders })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  return row?.on ?? false;
}

/** Ticks or unticks "e-mail me my bag if I don't finish" (also the reminder's unsubscribe link, with false). */
export async function setReminderChoice(db: Database, userId: number, on: boolean): Promise<void> {
  await db.update(users).set({ checkoutReminders: on }).where(eq(users.id, userId));
}
