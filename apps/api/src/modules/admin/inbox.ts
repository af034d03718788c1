import { and, asc, count, desc, eq, isNotNull, isNull, sql } from 'drizzle-orm';
import type {
  AdminCustomerListQuery,
  AdminCustomerRow,
  AdminMessage,
  AdminMessageListQuery,
  MessageUpdate,
} from '@boutique/contracts/admin';
import type { Database } from '../../db/client.js';
import { addresses, contactMessages, customerTags, users } from '../../db/schema/index.js';
import { claimVersion } from '../../db/versions.js';
import { HttpError } from '../../lib/http-error.js';
import { escapeLike } from '../../lib/search-text.js';
import { emailLanguage } from '../../lib/mail-layout.js';
import { recordAudit } from '../audit/index.js';
import { ordersOf } from '../orders/index.js';
import { failedMessages, retryFailed } from '../outbox/index.js';

// ---------------------------------------------------------------- messages

export const toMessage = (m: typeof contactMessages.$inferSelect): AdminMessage => ({
  id: m.id,
  name: m.name,
  email: m.email,
  phone: m.phone,
  subject: m.subject,
  message: m.message,
  created_at: m.createdAt.toISOString(),
  read_at: m.readAt?.toISOString() ?? null,
  archived_at: m.archivedAt?.toISOString() ?? null,
  answered_at: m.answeredAt?.toISOString() ?? null,
  locale: m.locale ? emailLanguage(m.locale) : null,
  version: m.version,
});

/** The contact inbox: unread first, then newest first. */
export async function listMessages(db: Database, query: AdminMessageListQuery) {
  const where =
    query.box === 'inbox'
      ? isNull(contactMessages.archivedAt)
      : query.box === 'archived'
        ? isNotNull(contactMessages.archivedAt)
        : undefined;
  const [[totalRow], [unreadRow], rows] = await Promise.all([
    db.select({ n: count() }).from(contactMessages).where(where),
    db
      .select({ n: count() })
      .from(contactMessages)
      .where(and(isNull(contactMessages.readAt), isNull(contactMessages.archivedAt))),
    db
      .select()
      .from(contactMessages)
      .where(where)
      .orderBy(
        sql`(${contactMessages.readAt} is null) desc`,
        desc(contactMessages.createdAt),
        desc(contactMessages.id),
      )
      .limit(query.per_page)
      .offset((query.page - 1) * query.per_page),
  ]);
  const total = totalRow?.n ?? 0;
  return {
    messages: {
      data: rows.map(toMessage),
      current_page: query.page,
      last_page: Math.max(1, Math.ceil(total / query.per_page)),
      per_page: query.per_page,
      total,
    },
    unread: unreadRow?.n ?? 0,
  };
}

/** Read or unread, archived or back in the inbox, if the message is still at `expected` (db/versions.ts). */
export async function updateMessage(
  db: Database,
  actorId: number,
  id: number,
  input: MessageUpdate,
  expected: number,
) {
  return db.transaction(async (tx) => {
    const [current] = await tx.select().from(contactMessages).where(eq(contactMessages.id, id));
    if (!current) throw new HttpError(404, 'Message not found');
    await claimVersion(tx, contactMessages, id, expected, {
      notFound: new HttpError(404, 'Message not found'),
      current: async () => {
        const [now] = await tx.select().from(contactMessages).where(eq(contactMessages.id, id));
        return now && toMessage(now);
      },
    });
    const now = new Date();
    const set: Partial<typeof contactMessages.$inferInsert> = {};
    // Keeps the first time it was read or archived; undoing clears it.
    if (input.read !== undefined) set.readAt = input.read ? (current.readAt ?? now) : null;
    if (input.archived !== undefined) set.archivedAt = input.archived ? (current.archivedAt ?? now) : null;
    const [row] = await tx.update(contactMessages).set(set).where(eq(contactMessages.id, id)).returning();
    if (!row) throw new HttpError(404, 'Message not found');
    const state = (m: typeof row) => ({ read_at: m.readAt, archived_at: m.archivedAt });
    await recordAudit(tx, {
      actorId,
      action: 'message.update',
      entity: 'message',
      entityId: id,
      before: state(current),
      after: state(row),
    });
    return toMessage(row);
  });
}

// ---------------------------------------------------------------- customers

