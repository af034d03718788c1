import { and, desc, eq, gt, isNull, ne, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { refreshTokens } from '../../db/schema/index.js';

type Tx = Parameters<Parameters<Database['transaction']>[0]>[0];

/** The live refresh token of a sign-in: not revoked, not expired. */
const live = () => and(isNull(refreshTokens.revokedAt), gt(refreshTokens.expiresAt, sql`now()`));

/**
 * Ends every sign-in of a user but the one of `keepFamilyId`. Answers the sign-ins it ended: once the
 * transaction commits, `SessionRevocations.publish` makes their access tokens refused too.
 */
export async function revokeSignIns(
  db: Database | Tx,
  userId: number,
  keepFamilyId?: string,
): Promise<string[]> {
  const rows = await db
    .update(refreshTokens)
    .set({ revokedAt: sql`now()` })
    .where(
      and(
        eq(refreshTokens.userId, userId),
        isNull(refreshTokens.revokedAt),
        keepFamilyId === undefined ? undefined : ne(refreshTokens.familyId, keepFamilyId),
      ),
    )
    .returning({ familyId: refreshTokens.familyId });
  return [...new Set(rows.map((r) => r.familyId))];
}

/** Ends one sign-in (every token of its family), optionally only if it is this user's. */
export async function revokeFamily(db: Database | Tx, familyId: string, userId?: number): Promise<boolean> {
  const rows = await db
    .update(refreshTokens)
    .set({ revokedAt: sql`now()` })
    .where(
      and(
        eq(refreshTokens.familyId, familyId),
        isNull(refreshTokens.revokedAt),
        userId === undefined ? undefined : eq(refreshTokens.userId, userId),
      ),
    )
    .returning({ id: refreshTokens.id });
  return rows.length > 0;
}

/** The part of an ioredis client the revocation list uses. */
export interface RevocationRedis {
  set(key: string, value: string, mode: 'EX', seconds: number): Promise<unknown>;
  exists(...keys: string[]): Promise<number>;
}

export interface SessionRevocationsOptions {
  /** Shared by every instance when REDIS_URL is set. */
  redis?: RevocationRedis | undefined;
  /** e.g. `boutique:session-revoked:` */
  prefix: string;
  /** How long a revocation must be remembered: the lifetime of an access token, plus clock skew. */
  rememberS: number;
  onError: (err: unknown) => void;
}

/**
 * Whether the sign-in an access token carries (`sid`) is still alive. With Redis, every instance writes the
 * sign-ins it ends (for as long as an access token lives) and reads them back on each call: one EXISTS, and
 * all instances agree at once. Without Redis (one process on the embedded database, or a PostgreSQL server
 * with no Redis beside it) the database says whether the sign-in still has a live refresh token: an indexed
 * read, and just as immediate. A Redis failure falls back to the database, never to "alive".
 */
export class SessionRevocations {
  constructor(
    private readonly db: Database,
    private readonly options: SessionRevocationsOptions,
  ) {}

  async publish(familyIds: Iterable<string>): Promise<void> {
    const { redis, prefix, rememberS, onError } = this.options;
    if (!redis) return;
    await Promise.all(
      [...familyIds].map((id) => redis.set(prefix + id, '1', 'EX', rememberS).catch(onError)),
    );
  }

  async isAlive(familyId: string): Promise<boolean> {
    const { redis, prefix, onError } = this.options;
    if (redis) {
      try {
        return (await redis.exists(prefix + familyId)) === 0;
      } catch (err) {
        onError(err);
      }
    }
    const [row] = await this.db
      .select({ id: refreshTokens.id })
      .from(refreshTokens)
      .where(and(eq(refreshTokens.familyId, familyId), live()))
      .limit(1);
    return row !== undefined;
  }
}

export interface SignInRow {
  familyId: string;
  userAgent: string | null;
  startedAt: Date;
  lastUsedAt: Date;
  expiresAt: Date;
}

/** The user's live sign-ins (one per family), the most recently used first. */
export async function liveSignIns(db: Database, userId: number): Promise<SignInRow[]> {
  return db
    .select({
      familyId: refreshTokens.familyId,
      userAgent: refreshTokens.userAgent,
      startedAt: refreshTokens.familyStartedAt,
      lastUsedAt: refreshTokens.createdAt,
      expiresAt: refreshTokens.expiresAt,
    })
    .from(refreshTokens)
    .where(and(eq(refreshTokens.userId, userId), live()))
    .orderBy(desc(refreshTokens.createdAt), desc(refreshTokens.id));
}
