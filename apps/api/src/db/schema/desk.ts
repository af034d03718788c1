import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { contactMessages } from './contact.js';
import { orders } from './orders.js';
import { outbox } from './outbox.js';
import { users } from './users.js';

/**
 * The staff's internal notes, on an order or on a customer, never shown to the shopper. One table for both:
 * the two timelines are the same thing (who wrote what, when) read and written by one piece of code; yet each
 * subject keeps a real foreign key (`order_id` or `user_id`, exactly one set, the check says), so a note can
 * never point at nothing and goes with its customer.
 */
export const adminNotes = pgTable(
  'admin_notes',
  {
    id: serial().primaryKey(),
    orderId: integer().references(() => orders.id, { onDelete: 'cascade' }),
    userId: integer().references(() => users.id, { onDelete: 'cascade' }),
    /** Who wrote it; an admin account that goes leaves its notes (author unknown). */
    authorId: integer().references(() => users.id, { onDelete: 'set null' }),
    body: text().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('admin_notes_one_subject_check', sql`(${t.orderId} is null) <> (${t.userId} is null)`),
    index('admin_notes_order_idx').on(t.orderId, t.createdAt),
    index('admin_notes_user_idx').on(t.userId, t.createdAt),
  ],
);

/**
 * A customer's tags (`vip`, `wholesale`), written by the back office as one list with its own version
 * (decision 028). `id` is the customer's account (users.id): the row exists from the first write.
 */
export const customerTags = pgTable(
  'customer_tags',
  {
    id: integer()
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    tags: text()
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    version: integer().notNull().default(1),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('customer_tags_tags_idx').using('gin', t.tags)],
);

/** The shop's replies to a contact message, each e-mailed to its sender through the outbox. */
export const messageReplies = pgTable(
  'message_replies',
  {
    id: serial().primaryKey(),
    messageId: integer()
      .notNull()
      .references(() => contactMessages.id, { onDelete: 'cascade' }),
    authorId: integer().references(() => users.id, { onDelete: 'set null' }),
    body: text().notNull(),
    /** When it was written and handed to the outbox; the outbox row says when it actually left. */
    sentAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    outboxId: integer().references(() => outbox.id, { onDelete: 'set null' }),
  },
  (t) => [index('message_replies_message_idx').on(t.messageId, t.sentAt)],
);
