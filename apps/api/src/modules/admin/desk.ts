/**
 * The owner's desk (contracts/admin-desk.ts): internal notes on orders and customers, customer tags, and
 * replies to contact messages e-mailed through the outbox. Notes and tags are the staff's alone: nothing the
 * shopper reads (their order answers, their e-mails) is built from these tables.
 */
import { and, asc, desc, eq, sql } from 'drizzle-orm';
import type { Language } from '@boutique/contracts';
import type { AdminMessage } from '@boutique/contracts/admin';
import type { AdminNote, AdminReply, CustomerTags, TagsUpdate } from '@boutique/contracts/admin-desk';
import type { Database } from '../../db/client.js';
import { rowsOf } from '../../db/rows.js';
import {
  adminNotes,
  contactMessages,
  customerTags,
  messageReplies,
  orders,
  users,
} from '../../db/schema/index.js';
import { bumpVersion, claimVersion } from '../../db/versions.js';
import { HttpError } from '../../lib/http-error.js';
import { emailLanguage, renderMail } from '../../lib/mail-layout.js';
import { mailText } from '../../lib/mail-texts.js';
import { recordAudit } from '../audit/index.js';
import { deliveryOf, enqueueMail } from '../outbox/index.js';
import { toMessage } from './inbox.js';

// ---------------------------------------------------------------- notes

export type NoteSubject = { kind: 'order'; id: number } | { kind: 'customer'; id: number };

const subjectColumn = (s: NoteSubject) => (s.kind === 'order' ? adminNotes.orderId : adminNotes.userId);
const NOT_FOUND = { order: 'Order not found', customer: 'Customer not found' } as const;

async function subjectExists(db: Database, s: NoteSubject): Promise<void> {
  const [row] =
    s.kind === 'order'
      ? await db.select({ id: orders.id }).from(orders).where(eq(orders.id, s.id))
      : await db.select({ id: users.id }).from(users).where(eq(users.id, s.id));
  if (!row) throw new HttpError(404, NOT_FOUND[s.kind]);
}

/** Who acts on a note: the back-office member's id and role (`admin` is the owner). */
export interface NoteActor {
  id: number;
  role: string;
}

/**
 * Who may delete a note: its author, or the owner. A note whose author's account is gone may be deleted by any
 * member, or it could never go.
 */
const mayDelete = (actor: NoteActor, authorId: number | null) =>
  actor.role === 'admin' || authorId === null || authorId === actor.id;

function noteSelect(db: Database) {
  return db
    .select({ note: adminNotes, author: { id: users.id, name: users.name, email: users.email } })
    .from(adminNotes)
    .leftJoin(users, eq(users.id, adminNotes.authorId));
}

const toNote = (
  actor: NoteActor,
  { note, author }: Awaited<ReturnType<typeof noteSelect>>[number],
): AdminNote => ({
  id: note.id,
  body: note.body,
  author: author?.id ? author : null,
  created_at: note.createdAt.toISOString(),
  deletable: mayDelete(actor, note.authorId),
});

/** The notes of an order or a customer, newest first. */
export async function listNotes(db: Database, actor: NoteActor, s: NoteSubject): Promise<AdminNote[]> {
  await subjectExists(db, s);
  const rows = await noteSelect(db)
    .where(eq(subjectColumn(s), s.id))
    .orderBy(desc(adminNotes.createdAt), desc(adminNotes.id))
    .limit(500);
  return rows.map((r) => toNote(actor, r));
}

const auditEntity = (s: NoteSubject) => s.kind;

export async function addNote(db: Database, actor: NoteActor, s: NoteSubject, body: string) {
  const actorId = actor.id;
  const id = await db.transaction(async (tx) => {
    await subjectExists(tx, s);
    const [row] = await tx
      .insert(adminNotes)
      .values({
        body,
        authorId: actorId,
        ...(s.kind === 'order' ? { orderId: s.id } : { userId: s.id }),
      })
      .returning();
    if (!row) throw new Error('note was not stored');
    await recordAudit(tx, {
      actorId,
      action: 'note.create',
      entity: auditEntity(s),
      entityId: s.id,
      after: { note_id: row.id, body },
    });
    return row.id;
  });
  const [row] = await noteSelect(db).where(eq(adminNotes.id, id));
  return toNote(actor, row!);
}

