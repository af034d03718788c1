import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { and, eq, gt, isNull, lte, sql } from 'drizzle-orm';
import type { AuthTokens, Login, Register, SignInSession, User } from '@boutique/contracts';
import { isBackOfficeRole } from '@boutique/contracts';
import type { Database } from '../../db/client.js';
import { emailLanguage } from '../../lib/mail-layout.js';
import { refreshTokens, users } from '../../db/schema/index.js';
import { logSecurityEvent } from '../../lib/security-log.js';
import { hashPassword, needsRehash, verifyNothing, verifyPassword } from './passwords.js';
import { liveSignIns, revokeFamily, revokeSignIns, type SessionRevocations } from './sessions.js';
import { enqueueSecurityNotice } from './security-notices.js';
import {
  hashRefreshToken,
  newRefreshToken,
  signAccessToken,
  verifyAccessToken,
  type AccessTokenOptions,
  type AuthUser,
} from './tokens.js';

export const BAD_CREDENTIALS = 'These credentials do not match our records.';

export interface AuthSettings {
  access: AccessTokenOptions;
  refreshTokenTtlS: number;
  /** Verified accounts with these addresses become admins at sign-in (ADMIN_EMAILS). */
  adminEmails: readonly string[];
  /** Names the shop in the notices of a role given and of a new device (security-notices.ts). */
  shopName: string;
}

export interface Session {
  user: User;
  tokens: AuthTokens;
}

/** Who is calling, for the sessions page and the security log. */
export interface Client {
  ip: string;
  userAgent?: string | undefined;
}

type UserRow = typeof users.$inferSelect;
export type Tx = Parameters<Parameters<Database['transaction']>[0]>[0];

export function toUser(row: UserRow): User {
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    avatar: row.avatar,
    role: row.role,
    email_verified: row.emailVerifiedAt !== null,
    created_at: row.createdAt.toISOString(),
  };
}

/** PostgreSQL's unique_violation, whether the driver's error comes bare or wrapped by Drizzle. */
export function isUniqueViolation(err: unknown): boolean {
  for (let e: unknown = err; e instanceof Error; e = e.cause) {
    if ((e as { code?: unknown }).code === '23505') return true;
  }
  return false;
}

/** A sign-in being continued: its family, when it began and ends, and whether it passed the second factor. */
interface Family {
  id: string;
  startedAt?: Date;
  expiresAt?: Date;
  secondFactorAt?: Date | null;
}

export type RefreshOutcome = { session: Session } | { reused: { userId: number } } | { refused: true };

/** Accounts and sessions: passwords, access tokens, and refresh-token families with re-use detection. */
export class AuthService {
  constructor(
    private readonly db: Database,
    private readonly settings: AuthSettings,
    private readonly revocations: SessionRevocations,
    private readonly log: FastifyBaseLogger,
  ) {}

  /** The user an access token speaks for, or undefined: a bad token, or one whose sign-in has ended. */
  async verifyAccessToken(token: string): Promise<AuthUser | undefined> {
    const user = await verifyAccessToken(token, this.settings.access);
    if (!user) return undefined;
    return (await this.revocations.isAlive(user.sessionId)) ? user : undefined;
  }

  /**
   * Creates the account; `onCreated` runs in the same transaction (the confirmation link and its e-mail), so
   * the account and its e-mail are written together or not at all.
   */
  async register(
    input: Register,
    onCreated?: (tx: Database, user: { id: number; name: string; email: string }) => Promise<void>,
  ): Promise<{ created: boolean; user: { id: number; name: string; email: string } }> {
    const passwordHash = await hashPassword(input.password);
    const existing = async () => {
      const [row] = await this.db
        .select({ id: users.id, name: users.name, email: users.email })
        .from(users)
        .where(eq(users.email, input.email))
        .limit(1);
      return row;
    };
    const found = await existing();
    if (found) return { created: false, user: found };
    try {
      const row = await this.db.transaction(async (tx) => {
        const [inserted] = await tx
          .insert(users)
          .values({ name: input.name, email: input.email, passwordHash, locale: emailLanguage(input.lang) })
          .returning({ id: users.id, name: users.name, email: users.email });
        if (!inserted) throw new Error('user was not stored');
        await onCreated?.(tx, inserted);
        return inserted;
      });
      return { created: true, user: row };
    } catch (err) {
      // Two registrations of one e-mail at the same moment: the unique key decides.
      if (!isUniqueViolation(err)) throw err;
      const winner = await existing();
      if (!winner) throw err;
      return { created: false, user: winner };
    }
  }

