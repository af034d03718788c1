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

/** The part of an ioredis client the revocation list uses (lib/redis.ts GuardedCommands). */
export interface RevocationRedis {
  set(key: string, value: string, mode: 'EX', seconds: number): Promise<unknown>;
  exists(...keys: string[]): Promise<number>;
}

export interface SessionRevocationsOptions {
  /** Shared by every instance when REDIS_URL is set. */
  redis?: RevocationRedis | undefined;
  /** Called with a hook to run each time Redis answers again after an outage (RedisGuard.onRecover). */
  onRedisRecovered?: ((hook: () => Promise<void>) => void) | undefined;
  /** e.g. `boutique:session-revoked:` */
  prefix: string;
  /** How long a revocation must be remembered: the lifetime of an access token, plus clock skew. */
  rememberS: number;
  onError: (err: unknown) => void;
  now?: () => number;
}

/** Sign-ins this instance ended, kept while their access tokens may live: more than this are forgotten oldest first. */
const REMEMBERED_HERE = 100_000;

/**
 * Whether the sign-in an access token carries (`sid`) is still alive. With Redis, every instance writes the
 * sign-ins it ends (for as long as an access token lives) and reads them back on each call: one EXISTS, and
 * all instances agree at once. Without Redis (one process on the embedded database, or a PostgreSQL server
 * with no Redis beside it) the database says whether the sign-in still has a live refresh token: an indexed
 * read, and just as immediate. A Redis failure falls back to the database, never to "alive".
 *
 * Redis may also come back having lost what it held, or without what was ended during the outage
 * (docs/decisions/031): each instance keeps the sign-ins it ended itself, writes those Redis missed when it
 * returns, and for an access token's lifetime after any outage asks the database too.
 */
export class SessionRevocations {
  /** familyId → until when this instance remembers having ended it. */
  readonly #endedHere = new Map<string, number>();
  /** Ended while Redis could not be written: written when it answers again. */
  readonly #unwritten = new Set<string>();
  /** Until when Redis alone is not believed when it says "alive". */
  #askDatabaseUntil = 0;

  constructor(
    private readonly db: Database,
    private readonly options: SessionRevocationsOptions,
  ) {
    options.onRedisRecovered?.(() => this.#redisRecovered());
    // Redis may have restarted empty before this instance started.
    if (options.redis) this.#askDatabaseUntil = this.#now() + options.rememberS * 1000;
  }

  #now() {
    return (this.options.now ?? Date.now)();
  }

  async publish(familyIds: Iterable<string>): Promise<void> {
    const { redis, prefix, rememberS, onError } = this.options;
    const until = this.#now() + rememberS * 1000;
    const ids = [...familyIds];
    for (const id of ids) {
      this.#endedHere.delete(id);
      this.#endedHere.set(id, until);
      if (this.#endedHere.size > REMEMBERED_HERE) {
        const oldest = this.#endedHere.keys().next();
        if (!oldest.done) this.#endedHere.delete(oldest.value);
      }
    }
    if (!redis) return;
    await Promise.all(
      ids.map((id) =>
        redis.set(prefix + id, '1', 'EX', rememberS).catch((err: unknown) => {
          this.#unwritten.add(id);
          onError(err);
        }),
      ),
    );
  }

  async #redisRecovered() {
    const { redis, prefix, rememberS } = this.options;
    // Whatever Redis held may be gone (a restart) or stale: the database decides too, for a token's lifetime.
    this.#askDatabaseUntil = this.#now() + rememberS * 1000;
    if (!redis) return;
    const now = this.#now();
    for (const id of [...this.#unwritten]) {
      const until = this.#endedHere.get(id) ?? 0;
      if (until > now) await redis.set(prefix + id, '1', 'EX', Math.ceil((until - now) / 1000));
      this.#unwritten.delete(id);
    }
  }

  async isAlive(familyId: string): Promise<boolean> {
    const { redis, prefix, onError } = this.options;
    const endedHere = this.#endedHere.get(familyId);
    if (endedHere !== undefined) {
      if (endedHere > this.#now()) return false;
      this.#endedHere.delete(familyId);
    }
    if (redis) {
      try {
        const revoked = (await redis.exists(prefix + familyId)) > 0;
        if (revoked) return false;
        if (this.#now() >= this.#askDatabaseUntil) return true;
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
