import { and, desc, eq, sql } from 'drizzle-orm';
import { ADDRESSES_MAX, type Address, type AddressInput } from '@boutique/contracts';
import type { Database } from '../../db/client.js';
import { addresses, users } from '../../db/schema/index.js';
import { HttpError } from '../../lib/http-error.js';
import { UNAUTHENTICATED } from '../../plugins/auth.js';

export const ADDRESS_NOT_FOUND = 'Address not found.';
export const TOO_MANY_ADDRESSES = `You can keep at most ${ADDRESSES_MAX} addresses. Delete one to add another.`;

type AddressRow = typeof addresses.$inferSelect;
type Tx = Parameters<Parameters<Database['transaction']>[0]>[0];

function toAddress(row: AddressRow): Address {
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    phone: row.phone,
    address: row.address,
    city: row.city,
    postalCode: row.postalCode,
    country: row.country,
    is_default: row.isDefault,
    created_at: row.createdAt.toISOString(),
  };
}

const notFound = () => new HttpError(404, ADDRESS_NOT_FOUND);

/**
 * A customer's saved addresses. Whenever a customer has addresses exactly one of them is the default (the
 * first one saved, then whichever they choose; deleting it hands the role to the newest remaining), and every
 * change happens in one transaction holding the customer's row, so two tabs cannot break that rule or the
 * limit of ADDRESSES_MAX. Every query names the owner: another customer's address is simply not found.
 */
export class AddressService {
  constructor(private readonly db: Database) {}

  /** The default first, then the newest. */
  async list(userId: number, db: Database | Tx = this.db): Promise<Address[]> {
    const rows = await db
      .select()
      .from(addresses)
      .where(eq(addresses.userId, userId))
      .orderBy(desc(addresses.isDefault), desc(addresses.createdAt), desc(addresses.id));
    return rows.map(toAddress);
  }

  /**
   * Saves an address, unless the customer already keeps one with the very same fields: that one is answered
   * (`created: false`), so that checkout's "save to my address book" never fills the book with copies.
   */
  async create(userId: number, input: AddressInput): Promise<{ address: Address; created: boolean }> {
    return this.db.transaction(async (tx) => {
      await lockCustomer(tx, userId);
      const same = Object.entries(fields(input)).map(([key, value]) =>
        eq(addresses[key as keyof ReturnType<typeof fields>], value),
      );
      const [existing] = await tx
        .select()
        .from(addresses)
        .where(and(eq(addresses.userId, userId), ...same))
        .limit(1);
      if (existing) return { address: toAddress(existing), created: false };
      const [counted] = await tx
        .select({ n: sql<number>`count(*)::int` })
        .from(addresses)
        .where(eq(addresses.userId, userId));
      const count = counted?.n ?? 0;
      if (count >= ADDRESSES_MAX) throw new HttpError(422, TOO_MANY_ADDRESSES);
      const isDefault = count === 0 || input.is_default === true;
      if (isDefault) await clearDefault(tx, userId);
      const [row] = await tx
        .insert(addresses)
        .values({ userId, ...fields(input), isDefault })
        .returning();
      if (!row) throw new Error('address was not stored');
      return { address: toAddress(row), created: true };
    });
  }

  /**
   * Replaces every field. `is_default: true` makes it the default; `false` (or nothing) leaves the default where
   * it is: the default moves by choosing another address, never to none.
   */
  async update(userId: number, id: number, input: AddressInput): Promise<Address> {
    return this.db.transaction(async (tx) => {
      await lockCustomer(tx, userId);
      const [current] = await tx
        .select({ isDefault: addresses.isDefault })
        .from(addresses)
        .where(and(eq(addresses.id, id), eq(addresses.userId, userId)));
      if (!current) throw notFound();
      const makeDefault = input.is_default === true && !current.isDefault;
      if (makeDefault) await clearDefault(tx, userId);
      const [row] = await tx
        .update(addresses)
        .set({ ...fields(input), ...(makeDefault && { isDefault: true }), updatedAt: new Date() })
        .where(and(eq(addresses.id, id), eq(addresses.userId, userId)))
        .returning();
      if (!row) throw notFound();
      return toAddress(row);
    });
  }

  /** Deletes the address and answers the ones that remain (the default may have moved). */
  async remove(userId: number, id: number): Promise<Address[]> {
    return this.db.transaction(async (tx) => {
      await lockCustomer(tx, userId);
      const [gone] = await tx
        .delete(addresses)
        .where(and(eq(addresses.id, id), eq(addresses.userId, userId)))
        .returning({ isDefault: addresses.isDefault });
      if (!gone) throw notFound();
      if (gone.isDefault) {
        const [newest] = await tx
          .select({ id: addresses.id })
          .from(addresses)
          .where(eq(addresses.userId, userId))
          .orderBy(desc(addresses.createdAt), desc(addresses.id))
          .limit(1);
        if (newest) {
          await tx
            .update(addresses)
            .set({ isDefault: true, updatedAt: new Date() })
            .where(eq(addresses.id, newest.id));
        }
      }
      return this.list(userId, tx);
    });
  }
}

function fields(input: AddressInput) {
  const { name, email, phone, address, city, postalCode, country } = input;
  return { name, email, phone, address, city, postalCode, country };
}

/**
 * Serialises one customer's address changes. `no key update` does not block other tables' rows that merely
 * reference the customer (cart lines, orders) from being written meanwhile.
 */
async function lockCustomer(tx: Tx, userId: number) {
  const [row] = await tx
    .select({ id: users.id })
    .from(users)
    .where(eq(users.id, userId))
    .for('no key update');
  if (!row) throw new HttpError(401, UNAUTHENTICATED);
}

async function clearDefault(tx: Tx, userId: number) {
  await tx
    .update(addresses)
    .set({ isDefault: false, updatedAt: new Date() })
    .where(and(eq(addresses.userId, userId), eq(addresses.isDefault, true)));
}