function customerSelect(db: Database) {
  return db
    .select({
      id: users.id,
      name: users.name,
      email: users.email,
      role: users.role,
      verifiedAt: users.emailVerifiedAt,
      createdAt: users.createdAt,
      // Spelled out: in a one-table query Drizzle leaves columns unqualified, and a bare "id" inside the
      // subquery would be the order's.
      ordersCount: sql<number>`(select count(*)::int from orders o where o.user_id = users.id)`,
      totalSpent: sql<string>`(select coalesce(sum(o.total_amount), 0)::numeric(12,2)::text from orders o
        where o.user_id = users.id and o.payment_status = 'succeeded' and o.fulfillment_status <> 'cancelled')`,
      tags: sql<string[] | null>`(select ct.tags from customer_tags ct where ct.id = users.id)`,
    })
    .from(users);
}

const toCustomer = (r: Awaited<ReturnType<typeof customerSelect>>[number]): AdminCustomerRow => ({
  id: r.id,
  name: r.name,
  email: r.email,
  role: r.role,
  verified: r.verifiedAt !== null,
  created_at: r.createdAt.toISOString(),
  orders_count: r.ordersCount,
  total_spent: r.totalSpent,
  tags: r.tags ?? [],
});

export async function listCustomers(db: Database, query: AdminCustomerListQuery) {
  const like = query.q ? `%${escapeLike(query.q.toLowerCase())}%` : undefined;
  const where = and(
    like ? sql`(${users.email} like ${like} or lower(${users.name}) like ${like})` : undefined,
    query.tag
      ? sql`exists (select 1 from customer_tags ct where ct.id = users.id and ct.tags @> array[${query.tag}]::text[])`
      : undefined,
  );
  const [[totalRow], rows] = await Promise.all([
    db.select({ n: count() }).from(users).where(where),
    customerSelect(db)
      .where(where)
      .orderBy(desc(users.createdAt), desc(users.id))
      .limit(query.per_page)
      .offset((query.page - 1) * query.per_page),
  ]);
  const total = totalRow?.n ?? 0;
  return {
    data: rows.map(toCustomer),
    current_page: query.page,
    last_page: Math.max(1, Math.ceil(total / query.per_page)),
    per_page: query.per_page,
    total,
  };
}

export async function customerDetail(db: Database, id: number) {
  const [row] = await customerSelect(db).where(eq(users.id, id)).limit(1);
  if (!row) throw new HttpError(404, 'Customer not found');
  const [orderList, addressRows, [tagRow]] = await Promise.all([
    ordersOf(db, id),
    db
      .select()
      .from(addresses)
      .where(eq(addresses.userId, id))
      .orderBy(desc(addresses.isDefault), asc(addresses.id)),
    db.select({ version: customerTags.version }).from(customerTags).where(eq(customerTags.id, id)),
  ]);
  return {
    customer: toCustomer(row),
    tags_version: tagRow?.version ?? 1,
    orders: orderList,
    addresses: addressRows.map((a) => ({
      id: a.id,
      name: a.name,
      email: a.email,
      phone: a.phone,
      address: a.address,
      city: a.city,
      postalCode: a.postalCode,
      country: a.country,
      is_default: a.isDefault,
    })),
  };
}

// ---------------------------------------------------------------- e-mails not delivered

const ERROR_SHOWN = 300;

/** The e-mails the outbox gave up on, newest first. */
export async function listFailedMails(db: Database) {
  const failed = await failedMessages(db, 200);
  return failed.map((m) => ({
    id: m.id,
    kind: m.kind,
    to: m.to,
    subject: m.subject,
    attempts: m.attempts,
    last_error: m.lastError && m.lastError.slice(0, ERROR_SHOWN),
    created_at: m.createdAt.toISOString(),
  }));
}

/** Sends a failed e-mail again (back in the outbox's line, tries counted afresh), recorded in the audit log. */
export async function resendFailedMail(db: Database, actorId: number, id: number) {
  await db.transaction(async (tx) => {
    if (!(await retryFailed(tx, id))) throw new HttpError(404, 'No failed e-mail with this id');
    await recordAudit(tx, {
      actorId,
      action: 'mail.resend',
      entity: 'mail',
      entityId: id,
      before: { status: 'failed' },
      after: { status: 'pending' },
    });
  });
}
