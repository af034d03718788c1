import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  numeric,
  pgEnum,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { categories } from './catalog.js';
import { orders, payments } from './orders.js';
import { users } from './users.js';

export const discountKind = pgEnum('discount_kind', ['percent', 'amount', 'free_shipping']);

/**
 * A discount code (Eid, Ramadan, National Day, White Friday...). The code is stored as the owner typed it and
 * unique whatever its case (the index on `upper(code)`); a code that was used is archived, never deleted, so the
 * orders and invoices that name it keep their history.
 */
export const discounts = pgTable(
  'discounts',
  {
    id: serial().primaryKey(),
    code: text().notNull(),
    kind: discountKind().notNull(),
    /** percent: 1..100; amount: AED off the eligible lines; free_shipping: 0. */
    value: numeric({ precision: 12, scale: 2 }).notNull().default('0'),
    /** The subtotal (VAT included) a cart must reach for the code to apply. */
    minSubtotal: numeric({ precision: 12, scale: 2 }),
    startsAt: timestamp({ withTimezone: true }),
    endsAt: timestamp({ withTimezone: true }),
    /** Uses of the code by everyone: claimed payments under way and orders. Null: no limit. */
    usageLimit: integer(),
    perCustomerLimit: integer(),
    /** Only the pieces of this category are discounted (and count toward nothing else). */
    categoryId: integer().references(() => categories.id, { onDelete: 'set null' }),
    /** Only these products are discounted; empty: every product (of the category, when one is set). */
    productIds: integer()
      .array()
      .notNull()
      .default(sql`'{}'::integer[]`),
    active: boolean().notNull().default(true),
    /** Set when the owner deleted a code that had been used: hidden from the list, refused at the cart. */
    archivedAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    version: integer().notNull().default(1),
  },
  (t) => [
    uniqueIndex('discounts_code_upper_idx').on(sql`upper(${t.code})`),
    check('discounts_value_check', sql`${t.value} >= 0`),
    check(
      'discounts_limits_check',
      sql`coalesce(${t.usageLimit}, 1) >= 1 and coalesce(${t.perCustomerLimit}, 1) >= 1`,
    ),
  ],
);

/**
 * One use of a code: claimed by a payment when its pieces are held (in the hold's transaction), given back with
 * the hold (expiry, failure, cancel: the row goes), made final by the order (order_id set). Counting these rows
 * is counting uses, so a limit holds under racing shoppers (the code's row is locked while one is claimed).
 */
export const discountRedemptions = pgTable(
  'discount_redemptions',
  {
    id: serial().primaryKey(),
    discountId: integer()
      .notNull()
      .references(() => discounts.id, { onDelete: 'restrict' }),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    /** The card payment that claimed it; null for an order made without one (cash on delivery, by the owner). */
    paymentId: integer()
      .references(() => payments.id, { onDelete: 'cascade' })
      .unique('discount_redemptions_payment_unique'),
    orderId: integer().references(() => orders.id, { onDelete: 'set null' }),
    /** What the code took off this payment, AED. */
    amount: numeric({ precision: 12, scale: 2 }).notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('discount_redemptions_discount_idx').on(t.discountId, t.userId),
    check('discount_redemptions_amount_check', sql`${t.amount} >= 0`),
    check('discount_redemptions_owner_check', sql`${t.paymentId} is not null or ${t.orderId} is not null`),
  ],
);

/** The code a shopper applied to their server cart (one at a time). */
export const cartDiscounts = pgTable(
  'cart_discounts',
  {
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    discountId: integer()
      .notNull()
      .references(() => discounts.id, { onDelete: 'cascade' }),
    appliedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId] })],
);
