import { eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { Database } from '../db/client.js';
import { users } from '../db/schema/index.js';
import { HttpError } from '../lib/http-error.js';
import type { AuthUser } from '../modules/auth/tokens.js';
import { requireUser } from './auth.js';

export const FORBIDDEN = 'This action is unauthorized.';

/**
 * The signed-in user of a route only admins may use; a customer hears 403. The role is read from the database,
 * not from the access token, so a withdrawn admin right ends at once rather than when the token expires.
 */
export async function requireAdmin(db: Database, request: FastifyRequest): Promise<AuthUser> {
  const user = requireUser(request);
  const [row] = await db.select({ role: users.role }).from(users).where(eq(users.id, user.id)).limit(1);
  if (row?.role !== 'admin') throw new HttpError(403, FORBIDDEN);
  return { id: user.id, role: row.role };
}
