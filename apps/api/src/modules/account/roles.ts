import { eq } from 'drizzle-orm';
import type { UserRole } from '@boutique/contracts';
import type { Database } from '../../db/client.js';
import { auditLog, users } from '../../db/schema/index.js';
import { enqueueSecurityNotice, removeSecondFactor } from '../auth/index.js';

export interface RoleChange {
  user: { id: number; email: string; name: string };
  role: UserRole;
  /** False when the user already had that role. */
  changed: boolean;
  /** The admin role was refused: the account has not proved its address yet. */
  unverified?: true;
  /** The authenticator app of the account was removed with the role. */
  factorRemoved?: boolean;
}

/**
 * Gives an existing account a role (the back office's `admin`, or `customer` again). Undefined when no account
 * has that e-mail. An account whose address is not verified never becomes an admin (`unverified`): whoever
 * registered it need not own the address. Admin routes read the role from the database at each call. The change
 * is written to the audit log (no actor: the command line), in the transaction that makes it.
 */
export async function setUserRole(
  db: Database,
  email: string,
  role: UserRole,
  /** Names the shop in the e-mail that tells the account's owner of the change. */
  shopName: string,
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
    // A withdrawn admin loses the authenticator too: granted again, they set up a new one (the way back for
    // an admin who lost the phone and the recovery codes), and nothing set up meanwhile by someone else stays.
    const factorRemoved = role === 'customer' && (await removeSecondFactor(tx, user.id));
    await tx.insert(auditLog).values({
      actorId: null,
      action: 'user.role',
      entity: 'user',
      entityId: user.id,
      before: { role: previous },
      after: { role, by: 'command', second_factor_removed: factorRemoved },
    });
    await enqueueSecurityNotice(tx, shopName, user.id, role === 'admin' ? 'role_granted' : 'role_revoked');
    return { user, role, changed: true, ...(role === 'customer' && { factorRemoved }) };
  });
}
