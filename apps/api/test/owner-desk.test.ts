import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { ADMIN_API } from '@boutique/contracts/admin';
import { DESK_API } from '@boutique/contracts/admin-desk';
import {
  adminNotes,
  auditLog,
  contactMessages,
  customerTags,
  messageReplies,
  outbox,
} from '../src/db/schema/index.js';
import { messagesAbout } from '../src/modules/outbox/index.js';
import { startTestApp, type TestApp } from './helpers.js';
import { startTestSmtp, type TestSmtp } from './support/smtp.js';
import {
  articles,
  call,
  eventually,
  generousLimits,
  makeAdmin,
  newShopper,
  placeOrder,
  plentyOfStock,
  type Shopper,
} from './support/shop.js';

let smtp: TestSmtp;
let t: TestApp;
let owner: Shopper;
let helper: Shopper;
let staffer: Shopper;
let shopper: Shopper;
let orderId: number;

const REPLY_LIMIT = 6;

beforeAll(async () => {
  smtp = await startTestSmtp();
  t = await startTestApp({
    ...generousLimits,
    SMTP_URL: smtp.url,
    CONTACT_LIMIT_PER_IP: '1000',
    OUTBOX_POLL_S: '0.1',
    REPLY_LIMIT_PER_ADMIN: String(REPLY_LIMIT),
  });
  owner = await newShopper(t, 'Lalla Owner');
  await makeAdmin(t, owner);
  helper = await newShopper(t, 'Hind Helper');
  await makeAdmin(t, helper);
  staffer = await newShopper(t, 'Sara Staff');
  await makeAdmin(t, staffer, 'staff');
  shopper = await newShopper(t, 'Noura Shopper');
  await plentyOfStock(t);
  const [a] = await articles(t, 1);
  const placed = await placeOrder(t, shopper, [{ ...a!, quantity: 1 }]);
  expect(placed.status).toBe(201);
  orderId = placed.body.data.order_id as number;
});
afterAll(async () => {
  await t?.close();
  await smtp?.close();
});

const as = (who: Shopper, method: string, path: string, body?: unknown) =>
  call(t, method, path, who.token, body);
const noteRows = (column: 'orderId' | 'userId', id: number) =>
  t.database.db.select().from(adminNotes).where(eq(adminNotes[column], id));
const auditRows = (entity: string, id: number, action: string) =>
  t.database.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.entity, entity), eq(auditLog.entityId, id), eq(auditLog.action, action)));

