import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, primaryKey, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { products } from './catalog.js';
import { orders, payments } from './orders.js';
import { users } from './users.js';
import { returnLines } from './after-sale.js';

/**
 * Pieces per variant: a product's colour × size (docs/decisions/017-stock-reservations.md; DESIGN 17). `color` is
 * the colour's key (`colors.key`, as carts and orders name it), '' for a product without colours. `stock` counts
 * the pieces not yet sold; `reserved` how many of them payments under way and approved exchanges hold. Shoppers
 * can buy `stock - reserved`. A row exists for every variant the product comes in (its colours × its sizes); a
 * variant without a row is not offered, and a cart line of it is unavailable. Kept apart from `products` so that a checkout touches this row and nothing the catalogue
 * triggers on: its own trigger announces only the changes a shopper can see (migrations/0007).
 */
export const productStock = pgTable(
  'product_stock',
  {
    productId: integer()
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    color: text().notNull().default(''),
    size: text().notNull(),
    stock: integer().notNull().default(0),
    reserved: integer().notNull().default(0),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.productId, t.color, t.size] }),
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
    /** The variant's colour key ('' for none), as in product_stock. */
    color: text().notNull().default(''),
    size: text().notNull(),
    quantity: integer().notNull(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    /**
     * Who asked, by network (lib/rate-limit.ts clientKey: an IPv4 address or an IPv6 /64), so that one network
     * cannot hold more than STOCK_HOLD_MAX_PIECES_PER_IP pieces at once; null for holds made without a request.
     */
    clientKey: text(),
  },
  (t) => [
    primaryKey({ columns: [t.paymentId, t.productId, t.color, t.size] }),
    index('stock_holds_expires_idx').on(t.expiresAt),
    index('stock_holds_client_idx').on(t.clientKey),
    index('stock_holds_user_idx').on(t.userId),
    check('stock_holds_quantity_check', sql`${t.quantity} >= 1`),
  ],
);

/**
 * Pieces set aside for an approved exchange (docs/decisions/027-returns-and-exchanges.md): counted in
 * `product_stock.reserved` like a payment's hold, but tied to the return's line and without an expiry. Shipping
 * the exchange takes them; rejecting or closing the return gives them back; each row is deleted with `returning`
 * by whoever does, so each piece is taken or given back once.
 */
export const exchangeHolds = pgTable(
  'exchange_holds',
  {
    returnLineId: integer()
      .primaryKey()
      .references(() => returnLines.id, { onDelete: 'restrict' }),
    productId: integer()
      .notNull()
      .references(() => products.id, { onDelete: 'restrict' }),
    /** The variant's colour key ('' for none), as in product_stock. */
    color: text().notNull().default(''),
    size: text().notNull(),
    quantity: integer().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('exchange_holds_product_idx').on(t.productId, t.color, t.size),
    check('exchange_holds_quantity_check', sql`${t.quantity} >= 1`),
  ],
);

/**
 * Every move of a count of pieces (decision 028): the owner's adjustments (`received`, `correction`, `damaged`,
 * `returned`, `other`) and the shop's own (`sale` when an order takes its pieces, `cancellation`, `return`,
 * `refund` when they come back, `exchange`), written in the transaction that moves the count, by StockService
 * only. `stockAfter` is the variant's count right after the move; `color` is the variant's colour key ('' for
 * none).
 */
export const stockMovements = pgTable(
  'stock_movements',
  {
    id: serial().primaryKey(),
    productId: integer()
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    color: text().notNull().default(''),
    size: text().notNull(),
    delta: integer().notNull(),
    reason: text().notNull(),
    note: text(),
    stockAfter: integer().notNull(),
    /** The order of a cancellation, a return or a refund. */
    orderId: integer().references(() => orders.id, { onDelete: 'set null' }),
    /** The payment whose order took the pieces (a sale is written just before its order). */
    paymentId: integer().references(() => payments.id, { onDelete: 'set null' }),
    actorId: integer().references(() => users.id, { onDelete: 'set null' }),
    /** `admin`, `order` or `command` (npm run stock). */
    source: text().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('stock_movements_product_idx').on(t.productId, t.size, t.createdAt),
    check('stock_movements_delta_check', sql`${t.delta} <> 0`),
    check('stock_movements_source_check', sql`${t.source} in ('admin', 'order', 'command')`),
  ],
);

/**
 * Since when a shopper has been holding pieces (docs/decisions/031-resilience-and-abuse-limits.md): each new or
 * renewed hold ends at the latest STOCK_HOLD_MAX_MINUTES after `startedAt`, so no script keeps pieces from
 * everyone by renewing its payment. A window ends when its order takes the pieces, or once it is over and as
 * long again has passed.
 */
export const stockHoldWindows = pgTable('stock_hold_windows', {
  userId: integer()
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  startedAt: timestamp({ withTimezone: true }).notNull(),
});
