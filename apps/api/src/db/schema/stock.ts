import { sql } from 'drizzle-orm';
import { check, index, integer, numeric, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { products } from './catalog.js';
import { payments } from './orders.js';
import { users } from './users.js';

/**
 * Pieces per product size (docs/decisions/017-stock-reservations.md). `stock` counts the pieces not yet sold;
 * `reserved` how many of them payments under way hold. Shoppers can buy `stock - reserved`. A size without a
 * row has no piece. Kept apart from `products` so that a checkout touches this row and nothing the catalogue
 * triggers on: its own trigger announces only the changes a shopper can see (migrations/0007).
 */
export const productStock = pgTable(
  'product_stock',
  {
    productId: integer()
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    size: text().notNull(),
    stock: integer().notNull().default(0),
    reserved: integer().notNull().default(0),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.productId, t.size] }),
    check('product_stock_stock_check', sql`${t.stock} >= 0`),
    check('product_stock_reserved_check', sql`${t.reserved} >= 0 and ${t.reserved} <= ${t.stock}`),
  ],
);

/**
 * The pieces a payment holds until `expiresAt`: what a release gives back and what the order consumes. Its
 * rows are deleted (with `returning`) by whoever gives the pieces back or takes them, so each piece is given
 * back or taken once. A payment row may not go while it holds pieces.
 */
export const stockHolds = pgTable(
  'stock_holds',
  {
    paymentId: integer()
      .notNull()
      .references(() => payments.id, { onDelete: 'restrict' }),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    productId: integer()
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    size: text().notNull(),
    quantity: integer().notNull(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.paymentId, t.productId, t.size] }),
    index('stock_holds_expires_idx').on(t.expiresAt),
    index('stock_holds_user_idx').on(t.userId),
    check('stock_holds_quantity_check', sql`${t.quantity} >= 1`),
  ],
);

export const refundStatus = ['pending', 'succeeded', 'failed'] as const;
export type RefundStatus = (typeof refundStatus)[number];

/**
 * A payment that succeeded with no piece behind it (its hold expired and someone else bought the last piece)
 * is refunded, never kept: one row per such payment, written in the same transaction that found the pieces
 * missing, before the provider is asked. `status` is `pending` until the provider confirms the refund; the
 * stock sweep retries pending ones (the idempotency key makes a retry the same refund).
 */
export const paymentRefunds = pgTable(
  'payment_refunds',
  {
    paymentId: integer()
      .primaryKey()
      .references(() => payments.id, { onDelete: 'restrict' }),
    status: text().$type<RefundStatus>().notNull().default('pending'),
    amount: numeric({ precision: 12, scale: 2 }).notNull(),
    /** Why the shop gave the money back, for the back office. */
    reason: text().notNull(),
    /** The provider's refund id (`re_...`). */
    gatewayRefundId: text(),
    attempts: integer().notNull().default(0),
    lastError: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    refundedAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    index('payment_refunds_status_idx').on(t.status),
    check('payment_refunds_status_check', sql`${t.status} in ('pending', 'succeeded', 'failed')`),
  ],
);