  /**
   * Undefined for a wrong e-mail or password alike, after the same amount of work. `userId` names the account
   * the e-mail belongs to (for the per-account slowdown and the log), found or not.
   */
  async login(input: Login, client: Client): Promise<{ session?: Session; userId?: number }> {
    const [row] = await this.db.select().from(users).where(eq(users.email, input.email)).limit(1);
    // A social-only account has no password: it answers like an unknown e-mail, after the same work.
    if (!row?.passwordHash) {
      await verifyNothing(input.password);
      return { userId: row?.id };
    }
    if (!(await verifyPassword(row.passwordHash, input.password))) return { userId: row.id };
    if (needsRehash(row.passwordHash)) {
      await this.db
        .update(users)
        .set({ passwordHash: await hashPassword(input.password), updatedAt: new Date() })
        .where(eq(users.id, row.id));
    }
    const session = await this.db.transaction(async (tx) =>
      this.#startSession(tx, await this.#promoteIfListed(tx, row, client), { id: randomUUID() }, client),
    );
    return { session, userId: row.id };
  }

  /**
   * Trades a refresh token for a new pair. The token is revoked and its successor joins the same family, with
   * the family's start, end (30 days after it began) and second factor; a token that was already revoked has
   * been used twice (stolen, or replayed), so its whole family dies.
   */
  async refresh(token: string, client: Client): Promise<RefreshOutcome> {
    const tokenHash = hashRefreshToken(token);
    const outcome = await this.db.transaction(async (tx): Promise<RefreshOutcome & { revoked?: string }> => {
      // The conditional update is the lock: of two concurrent uses of one token, exactly one gets the row.
      const [used] = await tx
        .update(refreshTokens)
        .set({ revokedAt: sql`now()` })
        .where(
          and(
            eq(refreshTokens.tokenHash, tokenHash),
            isNull(refreshTokens.revokedAt),
            gt(refreshTokens.expiresAt, sql`now()`),
          ),
        )
        .returning();
      if (!used) {
        const [known] = await tx
          .select({
            familyId: refreshTokens.familyId,
            userId: refreshTokens.userId,
            revokedAt: refreshTokens.revokedAt,
          })
          .from(refreshTokens)
          .where(eq(refreshTokens.tokenHash, tokenHash))
          .limit(1);
        if (known?.revokedAt) {
          await revokeFamily(tx, known.familyId);
          return { reused: { userId: known.userId }, revoked: known.familyId };
        }
        return { refused: true };
      }
      const [row] = await tx.select().from(users).where(eq(users.id, used.userId)).limit(1);
      if (!row) return { refused: true };
      const family: Family = {
        id: used.familyId,
        startedAt: used.familyStartedAt,
        expiresAt: used.expiresAt,
        secondFactorAt: used.secondFactorAt,
      };
      return { session: await this.#startSession(tx, row, family, client, used.id) };
    });
    if (outcome.revoked) await this.revocations.publish([outcome.revoked]);
    return outcome;
  }

  /**
   * Ends a sign-in, named by one of its refresh tokens or by its id (the `sid` of an access token). Unknown
   * ones are ignored. Answers the user whose sign-in ended.
   */
  async logout(by: { refreshToken?: string; sessionId?: string }): Promise<number | undefined> {
    let familyId = by.sessionId;
    let userId: number | undefined;
    if (by.refreshToken) {
      const [known] = await this.db
        .select({ familyId: refreshTokens.familyId, userId: refreshTokens.userId })
        .from(refreshTokens)
        .where(eq(refreshTokens.tokenHash, hashRefreshToken(by.refreshToken)))
        .limit(1);
      familyId = known?.familyId ?? familyId;
      userId = known?.userId;
    }
    if (!familyId) return undefined;
    await revokeFamily(this.db, familyId);
    await this.revocations.publish([familyId]);
    return userId;
  }

  /**
   * Signs in a user that another flow has already vouched for (social sign-in's one-time code), inside that
   * flow's transaction so the proof and the session stand or fall together. Undefined if the user is gone.
   */
  async openSession(tx: Tx, userId: number, client: Client): Promise<Session | undefined> {
    const [row] = await tx.select().from(users).where(eq(users.id, userId)).limit(1);
    return (
      row &&
      this.#startSession(tx, await this.#promoteIfListed(tx, row, client), { id: randomUUID() }, client)
    );
  }

  /** The first sign-in of an account just registered (its address not confirmed yet). */
  async signInCreated(userId: number, client: Client): Promise<Session> {
    const session = await this.db.transaction((tx) => this.openSession(tx, userId, client));
    if (!session) throw new Error('the account just created is gone');
    return session;
  }

  async user(id: number): Promise<User | undefined> {
    const [row] = await this.db.select().from(users).where(eq(users.id, id)).limit(1);
    return row && toUser(row);
  }

  /** The account's live sign-ins for its sessions page; `current` marks the caller's. */
  async sessions(user: AuthUser): Promise<SignInSession[]> {
    const rows = await liveSignIns(this.db, user.id);
    return rows.map((r) => ({
      id: r.familyId,
      user_agent: r.userAgent,
      started_at: r.startedAt.toISOString(),
      last_used_at: r.lastUsedAt.toISOString(),
      expires_at: r.expiresAt.toISOString(),
      current: r.familyId === user.sessionId,
    }));
  }

  /** Ends one sign-in of the user; false when it is not theirs, or already over. */
  async endSession(userId: number, familyId: string): Promise<boolean> {
    const ended = await revokeFamily(this.db, familyId, userId);
    if (ended) await this.revocations.publish([familyId]);
    return ended;
  }

  /** Signs the user out everywhere (but `keep`, when given); answers how many sign-ins ended. */
  async endAllSessions(userId: number, keep?: string): Promise<number> {
    const ended = await revokeSignIns(this.db, userId, keep);
    await this.revocations.publish(ended);
    return ended.length;
  }

  /** Makes access tokens of sign-ins ended by another flow (a reset, a password change) refused at once. */
  publishRevoked(familyIds: string[]): Promise<void> {
    return this.revocations.publish(familyIds);
  }

  /** An account listed in ADMIN_EMAILS becomes an admin when it signs in, once its address is verified. */
  async #promoteIfListed(tx: Tx, row: UserRow, client: Client): Promise<UserRow> {
    if (row.role === 'admin' || row.emailVerifiedAt === null) return row;
    if (!this.settings.adminEmails.includes(row.email)) return row;
    const [promoted] = await tx
      .update(users)
      .set({ role: 'admin', updatedAt: new Date() })
      .where(eq(users.id, row.id))
      .returning();
    logSecurityEvent(this.log, 'role_changed', {
      userId: row.id,
      ip: client.ip,
      reason: 'ADMIN_EMAILS lists the verified address',
      role: 'admin',
    });
    await enqueueSecurityNotice(tx, this.settings.shopName, row.id, 'role_granted');
    return promoted ?? row;
  }