export async function deleteNote(db: Database, actor: NoteActor, s: NoteSubject, noteId: number) {
  const actorId = actor.id;
  await db.transaction(async (tx) => {
    const [note] = await tx
      .select()
      .from(adminNotes)
      .where(and(eq(adminNotes.id, noteId), eq(subjectColumn(s), s.id)))
      .for('update');
    if (!note) throw new HttpError(404, 'Note not found');
    if (!mayDelete(actor, note.authorId)) {
      throw new HttpError(403, 'Only the author of a note or the owner may delete it.');
    }
    await tx.delete(adminNotes).where(eq(adminNotes.id, noteId));
    await recordAudit(tx, {
      actorId,
      action: 'note.delete',
      entity: auditEntity(s),
      entityId: s.id,
      before: { note_id: note.id, body: note.body, author_id: note.authorId },
    });
  });
}

// ---------------------------------------------------------------- tags

/** A customer's tags and their version; a customer never tagged is at version 1 with none. */
export async function tagsOf(db: Database, userId: number): Promise<CustomerTags> {
  const [row] = await db.select().from(customerTags).where(eq(customerTags.id, userId));
  return { tags: row?.tags ?? [], version: row?.version ?? 1 };
}

export async function setTags(
  db: Database,
  actorId: number,
  userId: number,
  input: TagsUpdate,
  expected: number,
): Promise<CustomerTags> {
  return db.transaction(async (tx) => {
    const [user] = await tx.select({ id: users.id }).from(users).where(eq(users.id, userId));
    if (!user) throw new HttpError(404, 'Customer not found');
    // The list's row is made at its first write, at version 1: what a customer never tagged reads as.
    await tx.insert(customerTags).values({ id: userId }).onConflictDoNothing();
    const before = await claimVersion(tx, customerTags, userId, expected, {
      notFound: new HttpError(404, 'Customer not found'),
      current: () => tagsOf(tx, userId),
    });
    const [row] = await tx
      .update(customerTags)
      .set({ tags: input.tags, updatedAt: new Date() })
      .where(eq(customerTags.id, userId))
      .returning();
    if (!row) throw new HttpError(404, 'Customer not found');
    await recordAudit(tx, {
      actorId,
      action: 'customer.tags',
      entity: 'customer',
      entityId: userId,
      before: { tags: before.tags },
      after: { tags: row.tags },
    });
    return { tags: row.tags, version: row.version };
  });
}

/** Every tag in use, with how many customers have it: most used first. */
export async function tagsInUse(db: Database) {
  const rows = await db
    .execute(
      sql`select tag, count(*)::int as count from customer_tags, unnest(tags) as tag
          group by tag order by count(*) desc, tag asc limit 500`,
    )
    .then(rowsOf<{ tag: string; count: number }>);
  return rows.map((r) => ({ tag: r.tag, count: Number(r.count) }));
}

// ---------------------------------------------------------------- replies

export interface ReplyShop {
  name: string;
  email: string;
  language: Language;
  timeZone: string;
}

const replySelect = (db: Database) =>
  db
    .select({ reply: messageReplies, author: { id: users.id, name: users.name, email: users.email } })
    .from(messageReplies)
    .leftJoin(users, eq(users.id, messageReplies.authorId));

async function toReplies(db: Database, rows: Awaited<ReturnType<typeof replySelect>>): Promise<AdminReply[]> {
  const states = await deliveryOf(
    db,
    rows.flatMap((r) => (r.reply.outboxId ? [r.reply.outboxId] : [])),
  );
  return rows.map(({ reply, author }) => {
    const state = reply.outboxId ? states.get(reply.outboxId) : undefined;
    return {
      id: reply.id,
      body: reply.body,
      author: author?.id ? author : null,
      sent_at: reply.sentAt.toISOString(),
      // An outbox row is only gone when someone cleared the outbox: the mail left long ago.
      delivery: !state ? 'sent' : state.status === 'pending' ? 'queued' : state.status,
      delivered_at: state?.sentAt?.toISOString() ?? null,
    };
  });
}