const contact = async (body: Record<string, unknown>) => {
  const res = await t.json('/api/v1/contact', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  expect(res.status).toBe(201);
  return res.body.data.id as number;
};

describe('who may use the desk', () => {
  const routes = (): [string, string, unknown?][] => [
    ['GET', DESK_API.orderNotes(orderId)],
    ['POST', DESK_API.orderNotes(orderId), { body: 'x' }],
    ['DELETE', DESK_API.orderNote(orderId, 1)],
    ['GET', DESK_API.customerNotes(shopper.id)],
    ['POST', DESK_API.customerNotes(shopper.id), { body: 'x' }],
    ['DELETE', DESK_API.customerNote(shopper.id, 1)],
    ['PUT', DESK_API.customerTags(shopper.id), { tags: ['vip'], version: 1 }],
    ['GET', DESK_API.tagsInUse],
    ['GET', DESK_API.replies(1)],
    ['POST', DESK_API.replies(1), { body: 'Hello' }],
  ];

  it('answers a guest 401 and a customer 403 on every route, and changes nothing', async () => {
    for (const [method, path, body] of routes()) {
      expect((await call(t, method, path, undefined, body)).status, `${method} ${path}`).toBe(401);
      expect((await as(shopper, method, path, body)).status, `${method} ${path}`).toBe(403);
    }
    expect(await t.database.db.select().from(adminNotes)).toEqual([]);
    expect(await t.database.db.select().from(customerTags)).toEqual([]);
    expect(await t.database.db.select().from(messageReplies)).toEqual([]);
  });
});

describe('internal notes', () => {
  it('on an order: written trimmed with author and time, listed newest first, audit-logged', async () => {
    const first = await as(owner, 'POST', DESK_API.orderNotes(orderId), { body: '  Wants gift wrapping.  ' });
    expect(first.status).toBe(201);
    expect(first.body.data.note).toMatchObject({
      body: 'Wants gift wrapping.',
      author: { id: owner.id, name: 'Lalla Owner' },
      deletable: true,
    });
    const second = await as(helper, 'POST', DESK_API.orderNotes(orderId), {
      body: 'Called her: size M confirmed.',
    });
    expect(second.status).toBe(201);

    const asOwner = await as(owner, 'GET', DESK_API.orderNotes(orderId));
    expect(
      asOwner.body.data.notes.map((n: { body: string; deletable: boolean }) => [n.body, n.deletable]),
    ).toEqual([
      // An owner may take away any note, their own or another's.
      ['Called her: size M confirmed.', true],
      ['Wants gift wrapping.', true],
    ]);
    expect(await auditRows('order', orderId, 'note.create')).toHaveLength(2);
  });

  it('are never in what the shopper reads of their order, nor in any e-mail', async () => {
    const one = await as(shopper, 'GET', `/api/v1/orders/${orderId}`);
    expect(one.status).toBe(200);
    const mine = await as(shopper, 'GET', '/api/v1/orders/my-orders');
    expect(mine.status).toBe(200);
    for (const body of [one.body, mine.body]) {
      const json = JSON.stringify(body);
      expect(json).not.toContain('gift wrapping');
      expect(json).not.toContain('size M confirmed');
      expect(json).not.toContain('notes');
    }
    const mails = JSON.stringify(await t.database.db.select().from(outbox));
    expect(mails).not.toContain('gift wrapping');
  });

  it('are deleted by their author or the owner: staff hear 403 on another’s note and it stays', async () => {
    const [helperNote] = (await noteRows('orderId', orderId)).filter((n) => n.authorId === helper.id);
    const refused = await as(staffer, 'DELETE', DESK_API.orderNote(orderId, helperNote!.id));
    expect(refused.status).toBe(403);
    expect(await noteRows('orderId', orderId)).toHaveLength(2);

    // A note of this order named under another subject is not found.
    expect((await as(helper, 'DELETE', DESK_API.customerNote(shopper.id, helperNote!.id))).status).toBe(404);
    expect(await noteRows('orderId', orderId)).toHaveLength(2);

    const done = await as(helper, 'DELETE', DESK_API.orderNote(orderId, helperNote!.id));
    expect(done.status).toBe(200);
    expect((await noteRows('orderId', orderId)).map((n) => n.body)).toEqual(['Wants gift wrapping.']);
    const [audit] = await auditRows('order', orderId, 'note.delete');
    expect(audit).toMatchObject({ actorId: helper.id, before: { body: 'Called her: size M confirmed.' } });
    expect((await as(helper, 'DELETE', DESK_API.orderNote(orderId, helperNote!.id))).status).toBe(404);

    // Staff may write on an order; the owner may take any note away, staff only their own.
    const staffNote = await as(staffer, 'POST', DESK_API.orderNotes(orderId), { body: 'Packed twice.' });
    expect(staffNote.status).toBe(201);
    const listed = await as(staffer, 'GET', DESK_API.orderNotes(orderId));
    const deletable = (listed.body.data.notes as { body: string; deletable: boolean }[]).map((n) => [
      n.body,
      n.deletable,
    ]);
    expect(deletable).toEqual([
      ['Packed twice.', true],
      ['Wants gift wrapping.', false],
    ]);
    const byOwner = await as(owner, 'DELETE', DESK_API.orderNote(orderId, staffNote.body.data.note.id));
    expect(byOwner.status).toBe(200);
    expect((await noteRows('orderId', orderId)).map((n) => n.body)).toEqual(['Wants gift wrapping.']);
  });

  it('refuse an empty, a too long or a control-character body with 422, and an unknown subject with 404', async () => {
    for (const body of [{ body: '   ' }, { body: 'x'.repeat(2001) }, { body: 'a\u0000b' }, {}]) {
      const res = await as(owner, 'POST', DESK_API.customerNotes(shopper.id), body);
      expect(res.status, JSON.stringify(body).slice(0, 40)).toBe(422);
      expect(res.body.errors.body).toBeDefined();
    }
    expect((await as(owner, 'POST', DESK_API.orderNotes(999_999), { body: 'Lost' })).status).toBe(404);
    expect((await as(owner, 'GET', DESK_API.customerNotes(999_999))).status).toBe(404);
    expect(await noteRows('userId', shopper.id)).toEqual([]);
  });

  it('on a customer: its own timeline, 2000 characters allowed', async () => {
    const long = 'ق'.repeat(2000);
    expect((await as(owner, 'POST', DESK_API.customerNotes(shopper.id), { body: long })).status).toBe(201);
    // The second owner may delete it too (staff never see a customer's notes).
    const list = await as(helper, 'GET', DESK_API.customerNotes(shopper.id));
    expect(list.body.data.notes).toHaveLength(1);
    expect(list.body.data.notes[0]).toMatchObject({ body: long, deletable: true });
    expect(await auditRows('customer', shopper.id, 'note.create')).toHaveLength(1);
  });
});

describe('customer tags', () => {
  it('are kept trimmed, lower-cased and once each, in any script, and versioned', async () => {
    const detail = await as(owner, 'GET', ADMIN_API.customer(shopper.id));
    expect(detail.body.data).toMatchObject({ tags_version: 1, customer: { tags: [] } });
    const res = await as(owner, 'PUT', DESK_API.customerTags(shopper.id), {
      tags: ['  VIP ', 'vip', 'Wholesale  2', 'عميلة دائمة', 'sur-mesure'],
      version: 1,
    });
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({ tags: ['vip', 'wholesale 2', 'عميلة دائمة', 'sur-mesure'], version: 2 });
    expect(res.headers.get('etag')).toBe('W/"2"');
    const [audit] = await auditRows('customer', shopper.id, 'customer.tags');
    expect(audit).toMatchObject({ before: { tags: [] }, after: { tags: res.body.data.tags } });
  });

  it('refuse a stale version with 409 and the tags as they are, changing nothing', async () => {
    const res = await as(helper, 'PUT', DESK_API.customerTags(shopper.id), { tags: ['blocked'], version: 1 });
    expect(res.status).toBe(409);
    expect(res.body).toMatchObject({ error: 'stale', code: 'stale', current: { version: 2 } });
    expect(res.body.current.tags).toContain('vip');
    const [row] = await t.database.db.select().from(customerTags).where(eq(customerTags.id, shopper.id));
    expect(row).toMatchObject({ version: 2, tags: ['vip', 'wholesale 2', 'عميلة دائمة', 'sur-mesure'] });
    expect(await auditRows('customer', shopper.id, 'customer.tags')).toHaveLength(1);
    // No version at all: 428, as every admin write.
    expect((await as(helper, 'PUT', DESK_API.customerTags(shopper.id), { tags: ['x'] })).status).toBe(428);
  });

  it('refuse a bad tag or too many with 422, changing nothing', async () => {
    const bad = [
      ['<b>vip</b>'],
      ['x'.repeat(31)],
      ['   '],
      ['vip!'],
      Array.from({ length: 21 }, (_, i) => `tag ${i}`),
      'vip',
    ];
    for (const tags of bad) {
      const res = await as(owner, 'PUT', DESK_API.customerTags(shopper.id), { tags, version: 2 });
      expect(res.status, JSON.stringify(tags).slice(0, 40)).toBe(422);
    }
    const [row] = await t.database.db.select().from(customerTags).where(eq(customerTags.id, shopper.id));
    expect(row!.version).toBe(2);
    expect((await as(owner, 'PUT', DESK_API.customerTags(999_999), { tags: [], version: 1 })).status).toBe(
      404,
    );
  });

  it('filter the customers list, and are listed in use with their counts', async () => {
    const other = await newShopper(t, 'Amina Other');
    const v = (await as(owner, 'GET', ADMIN_API.customer(other.id))).body.data.tags_version as number;
    expect(
      (await as(owner, 'PUT', DESK_API.customerTags(other.id), { tags: ['VIP', 'new'], version: v })).status,
    ).toBe(200);

    const vip = await as(owner, 'GET', `${ADMIN_API.customers}?tag=VIP`);
    expect(vip.status).toBe(200);
    expect(vip.body.data.customers.data.map((c: { id: number }) => c.id).sort()).toEqual(
      [shopper.id, other.id].sort(),
    );
    const arabic = await as(owner, 'GET', `${ADMIN_API.customers}?tag=${encodeURIComponent('عميلة دائمة')}`);
    expect(arabic.body.data.customers.data).toHaveLength(1);
    expect(arabic.body.data.customers.data[0]).toMatchObject({
      id: shopper.id,
      tags: expect.arrayContaining(['vip']),
    });
    const none = await as(owner, 'GET', `${ADMIN_API.customers}?tag=nobody`);
    expect(none.body.data.customers).toMatchObject({ data: [], total: 0 });

    const inUse = await as(owner, 'GET', DESK_API.tagsInUse);
    expect(inUse.body.data.tags[0]).toEqual({ tag: 'vip', count: 2 });
    expect(inUse.body.data.tags).toContainEqual({ tag: 'new', count: 1 });
    expect(inUse.body.data.tags).toContainEqual({ tag: 'عميلة دائمة', count: 1 });
  });
});

describe('replies to messages', () => {
  let messageId: number;

  it('e-mails the sender in their language through the outbox, escaped, quoted, and lists it with its state', async () => {
    messageId = await contact({
      name: 'Salma Idrissi',
      email: 'salma.reply@example.ma',
      subject: 'products',
      message: 'Avez-vous le caftan Zahra en 44 ?',
      lang: 'fr-FR',
    });
    // Archived first: it can still be answered.
    const before = (await as(owner, 'GET', DESK_API.replies(messageId))).body.data.message;
    expect(before).toMatchObject({ locale: 'fr', answered_at: null });
    const archived = await as(owner, 'PATCH', ADMIN_API.message(messageId), {
      archived: true,
      version: before.version,
    });
    expect(archived.status).toBe(200);

    const res = await as(owner, 'POST', DESK_API.replies(messageId), {
      body: 'Oui, en ivoire.\n<script>alert(1)</script>',
      version: archived.body.data.message.version,
    });
    expect(res.status).toBe(201);
    expect(res.body.data.reply).toMatchObject({
      body: 'Oui, en ivoire.\n<script>alert(1)</script>',
      author: { id: owner.id },
      delivery: 'queued',
    });
    expect(res.body.data.message.answered_at).not.toBeNull();
    expect(res.body.data.message.archived_at).not.toBeNull();

    const [reply] = (await messagesAbout(t.database.db, `contact:${messageId}`)).filter(
      (m) => m.kind === 'contact_reply',
    );
    expect(reply!.message).toMatchObject({
      to: 'salma.reply@example.ma',
      subject: `Re : Nos pièces · ${t.config.shop.name}`,
      replyTo: t.config.shop.email,
    });
    const { html = '', text } = reply!.message;
    expect(html).toContain('lang="fr"');
    expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(html).not.toContain('<script>');
    expect(text).toContain('Bonjour Salma Idrissi,');
    expect(text).toContain('<script>alert(1)</script>');
    expect(text).toContain('> Avez-vous le caftan Zahra en 44 ?');
    const [row] = await t.database.db
      .select()
      .from(messageReplies)
      .where(eq(messageReplies.messageId, messageId));
    expect(row!.outboxId).toBe(reply!.id);

    const sent = await eventually(async () => smtp.received.find((m) => m.subject.startsWith('Re : Nos pi')));
    expect(sent.raw).toMatch(/^to: salma\.reply@example\.ma/im);
    expect(sent.raw).toMatch(/^reply-to: .*/im);
    const thread = await eventually(async () => {
      const r = await as(owner, 'GET', DESK_API.replies(messageId));
      return r.body.data.replies[0]?.delivery === 'sent' ? r : undefined;
    });
    expect(thread.body.data.replies[0].delivered_at).not.toBeNull();
    expect(await auditRows('message', messageId, 'message.reply')).toHaveLength(1);
  });

  it("writes in the shop's language when the message's is unknown, and without a subject says so", async () => {
    const id = await contact({ name: 'سلمى', email: 'salma.ar@example.ma', message: 'هل القفطان متوفر؟' });
    const res = await as(owner, 'POST', DESK_API.replies(id), { body: 'نعم، متوفر.' });
    expect(res.status).toBe(201);
    const [reply] = (await messagesAbout(t.database.db, `contact:${id}`)).filter(
      (m) => m.kind === 'contact_reply',
    );
    expect(reply!.message.subject).toBe(`Re: your message · ${t.config.shop.name}`);
    expect(reply!.message.html).toContain('<bdi>نعم، متوفر.</bdi>');
  });

  it('refuses an empty or too long reply and a stale version, changing nothing', async () => {
    const [before] = await t.database.db
      .select()
      .from(contactMessages)
      .where(eq(contactMessages.id, messageId));
    const count = async () =>
      (await t.database.db.select().from(messageReplies).where(eq(messageReplies.messageId, messageId)))
        .length;
    for (const body of [{ body: '  ' }, { body: 'x'.repeat(5001) }, {}]) {
      expect((await as(owner, 'POST', DESK_API.replies(messageId), body)).status).toBe(422);
    }
    const stale = await as(owner, 'POST', DESK_API.replies(messageId), { body: 'Again', version: 1 });
    expect(stale.status).toBe(409);
    expect(stale.body.current).toMatchObject({ id: messageId, version: before!.version });
    expect(await count()).toBe(1);
    const [after] = await t.database.db
      .select()
      .from(contactMessages)
      .where(eq(contactMessages.id, messageId));
    expect(after!.version).toBe(before!.version);
    expect((await as(owner, 'POST', DESK_API.replies(999_999), { body: 'Hello' })).status).toBe(404);
  });

  it('limits the replies one admin sends in an hour', async () => {
    const id = await contact({ name: 'Busy', email: 'busy@example.ma', message: 'Hello' });
    const statuses: number[] = [];
    // Four tries counted above (two sent, one stale, one to no message): the limit counts every try.
    for (let i = 0; i < REPLY_LIMIT - 3; i++) {
      statuses.push((await as(owner, 'POST', DESK_API.replies(id), { body: `Reply ${i}` })).status);
    }
    expect(statuses).toEqual([...Array<number>(REPLY_LIMIT - 4).fill(201), 429]);
    expect(
      await t.database.db.select().from(messageReplies).where(eq(messageReplies.messageId, id)),
    ).toHaveLength(REPLY_LIMIT - 4);
    // Another admin is not held back by it.
    expect((await as(helper, 'POST', DESK_API.replies(id), { body: 'From Hind' })).status).toBe(201);
  });
});
