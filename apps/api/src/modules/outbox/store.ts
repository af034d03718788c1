import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import { rowsOf } from '../../db/rows.js';
import type { Database } from '../../db/client.js';
import { outbox, type OutboxMail } from '../../db/schema/index.js';

/** A transaction or the database itself: enqueueing belongs in the transaction of what caused the message. */
export type Writer = Pick<Database, 'insert'>;

export interface Enqueue {
  /** What the message is: `order_confirmation`, `password_reset`, `owner_new_order`... */
  kind: string;
  /** What it is about (`order:12`), for the back office and the tests. */
  about?: string;
  message: OutboxMail;
}

/**
 * Writes messages to the outbox. Call it with the transaction of their cause: they exist if and only if it
 * commits, and the commit wakes the workers of every instance (a trigger's NOTIFY).
 */
export async function enqueueMail(tx: Writer, ...messages: Enqueue[]): Promise<number[]> {
  if (messages.length === 0) return [];
  const rows = await tx
    .insert(outbox)
    .values(messages.map(({ kind, about, message }) => ({ kind, subject: about ?? null, message })))
    .returning({ id: outbox.id });
  return rows.map((r) => r.id);
}

export interface Delivery {
  status: 'pending' | 'sent' | 'failed';
  sentAt: Date | null;
}

/** Where these messages are (by their outbox id): waiting, delivered or given up on. */
export async function deliveryOf(db: Database, ids: number[]): Promise<Map<number, Delivery>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ id: outbox.id, status: outbox.status, sentAt: outbox.sentAt })
    .from(outbox)
    .where(inArray(outbox.id, ids));
  return new Map(rows.map((r) => [r.id, { status: r.status, sentAt: r.sentAt }]));
}

export interface FailedMessage {
  id: number;
  kind: string;
  about: string | null;
  to: string;
  subject: string;
  attempts: number;
  lastError: string | null;
  createdAt: Date;
}

/** Messages that failed every try and are kept: for the back office to show (newest first). */
export async function failedMessages(db: Database, limit = 50): Promise<FailedMessage[]> {
  const rows = await db
    .select()
    .from(outbox)
    .where(eq(outbox.status, 'failed'))
    .orderBy(desc(outbox.id))
    .limit(limit);
  return rows.map((r) => ({
    id: r.id,
    kind: r.kind,
    about: r.subject,
    to: r.message.to,
    subject: r.message.subject,
    attempts: r.attempts,
    lastError: r.lastError,
    createdAt: r.createdAt,
  }));
}

/**
 * Puts a failed message back in line (the back office's "send again"), in `db`'s transaction when it is one.
 * True when there was one to retry: a message already sent or back in line is left alone.
 */
export async function retryFailed(db: Database, id: number): Promise<boolean> {
  const rows = await db
    .update(outbox)
    .set({ status: 'pending', attempts: 0, nextAttemptAt: sql`now()`, lockedUntil: null })
    .where(and(eq(outbox.id, id), eq(outbox.status, 'failed')))
    .returning({ id: outbox.id });
  return rows.length > 0;
}

/** Messages about one thing (`order:12`), oldest first: what the shop wrote about it. */
export async function messagesAbout(db: Database, about: string) {
  return db.select().from(outbox).where(eq(outbox.subject, about)).orderBy(asc(outbox.id));
}

export interface OutboxState {
  pending: number;
  failed: number;
  /** Seconds since the oldest message not yet delivered was written; 0 when none waits. */
  oldestPendingS: number;
}

/** The whole shop's outbox in one query (the metrics read it at every scrape). */
export async function outboxState(db: Database): Promise<OutboxState> {
  const [row] = await db
    .execute(
      sql`select count(*) filter (where status = 'pending')::int as pending,
                 count(*) filter (where status = 'failed')::int as failed,
                 extract(epoch from now() - min(created_at) filter (where status = 'pending'))::float8 as oldest
          from outbox where status <> 'sent'`,
    )
    .then(rowsOf<{ pending: number; failed: number; oldest: number | null }>);
  return {
    pending: Number(row?.pending ?? 0),
    failed: Number(row?.failed ?? 0),
    oldestPendingS: Math.max(0, Number(row?.oldest ?? 0)),
  };
}
