import { and, eq, isNotNull } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { ERROR_CODES } from '@boutique/contracts';
import type { Database } from '../db/client.js';
import { refreshTokens, userTotp, users } from '../db/schema/index.js';
import { HttpError } from '../lib/http-error.js';
import { securityEvent } from '../lib/security-log.js';
import type { AuthUser } from './auth.js';
import { requireUser } from './auth.js';
import { mayCall } from './access.js';

export const FORBIDDEN = 'This action is unauthorized.';
export const SECOND_FACTOR_REQUIRED =
  'Confirm this sign-in with the code of your authenticator app to use the back office.';
export const SECOND_FACTOR_ENROLMENT_REQUIRED =
  'Admins sign in with a second factor: set up an authenticator app in your account first.';
export const OWNERS_ONLY = 'Only the owner of the shop may do this.';

/**
 * The one guard of every admin route (the back office uses it too). The caller must be signed in, hold a role of
 * the back office with a verified address (read from the database, so a withdrawn right ends at once), and
 * this very sign-in must have passed the second factor (TOTP or a recovery code). The owner (`admin`) may call
 * every route; staff only the routes plugins/access.ts puts in STAFF_AREAS, and a route it does not list is the
 * owner's. A customer hears 403; staff on an owner's route 403 with `code` `owners_only`; an admin or staff
 * member without the second factor 403 with `code` saying what to do (enrol, or confirm this sign-in).
 */
export async function requireAdmin(db: Database, request: FastifyRequest): Promise<AuthUser> {
  const user = requireUser(request);
  const [row] = await db
    .select({ role: users.role, verifiedAt: users.emailVerifiedAt, enrolled: userTotp.confirmedAt })
    .from(users)
    .leftJoin(userTotp, eq(userTotp.userId, users.id))
    .where(eq(users.id, user.id))
    .limit(1);
  if (!row || row.role === 'customer' || row.verifiedAt === null) {
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
  if (!mayCall(row.role, request)) {
    securityEvent(request, 'admin_forbidden', { userId: user.id, reason: 'an owner route asked by staff' });
    throw ownersOnly();
  }
  return { ...user, role: row.role };
}

const ownersOnly = () => new HttpError(403, OWNERS_ONLY, undefined, { code: ERROR_CODES.ownersOnly });

/**
 * Inside a route staff may call, a step only the owner takes (a return moved to `refunded` moves money): the
 * role read again from the database, as `requireAdmin` does.
 */
export async function requireOwner(db: Database, request: FastifyRequest): Promise<void> {
  const user = requireUser(request);
  const [row] = await db.select({ role: users.role }).from(users).where(eq(users.id, user.id)).limit(1);
  if (row?.role !== 'admin') {
    securityEvent(request, 'admin_forbidden', { userId: user.id, reason: 'an owner step asked by staff' });
    throw ownersOnly();
  }
}
