import { sql } from 'drizzle-orm';
import {
  check,
  index,
  integer,
  pgEnum,
  pgTable,
  serial,
  text,
  timestamp,
  uuid,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';
import type { UserRole } from '@boutique/contracts';

// Spelled out rather than imported: drizzle-kit loads this file without the workspace's source condition.
export const userRole = pgEnum('user_role', ['customer', 'admin'] as const satisfies readonly UserRole[]);

export const users = pgTable(
  'users',
  {
    id: serial().primaryKey(),
    name: text().notNull(),
    /** Always stored lower-case (the check below holds every writer to it), so the unique key ignores case. */
    email: text().notNull().unique('users_email_unique'),
    /** PHC string of argon2id; never leaves the server. */
    passwordHash: text().notNull(),
    avatar: text(),
    role: userRole().notNull().default('customer'),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check('users_email_lower_check', sql`${t.email} = lower(${t.email})`)],
);

/**
 * One row per refresh token ever issued. Tokens of one sign-in share a family; each use revokes the token and
 * issues its successor, so presenting a revoked token means it was copied, and the whole family is revoked.
 */
export const refreshTokens = pgTable(
  'refresh_tokens',
  {
    id: serial().primaryKey(),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    familyId: uuid().notNull(),
    /** sha256 of the token, hex: a leaked table gives no usable token. */
    tokenHash: text().notNull().unique('refresh_tokens_token_hash_unique'),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    revokedAt: timestamp({ withTimezone: true }),
    replacedBy: integer().references((): AnyPgColumn => refreshTokens.id, { onDelete: 'set null' }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    userAgent: text(),
  },
  (t) => [
    index('refresh_tokens_family_idx').on(t.familyId),
    index('refresh_tokens_user_idx').on(t.userId, t.expiresAt),
  ],
);