async function messageOf(db: Database, id: number) {
  const [row] = await db.select().from(contactMessages).where(eq(contactMessages.id, id));
  if (!row) throw new HttpError(404, 'Message not found');
  return row;
}

/** A message with the shop's replies, oldest first, each with its e-mail's delivery state. */
export async function messageThread(db: Database, id: number) {
  const message = await messageOf(db, id);
  const rows = await replySelect(db)
    .where(eq(messageReplies.messageId, id))
    .orderBy(asc(messageReplies.sentAt), asc(messageReplies.id));
  return { message: toMessage(message), replies: await toReplies(db, rows) };
}

/** The reply's e-mail, in the language of the message: "Re: <their subject>", their message quoted below. */
export function replyMail(message: typeof contactMessages.$inferSelect, body: string, shop: ReplyShop) {
  const lang = message.locale ? emailLanguage(message.locale) : shop.language;
  const topic = message.subject
    ? mailText(lang, `shared:contactSubjects.${message.subject}` as never)
    : mailText(lang, 'contactReply.yourMessage');
  const date = new Intl.DateTimeFormat(lang, { dateStyle: 'long', timeZone: shop.timeZone }).format(
    message.createdAt,
  );
  const lines = (text: string) => text.split(/\r?\n/).map((line) => ({ user: line }));
  return {
    ...renderMail(message.email, lang, shop.name, {
      subject: mailText(lang, 'contactReply.subject', { subject: topic }),
      greeting: mailText(lang, 'common.hello', { name: message.name }),
      intro: lines(body),
      after: [
        mailText(lang, 'contactReply.quote', { date }),
        ...lines(message.message).map((l) => ({ user: `> ${l.user}` })),
      ],
      outro: [mailText(lang, 'contactReply.outro')],
    }),
    replyTo: shop.email,
  };
}

export async function sendReply(
  db: Database,
  actorId: number,
  messageId: number,
  input: { body: string; version?: number },
  shop: ReplyShop,
): Promise<{ message: AdminMessage; reply: AdminReply }> {
  const replyId = await db.transaction(async (tx) => {
    const current = await messageOf(tx, messageId);
    // A reply overwrites nothing: named, the version must be the current one; unnamed, it still moves.
    if (input.version !== undefined) {
      await claimVersion(tx, contactMessages, messageId, input.version, {
        notFound: new HttpError(404, 'Message not found'),
        current: async () => toMessage(await messageOf(tx, messageId)),
      });
    } else {
      await bumpVersion(tx, contactMessages, messageId);
    }
    const now = new Date();
    await tx
      .update(contactMessages)
      .set({ answeredAt: current.answeredAt ?? now, readAt: current.readAt ?? now })
      .where(eq(contactMessages.id, messageId));
    const [reply] = await tx
      .insert(messageReplies)
      .values({ messageId, authorId: actorId, body: input.body, sentAt: now })
      .returning();
    if (!reply) throw new Error('reply was not stored');
    const [outboxId] = await enqueueMail(tx, {
      kind: 'contact_reply',
      about: `contact:${messageId}`,
      message: replyMail(current, input.body, shop),
    });
    await tx.update(messageReplies).set({ outboxId }).where(eq(messageReplies.id, reply.id));
    await recordAudit(tx, {
      actorId,
      action: 'message.reply',
      entity: 'message',
      entityId: messageId,
      before: { answered_at: current.answeredAt },
      after: { reply_id: reply.id, body: input.body },
    });
    return reply.id;
  });
  const rows = await replySelect(db).where(eq(messageReplies.id, replyId));
  const [reply] = await toReplies(db, rows);
  return { message: toMessage(await messageOf(db, messageId)), reply: reply! };
}
