import { index, integer, jsonb, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './users.js';

/**
 * Every write made in the back office: who, what, when, and the record before and after (null when it was
 * created or removed). Rows are only ever added; an admin account that goes keeps its rows (actor set null).
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: serial().primaryKey(),
    actorId: integer().references(() => users.id, { onDelete: 'set null' }),
    /** e.g. `product.create`, `product.update`, `order.status`, `message.update`. */
    action: text().notNull(),
    /** The kind of record: `product`, `order`, `gallery`, `message`. */
    entity: text().notNull(),
    entityId: integer(),
    before: jsonb(),
    after: jsonb(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('audit_log_entity_idx').on(t.entity, t.entityId, t.createdAt)],
);
