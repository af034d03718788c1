import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import {
  passwordResetTokens,
  refreshTokens,
  userIdentities,
  userRecoveryCodes,
  userTotp,
} from '../../db/schema/index.js';
import { revokeSignIns } from './sessions.js';

type Tx = Parameters<Parameters<Database['transaction']>[0]>[0];

/**
 * Removes the account's authenticator app and recovery codes, and the mark of every sign-in that passed them.
 * Answers whether an app (confirmed or pending) was there.
 */
export async function removeSecondFactor(tx: Database | Tx, userId: number): Promise<boolean> {
  const removed = await tx
    .delete(userTotp)
    .where(eq(userTotp.userId, userId))
    .returning({ confirmedAt: userTotp.confirmedAt });
  await tx.delete(userRecoveryCodes).where(eq(userRecoveryCodes.userId, userId));
  await tx.update(refreshTokens).set({ secondFactorAt: null }).where(eq(refreshTokens.userId, userId));
  return removed.some((r) => r.confirmedAt !== null);
}

export interface HandedOver {
  /** Sign-ins ended: publish them once the transaction commits (`AuthService.publishRevoked`). */
  revoked: string[];
  /** A confirmed authenticator app was removed. */
  factorRemoved: boolean;
}

/**
 * The account passes to whoever proved its mailbox (a new password from a link, a provider's word): whatever
 * someone else may have set up before is ended. Every sign-in, the second factor, unused reset links, and the
 * provider identities nobody vouched for (someone may have typed this address without owning it).
 */
export async function handOver(tx: Tx, userId: number): Promise<HandedOver> {
  const revoked = await revokeSignIns(tx, userId);
  const factorRemoved = await removeSecondFactor(tx, userId);
  await tx
    .update(passwordResetTokens)
    .set({ usedAt: sql`now()` })
    .where(and(eq(passwordResetTokens.userId, userId), isNull(passwordResetTokens.usedAt)));
  await tx
    .delete(userIdentities)
    .where(and(eq(userIdentities.userId, userId), eq(userIdentities.emailVerified, false)));
  return { revoked, factorRemoved };
}
