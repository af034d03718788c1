import { and, eq, gt, isNull, ne, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { refreshTokens } from '../../db/schema/index.js';
import { hashRefreshToken } from './tokens.js';

type Tx = Parameters<Parameters<Database['transaction']>[0]>[0];

/**
 * The sign-in (refresh-token family) a live refresh token of this user belongs to, or undefined: a token of
 * someone else, spent, expired or unknown names no sign-in to spare.
 */
export async function liveFamilyOf(
  db: Database | Tx,
  userId: number,
  token: string | undefined,
): Promise<string | undefined> {
  if (!token) return undefined;
  const [row] = await db
    .select({ familyId: refreshTokens.familyId })
    .from(refreshTokens)
    .where(
      and(
        eq(refreshTokens.tokenHash, hashRefreshToken(token)),
        eq(refreshTokens.userId, userId),
        isNull(refreshTokens.revokedAt),
        gt(refreshTokens.expiresAt, sql`now()`),
      ),
    )
    .limit(1);
  return row?.familyId;
}

/**
 * Ends every sign-in of a user but the one of `keepFamilyId`: their refresh tokens stop working at once, their
 * access tokens within their 15 minutes.
 */
export async function revokeSignIns(db: Database | Tx, userId: number, keepFamilyId?: string): Promise<void> {
  await db
    .update(refreshTokens)
    .set({ revokedAt: sql`now()` })
    .where(
      and(
        eq(refreshTokens.userId, userId),
        isNull(refreshTokens.revokedAt),
        keepFamilyId === undefined ? undefined : ne(refreshTokens.familyId, keepFamilyId),
      ),
    );
}
