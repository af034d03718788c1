import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgEnum,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
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
    /** PHC string of argon2id; never leaves the server. Null for an account made by social sign-in only. */
    passwordHash: text(),
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

/** A single-use password-reset link: only the sha256 of its token is kept. */
export const passwordResetTokens = pgTable(
  'password_reset_tokens',
  {
    id: serial().primaryKey(),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text().notNull().unique('password_reset_tokens_token_hash_unique'),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    usedAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('password_reset_tokens_user_idx').on(t.userId)],
);

/** Saved addresses; at most one default per user (partial unique index). */
export const addresses = pgTable(
  'addresses',
  {
    id: serial().primaryKey(),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text().notNull(),
    email: text().notNull(),
    phone: text().notNull(),
    address: text().notNull(),
    city: text().notNull(),
    postalCode: text().notNull(),
    /** ISO 3166-1 alpha-2, upper case. */
    country: text().notNull(),
    isDefault: boolean().notNull().default(false),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('addresses_user_idx').on(t.userId),
    uniqueIndex('addresses_one_default_idx')
      .on(t.userId)
      .where(sql`${t.isDefault}`),
  ],
);

export const socialProvider = pgEnum('social_provider', ['google', 'apple', 'facebook']);

/** A user's account at a sign-in provider: (provider, subject) names it for good, whatever its e-mail. */
export const userIdentities = pgTable(
  'user_identities',
  {
    id: serial().primaryKey(),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    provider: socialProvider().notNull(),
    subject: text().notNull(),
    email: text(),
    /**
     * Whether the provider stated that `email` is its user's (Google's and Apple's `email_verified`; Facebook
     * never does). A password reset, which proves the inbox, unlinks the identities nobody vouched for.
     */
    emailVerified: boolean().notNull().default(false),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('user_identities_provider_subject_idx').on(t.provider, t.subject),
    index('user_identities_user_idx').on(t.userId),
  ],
);

/**
 * Short-lived single-use secrets of the social sign-in dance, kept in the database so any instance can finish
 * what another began: `oauth_state` (state -> PKCE verifier, nonce, return address) and `login_code` (the
 * one-time code the callback page trades for tokens). Only hashes of the secrets are stored.
 */
export const oauthGrantKind = pgEnum('oauth_grant_kind', ['oauth_state', 'login_code']);

export const oauthGrants = pgTable(
  'oauth_grants',
  {
    id: serial().primaryKey(),
    kind: oauthGrantKind().notNull(),
    /** sha256 of the state or code, hex. */
    secretHash: text().notNull().unique('oauth_grants_secret_hash_unique'),
    provider: socialProvider().notNull(),
    userId: integer().references(() => users.id, { onDelete: 'cascade' }),
    /** Kind-specific: PKCE verifier, nonce and redirect target of a state. */
    payload: jsonb().$type<Record<string, string>>().notNull().default({}),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    usedAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('oauth_grants_expires_idx').on(t.expiresAt)],
);
