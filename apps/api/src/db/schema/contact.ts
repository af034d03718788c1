import { integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';

export const contactMessages = pgTable('contact_messages', {
  id: serial().primaryKey(),
  name: text().notNull(),
  email: text().notNull(),
  phone: text().notNull().default(''),
  subject: text(),
  message: text().notNull(),
  createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  /** When the back office first showed it as read (null: unread). */
  readAt: timestamp({ withTimezone: true }),
  /** When it was archived out of the inbox. */
  archivedAt: timestamp({ withTimezone: true }),
  /** The language of the page it was sent from (`en`, `fr`, `ar`): the shop's replies are written in it. */
  locale: text(),
  /** When the shop first replied from the back office. */
  answeredAt: timestamp({ withTimezone: true }),
  /** Counts the back office's writes: a write based on an older version is refused (db/versions.ts). */
  version: integer().notNull().default(1),
});
