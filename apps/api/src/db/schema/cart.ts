import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from './users.js';
import { products } from './catalog.js';

/**
 * The server cart: one row per (user, product, colour, size). The unique key makes "add" a single
 * `insert ... on conflict do update set quantity = quantity + excluded.quantity`, so concurrent adds of one
 * line sum instead of racing. Prices are never stored here: they are read from `products` at every answer.
 */
export const cartItems = pgTable(
  'cart_items',
  {
    id: serial().primaryKey(),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    productId: integer()
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    /** Colour key (`colors.key`), or '' for a product without colours, so the unique key covers it. */
    color: text().notNull().default(''),
    size: text().notNull(),
    quantity: integer().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('cart_items_line_idx').on(t.userId, t.productId, t.color, t.size),
    index('cart_items_product_idx').on(t.productId),
    check('cart_items_quantity_check', sql`${t.quantity} between 1 and 99`),
  ],
);
