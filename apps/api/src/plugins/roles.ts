import { and, eq, isNotNull } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { ERROR_CODES } from '@boutique/contracts';
import type { Database } from '../db/client.js';
import { refreshTokens, userTotp, users } from '../db/schema/index.js';
import { HttpError } from '../lib/http-error.js';
import { securityEvent } from '../lib/security-log.js';
import type { AuthUser } from './auth.js';
import { requireUser } from './auth.js';

export const FORBIDDEN = 'This action is unauthorized.';
export const SECOND_FACTOR_REQUIRED =
  'Confirm this sign-in with the code of your authenticator app to use the back office.';
export const SECOND_FACTOR_ENROLMENT_REQUIRED =
  'Admins sign in with a second factor: set up an authenticator app in your account first.';

/**
 * The one guard of every admin route (the back office uses it too). The caller must be signed in, hold the
 * admin role with a verified address (read from the database, so a withdrawn right ends at once), and this
 * very sign-in must have passed the second factor (TOTP or a recovery code). A customer hears 403; an admin
 * without the second factor hears 403 with `code` saying what to do (enrol, or confirm this sign-in).
 */
export async function requireAdmin(db: Database, request: FastifyRequest): Promise<AuthUser> {
  const user = requireUser(request);
  const [row] = await db
    .select({ role: users.role, verifiedAt: users.emailVerifiedAt, enrolled: userTotp.confirmedAt })
    .from(users)
    .leftJoin(userTotp, eq(userTotp.userId, users.id))
    .where(eq(users.id, user.id))
    .limit(1);
  if (row?.role !== 'admin' || row.verifiedAt === null) {
    securityEvent(request, 'admin_forbidden', { userId: user.id, reason: 'not an admin' });
    throw new HttpError(403, FORBIDDEN);
  }
  if (!row.enrolled) {
    securityEvent(request, 'admin_forbidden', { userId: user.id, reason: 'no second factor enrolled' });
    throw new HttpError(403, SECOND_FACTOR_ENROLMENT_REQUIRED, undefined, {
      code: ERROR_CODES.secondFactorEnrolmentRequired,
    });
  }
  const [passed] = await db
    .select({ id: refreshTokens.id })
    .from(refreshTokens)
    .where(and(eq(refreshTokens.familyId, user.sessionId), isNotNull(refreshTokens.secondFactorAt)))
    .limit(1);
  if (!passed) {
    securityEvent(request, 'admin_forbidden', { userId: user.id, reason: 'sign-in without second factor' });
    throw new HttpError(403, SECOND_FACTOR_REQUIRED, undefined, { code: ERROR_CODES.secondFactorRequired });
  }
  return { ...user, role: 'admin' };
}
