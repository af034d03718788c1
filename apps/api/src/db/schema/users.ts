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
export const userRole = pgEnum('user_role', [
  'customer',
  'staff',
  'admin',
] as const satisfies readonly UserRole[]);

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
    /**
     * When the owner of `email` proved it (the e-mailed link, or a provider that vouches for the address). Until
     * then the account is never linked to a social identity nor given a role.
     */
    emailVerifiedAt: timestamp({ withTimezone: true }),
    /** The language the account registered in (`en`, `fr`, `ar`): its e-mails when nothing else says. */
    locale: text(),
    /**
     * The shopper ticked "e-mail me my bag if I don't finish" at checkout (modules/alerts): one reminder per cart
     * contents left idle. The reminder's unsubscribe link clears it.
     */
    checkoutReminders: boolean().notNull().default(false),
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
    /** When the sign-in (family) began; carried to every successor, so it dates the sign-in, not the token. */
    familyStartedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    /** When this sign-in passed the second factor (TOTP or a recovery code); carried to every successor. */
    secondFactorAt: timestamp({ withTimezone: true }),
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

/**
 * A single-use link proving that someone reads `email` (24 hours). Only the sha256 of its token is kept; the
 * address is kept too, so a link stops working if the account's address is no longer the one it was sent to.
 */
export const emailVerificationTokens = pgTable(
  'email_verification_tokens',
  {
    id: serial().primaryKey(),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    email: text().notNull(),
    tokenHash: text().notNull().unique('email_verification_tokens_token_hash_unique'),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    usedAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('email_verification_tokens_user_idx').on(t.userId)],
);

/**
 * A user's authenticator app (TOTP, RFC 6238). The secret is encrypted with a key derived from the shop's
 * signing secret; `confirmedAt` is null until a first code proved the app holds it. `lastStep` is the time
 * step of the last code accepted, so no code works twice.
 */
export const userTotp = pgTable('user_totp', {
  userId: integer()
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  secret: text().notNull(),
  confirmedAt: timestamp({ withTimezone: true }),
  lastStep: integer(),
  createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});

/** Single-use recovery codes of the second factor, stored as their sha256 (each holds 80 random bits). */
export const userRecoveryCodes = pgTable(
  'user_recovery_codes',
  {
    id: serial().primaryKey(),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    codeHash: text().notNull().unique('user_recovery_codes_code_hash_unique'),
    usedAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('user_recovery_codes_user_idx').on(t.userId)],
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
    /** sha256 of the browser-binding cookie set when the flow began: only that browser may finish it. */
    bindingHash: text(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    usedAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('oauth_grants_expires_idx').on(t.expiresAt)],
);

/**
 * The owner's invitation to join the staff: a single-use link (only its token's sha256 is kept) e-mailed to
 * `email` in `language`, valid STAFF_INVITE_HOURS. Accepted (`acceptedAt`, `acceptedBy`) or revoked
 * (`revokedAt`) it stops working; the rows stay as the history of who was invited by whom.
 */
export const staffInvitations = pgTable(
  'staff_invitations',
  {
    id: serial().primaryKey(),
    email: text().notNull(),
    name: text().notNull(),
    language: text().notNull(),
    tokenHash: text().notNull().unique('staff_invitations_token_hash_unique'),
    invitedBy: integer().references(() => users.id, { onDelete: 'set null' }),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    acceptedAt: timestamp({ withTimezone: true }),
    acceptedBy: integer().references(() => users.id, { onDelete: 'set null' }),
    revokedAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('staff_invitations_email_lower_check', sql`${t.email} = lower(${t.email})`),
    index('staff_invitations_email_idx').on(t.email),
  ],
);
