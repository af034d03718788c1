import { eq } from 'drizzle-orm';
import type { UserRole } from '@boutique/contracts';
import type { Database } from '../../db/client.js';
import { users } from '../../db/schema/index.js';

export interface RoleChange {
  user: { id: number; email: string; name: string };
  role: UserRole;
  /** False when the user already had that role. */
  changed: boolean;
  /** The admin role was refused: the account has not proved its address yet. */
  unverified?: true;
}

/**
 * Gives an existing account a role (the back office's `admin`, or `customer` again). Undefined when no account
 * has that e-mail. An account whose address is not verified never becomes an admin (`unverified`): whoever
 * registered it need not own the address. Admin routes read the role from the database at each call.
 */
export async function setUserRole(
  db: Database,
  email: string,
  role: UserRole,
): Promise<RoleChange | undefined> {
  const address = email.trim().toLowerCase();
  return db.transaction(async (tx) => {
    const [current] = await tx
      .select({
        id: users.id,
        email: users.email,
        name: users.name,
        role: users.role,
        verifiedAt: users.emailVerifiedAt,
      })
      .from(users)
      .where(eq(users.email, address))
      .for('update');
    if (!current) return undefined;
    const { role: previous, verifiedAt, ...user } = current;
    if (previous === role) return { user, role, changed: false };
    if (role === 'admin' && verifiedAt === null) return { user, role, changed: false, unverified: true };
    await tx.update(users).set({ role, updatedAt: new Date() }).where(eq(users.id, user.id));
    return { user, role, changed: true };
  });
}