  async #startSession(
    tx: Tx,
    row: UserRow,
    family: Family,
    client: Client,
    replaces?: number,
  ): Promise<Session> {
    // A new sign-in to an admin account from a browser none of its sign-ins of the last 30 days used: its owner
    // hears of it, with the device and the address, in case it was not them.
    if (replaces === undefined && isBackOfficeRole(row.role)) {
      const userAgent = client.userAgent?.slice(0, 512) ?? null;
      const [known] = await tx
        .select({ id: refreshTokens.id })
        .from(refreshTokens)
        .where(
          and(
            eq(refreshTokens.userId, row.id),
            userAgent === null ? isNull(refreshTokens.userAgent) : eq(refreshTokens.userAgent, userAgent),
          ),
        )
        .limit(1);
      if (!known) {
        await enqueueSecurityNotice(tx, this.settings.shopName, row.id, 'new_device', {
          device: userAgent,
          ip: client.ip,
        });
      }
    }
    const refreshToken = newRefreshToken();
    const [issued] = await tx
      .insert(refreshTokens)
      .values({
        userId: row.id,
        familyId: family.id,
        tokenHash: hashRefreshToken(refreshToken),
        // A sign-in ends 30 days after it began, however often it was refreshed.
        expiresAt: family.expiresAt ?? sql`now() + make_interval(secs => ${this.settings.refreshTokenTtlS})`,
        ...(family.startedAt && { familyStartedAt: family.startedAt }),
        secondFactorAt: family.secondFactorAt ?? null,
        userAgent: client.userAgent?.slice(0, 512) ?? null,
      })
      .returning({ id: refreshTokens.id });
    if (!issued) throw new Error('refresh token was not stored');
    if (replaces !== undefined) {
      await tx.update(refreshTokens).set({ replacedBy: issued.id }).where(eq(refreshTokens.id, replaces));
    }
    // Expired rows are of no use, not even for re-use detection: a stale token is refused anyway.
    await tx
      .delete(refreshTokens)
      .where(and(eq(refreshTokens.userId, row.id), lte(refreshTokens.expiresAt, sql`now()`)));
    return {
      user: toUser(row),
      tokens: {
        accessToken: await signAccessToken(
          { id: row.id, role: row.role, sessionId: family.id },
          this.settings.access,
        ),
        refreshToken,
        expiresIn: this.settings.access.ttlS,
      },
    };
  }
}
