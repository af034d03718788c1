import { sql } from 'drizzle-orm';
import {
  check,
  date,
  index,
  integer,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { products } from './catalog.js';
import { users } from './users.js';

/**
 * "Tell me when it is back" (modules/alerts): a shopper's request for a sold-out variant (colour key or '',
 * size). One waiting request per address × variant (the partial unique key makes asking again a no-op). When the
 * variant gets pieces back, the transaction that moved its stock marks every waiting request `notifiedAt` and
 * writes its e-mail in the outbox, so each is mailed once. `cancelledAt`: the address unsubscribed.
 */
export const stockRequests = pgTable(
  'stock_requests',
  {
    id: serial().primaryKey(),
    productId: integer()
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    color: text().notNull().default(''),
    size: text().notNull(),
    /** Lower-case. */
    email: text().notNull(),
    /** The e-mail's language (`en`, `fr`, `ar`). */
    language: text().notNull(),
    userId: integer().references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    notifiedAt: timestamp({ withTimezone: true }),
    cancelledAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    uniqueIndex('stock_requests_waiting_idx')
      .on(t.productId, t.color, t.size, t.email)
      .where(sql`${t.notifiedAt} is null and ${t.cancelledAt} is null`),
    index('stock_requests_email_idx').on(t.email),
    check('stock_requests_email_lower_check', sql`${t.email} = lower(${t.email})`),
  ],
);

/**
 * One row per shop day whose digest was written (modules/alerts): the instance whose insert wins writes the
 * e-mail in the same transaction, so several instances send one digest a day.
 */
export const digests = pgTable('digests', {
  /** The shop day (SHOP_TIMEZONE) the digest was sent on. */
  day: date({ mode: 'string' }).primaryKey(),
  sentAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});

/**
 * The last unfinished-checkout reminder of an account (modules/alerts): `contents` fingerprints the cart it was
 * about, so the same cart is never mailed twice, and the sweep's conditional upsert lets one instance write it.
 */
export const checkoutReminders = pgTable('checkout_reminders', {
  userId: integer()
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  contents: text().notNull(),
  sentAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});
