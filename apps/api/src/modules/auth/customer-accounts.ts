import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { users } from '../../db/schema/index.js';
import { emailLanguage } from '../../lib/mail-layout.js';

export interface CustomerAccount {
  id: number;
  email: string;
  name: string;
  created: boolean;
}

/**
 * The account an order the owner writes (a WhatsApp or phone sale) belongs to: the one holding `email`, else a
 * new customer account with no password and an unconfirmed address. Nobody can sign in to a new one until the
 * mailbox's owner sets a password through the forgotten-password link, which confirms the address as any reset
 * does (decision 030); it gets no role and no provider identity. In the caller's transaction: an order that is
 * refused leaves no account behind. Two orders for one new address at once make one account (the unique key).
 */
export async function customerAccount(
  tx: Database,
  input: { email: string; name: string; locale: string | undefined },
): Promise<CustomerAccount> {
  const email = input.email.trim().toLowerCase();
  const [made] = await tx
    .insert(users)
    .values({ name: input.name.trim(), email, locale: emailLanguage(input.locale) })
    .onConflictDoNothing({ target: users.email })
    .returning({ id: users.id, email: users.email, name: users.name });
  if (made) return { ...made, created: true };
  const [found] = await tx
    .select({ id: users.id, email: users.email, name: users.name })
    .from(users)
    .where(eq(users.email, email))
    .limit(1);
  if (!found) throw new Error('customer account neither made nor found');
  return { ...found, created: false };
}

/** An existing account by id, for an order the owner writes for it; undefined when there is none. */
export async function accountById(tx: Database, id: number) {
  const [found] = await tx
    .select({ id: users.id, email: users.email, name: users.name })
    .from(users)
    .where(eq(users.id, id))
    .limit(1);
  return found && { ...found, created: false };
}
