import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';

/** A message as the mailer takes it, rendered when its cause happened (in the recipient's language then). */
export interface OutboxMail {
  to: string;
  subject: string;
  text: string;
  html?: string;
  replyTo?: string;
}

/**
 * E-mails waiting to go, written in the same transaction as what caused them (an order, a registration, a
 * reset request...), delivered by the outbox worker of any instance (docs/decisions/022-e-mail-outbox.md).
 * `pending` rows are claimed with `FOR UPDATE SKIP LOCKED` and a lease (`locked_until`): a worker that dies
 * while sending leaves the row to be claimed again once its lease runs out.
 */
export const outbox = pgTable(
  'outbox',
  {
    id: serial().primaryKey(),
    /** What the message is, for the log and the back office: `order_confirmation`, `password_reset`... */
    kind: text().notNull(),
    /** What it is about, when something: `order:12`, `contact:3`, `user:7`. */
    subject: text(),
    message: jsonb().$type<OutboxMail>().notNull(),
    status: text({ enum: ['pending', 'sent', 'failed'] })
      .notNull()
      .default('pending'),
    attempts: integer().notNull().default(0),
    nextAttemptAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    lockedUntil: timestamp({ withTimezone: true }),
    lastError: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    index('outbox_due_idx')
      .on(t.nextAttemptAt)
      .where(sql`${t.status} = 'pending'`),
    index('outbox_subject_idx').on(t.subject),
    check('outbox_status_check', sql`${t.status} in ('pending', 'sent', 'failed')`),
  ],
);

/** Gapless numbering: one row per sequence, bumped in the transaction of what takes a number. */
export const documentCounters = pgTable('document_counters', {
  name: text().primaryKey(),
  last: integer().notNull().default(0),
});
