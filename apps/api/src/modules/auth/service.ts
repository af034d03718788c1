import { randomUUID } from 'node:crypto';
import { and, eq, gt, isNull, lte, sql } from 'drizzle-orm';
import type { AuthTokens, Login, Register, User } from '@boutique/contracts';
import type { Database } from '../../db/client.js';
import { refreshTokens, users } from '../../db/schema/index.js';
import { HttpError, unprocessable } from '../../lib/http-error.js';
import { UNAUTHENTICATED } from '../../plugins/auth.js';
import { hashPassword, needsRehash, verifyNothing, verifyPassword } from './passwords.js';
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
}

export interface Session {
  user: User;
  tokens: AuthTokens;
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

const emailTaken = () =>
  unprocessable('The given data was invalid', { email: ['The email has already been taken.'] });
const unauthenticated = () => new HttpError(401, UNAUTHENTICATED);

/** Accounts and sessions: passwords, access tokens, and refresh-token families with re-use detection. */
export class AuthService {
  constructor(
    private readonly db: Database,
    private readonly settings: AuthSettings,
  ) {}

  /** The user an access token speaks for, or undefined. Stateless: no database read. */
  verifyAccessToken(token: string): AuthUser | undefined {
    return verifyAccessToken(token, this.settings.access);
  }

  async register(input: Register, userAgent?: string): Promise<Session> {
    const [existing] = await this.db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.email, input.email))
      .limit(1);
    if (existing) throw emailTaken();
    const passwordHash = await hashPassword(input.password);
    return this.db.transaction(async (tx) => {
      let row: UserRow | undefined;
      try {
        [row] = await tx
          .insert(users)
          .values({ name: input.name, email: input.email, passwordHash })
          .returning();
      } catch (err) {
        // Two registrations of one e-mail at the same moment: the unique key decides, the loser hears why.
        if (isUniqueViolation(err)) throw emailTaken();
        throw err;
      }
      if (!row) throw new Error('user was not stored');
      return this.#startSession(tx, row, randomUUID(), userAgent);
    });
  }

  /** Undefined for a wrong e-mail or password alike, after the same amount of work. */
  async login(input: Login, userAgent?: string): Promise<Session | undefined> {
    const [row] = await this.db.select().from(users).where(eq(users.email, input.email)).limit(1);
    // A social-only account has no password: it answers like an unknown e-mail, after the same work.
    if (!row?.passwordHash) {
      await verifyNothing(input.password);
      return undefined;
    }
    if (!(await verifyPassword(row.passwordHash, input.password))) return undefined;
    if (needsRehash(row.passwordHash)) {
      await this.db
        .update(users)
        .set({ passwordHash: await hashPassword(input.password), updatedAt: new Date() })
        .where(eq(users.id, row.id));
    }
    return this.db.transaction((tx) => this.#startSession(tx, row, randomUUID(), userAgent));
  }

  /**
   * Trades a refresh token for a new pair. The token is revoked and its successor joins the same family; a
   * token that was already revoked has been used twice (stolen, or replayed), so its whole family dies.
   */
  async refresh(token: string, userAgent?: string): Promise<Session> {
    const tokenHash = hashRefreshToken(token);
    const outcome = await this.db.transaction(async (tx) => {
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
          .select({ familyId: refreshTokens.familyId, revokedAt: refreshTokens.revokedAt })
          .from(refreshTokens)
          .where(eq(refreshTokens.tokenHash, tokenHash))
          .limit(1);
        if (known?.revokedAt) {
          await this.#revokeFamily(tx, known.familyId);
          return { reused: true as const };
        }
        return undefined;
      }
      const [row] = await tx.select().from(users).where(eq(users.id, used.userId)).limit(1);
      if (!row) return undefined;
      const session = await this.#startSession(tx, row, used.familyId, userAgent, used.id);
      return { session };
    });
    if (!outcome?.session) throw unauthenticated();
    return outcome.session;
  }

  /** Ends the sign-in a refresh token belongs to (every token of its family). Unknown tokens are ignored. */
  async logout(token: string): Promise<void> {
    const [known] = await this.db
      .select({ familyId: refreshTokens.familyId })
      .from(refreshTokens)
      .where(eq(refreshTokens.tokenHash, hashRefreshToken(token)))
      .limit(1);
    if (known) await this.#revokeFamily(this.db, known.familyId);
  }

  /**
   * Signs in a user that another flow has already vouched for (social sign-in's one-time code), inside that
   * flow's transaction so the proof and the session stand or fall together. Undefined if the user is gone.
   */
  async openSession(tx: Tx, userId: number, userAgent?: string): Promise<Session | undefined> {
    const [row] = await tx.select().from(users).where(eq(users.id, userId)).limit(1);
    return row && this.#startSession(tx, row, randomUUID(), userAgent);
  }

  async user(id: number): Promise<User | undefined> {
    const [row] = await this.db.select().from(users).where(eq(users.id, id)).limit(1);
    return row && toUser(row);
  }

  async #revokeFamily(tx: Tx | Database, familyId: string) {
    await tx
      .update(refreshTokens)
      .set({ revokedAt: sql`now()` })
      .where(and(eq(refreshTokens.familyId, familyId), isNull(refreshTokens.revokedAt)));
  }

  async #startSession(
    tx: Tx,
    row: UserRow,
    familyId: string,
    userAgent: string | undefined,
    replaces?: number,
  ): Promise<Session> {
    const refreshToken = newRefreshToken();
    const [issued] = await tx
      .insert(refreshTokens)
      .values({
        userId: row.id,
        familyId,
        tokenHash: hashRefreshToken(refreshToken),
        expiresAt: sql`now() + make_interval(secs => ${this.settings.refreshTokenTtlS})`,
        userAgent: userAgent?.slice(0, 512) ?? null,
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
        accessToken: signAccessToken({ id: row.id, role: row.role }, this.settings.access),
        refreshToken,
        expiresIn: this.settings.access.ttlS,
      },
    };
  }
}
