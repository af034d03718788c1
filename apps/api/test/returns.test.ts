import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { ReturnResponseSchema, type Order } from '@boutique/contracts';
import {
  AdminReturnListResponseSchema,
  AdminReturnResponseSchema,
} from '@boutique/contracts/admin-after-sale';
import { exchangeHolds, orderItems, productStock, refunds } from '../src/db/schema/index.js';
import { startTestApp, type TestApp } from './helpers.js';
import {
  articles,
  call,
  generousLimits,
  newShopper,
  plentyOfStock,
  type Article,
  type CartLine,
  type Shopper,
} from './support/shop.js';
import {
  deliveredOrder,
  mailsAbout,
  newAdmin,
  orderOf,
  paidOrder,
  piecesOf,
  snapshot,
} from './support/after-sale.js';

/** Returns and exchanges within RETURN_DAYS of delivery, worked by the owner. */
const DAY_MS = 86_400_000;
let clock = Date.now();
let t: TestApp;
let admin: Shopper;
let stock: Article[];

beforeAll(async () => {
  t = await startTestApp(
    {
      ...generousLimits,
      RETURN_DAYS: '14',
      RECONCILE_AFTER_S: '3600',
      RECONCILE_INTERVAL_S: '0',
      OUTBOX_WORKER: 'false',
    },
    { now: () => new Date(clock) },
  );
  await plentyOfStock(t, 20);
  stock = await articles(t, 3);
  admin = await newAdmin(t);
});
afterAll(() => t?.close());

/** A piece in a size other than its first, so that an exchange has somewhere to go. */
const line = (i: number, quantity = 1): CartLine => ({ ...stock[i]!, quantity });
const otherSize = (a: Article) => (a.size === 'M' ? 'L' : 'M');

const ask = (shopper: Shopper, orderId: number, body: unknown) =>
  call(t, 'POST', `/api/v1/orders/${orderId}/returns`, shopper.token, body);
const step = (id: number, body: unknown, who: Shopper = admin) =>
  call(t, 'PATCH', `/api/v1/admin/returns/${id}`, who.token, body);

async function exchangeRequest(shopper: Shopper, order: Order, i = 0) {
  const res = await ask(shopper, order.id, {
    type: 'exchange',
    reason: 'too_small',
    comment: 'A size up, please',
    lines: [{ line_id: order.items[0]!.id, quantity: 1, size: otherSize(stock[i]!) }],
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return ReturnResponseSchema.parse(res.body).data.return;
}

describe('asking for a return', () => {
  it('takes a request per line with a reason, numbered RMA-, and e-mails the shopper and the owner', async () => {
    const shopper = await newShopper(t);
    const order = await deliveredOrder(t, admin, shopper, [line(0, 2), line(1, 1)], 'fr');
    expect(order.return_until).toBe(new Date(Date.parse(order.delivered_at!) + 14 * DAY_MS).toISOString());
    expect(order.items.map((i) => i.returnable_quantity)).toEqual([2, 1]);

    const res = await ask(shopper, order.id, {
      type: 'return',
      reason: 'not_as_pictured',
      lines: [{ line_id: order.items[0]!.id, quantity: 1 }],
    });
    expect(res.status).toBe(201);
    const created = ReturnResponseSchema.parse(res.body).data.return;
    expect(created).toMatchObject({ status: 'requested', type: 'return', reason: 'not_as_pictured' });
    expect(created.number).toMatch(/^RMA-\d{6}$/);
    expect(created.lines).toEqual([
      expect.objectContaining({ line_id: order.items[0]!.id, quantity: 1, wanted_size: null }),
    ]);
    const seen = await orderOf(t, shopper, order.id);
    expect(seen.returns?.map((r) => r.number)).toEqual([created.number]);
    expect(seen.items.map((i) => i.returnable_quantity)).toEqual([1, 1]);
    const mails = await mailsAbout(t, `return:${created.id}`);
    expect(mails.map((m) => m.kind)).toEqual(['return_requested', 'owner_return_requested']);
    expect(mails[0]!.subject).toContain(`Nous avons votre demande de retour ${created.number}`);
    expect(mails[0]!.to).toBe(shopper.email);
  });

  it('refuses outside the return days, before delivery, for someone else, and for pieces already returned', async () => {
    const shopper = await newShopper(t);
    const order = await deliveredOrder(t, admin, shopper, [line(0, 1), line(2, 1)]);
    const a = order.items[0]!.id;
    const body = { type: 'return', reason: 'changed_mind', lines: [{ line_id: a, quantity: 1 }] };

    const notYet = await paidOrder(t, shopper, [line(1, 1)]);
    const stranger = await newShopper(t);
    const before = await snapshot(t);
    expect((await ask(stranger, order.id, body)).status).toBe(404);
    expect((await ask(shopper, 999_999, body)).status).toBe(404);
    expect((await call(t, 'POST', `/api/v1/orders/${order.id}/returns`, undefined, body)).status).toBe(401);
    const early = await ask(shopper, notYet.id, {
      ...body,
      lines: [{ line_id: notYet.items[0]!.id, quantity: 1 }],
    });
    expect(early.status).toBe(422);
    expect(early.body.errors.order[0]).toContain('delivered');
    expect(early.body.code).toBe('order_not_delivered');

    const bad: [unknown, string][] = [
      [{ ...body, type: 'swap' }, 'type'],
      [{ ...body, reason: 'bored' }, 'reason'],
      [{ ...body, lines: [] }, 'lines'],
      [{ ...body, lines: [{ line_id: a, quantity: 2 }] }, 'lines.0.quantity'],
      [{ ...body, lines: [{ line_id: notYet.items[0]!.id, quantity: 1 }] }, 'lines.0.line_id'],
      [
        {
          ...body,
          lines: [
            { line_id: a, quantity: 1 },
            { line_id: a, quantity: 1 },
          ],
        },
        'lines.1.line_id',
      ],
      [{ ...body, type: 'exchange' }, 'lines.0.size'],
      [{ ...body, type: 'exchange', lines: [{ line_id: a, quantity: 1, size: 'XXL' }] }, 'lines.0.size'],
      [
        { ...body, type: 'exchange', lines: [{ line_id: a, quantity: 1, size: stock[0]!.size }] },
        'lines.0.size',
      ],
      [
        {
          ...body,
          type: 'exchange',
          lines: [{ line_id: a, quantity: 1, size: otherSize(stock[0]!), color: 'tartan' }],
        },
        'lines.0.color',
      ],
      [{ ...body, comment: 'x'.repeat(1001) }, 'comment'],
    ];
    for (const [payload, field] of bad) {
      const res = await ask(shopper, order.id, payload);
      expect(res.status, JSON.stringify(payload)).toBe(422);
      expect(Object.keys(res.body.errors ?? {}), JSON.stringify(payload)).toContain(field);
    }
    expect(await snapshot(t)).toEqual(before);

    // Once returned, the piece cannot be asked again.
    expect((await ask(shopper, order.id, body)).status).toBe(201);
    const twice = await ask(shopper, order.id, body);
    expect(twice.status).toBe(422);
    expect(twice.body.errors['lines.0.quantity'][0]).toContain('already been returned');

    // Fifteen days after delivery, the other piece is out of time.
    clock += 15 * DAY_MS;
    try {
      const late = await ask(shopper, order.id, {
        ...body,
        lines: [{ line_id: order.items[1]!.id, quantity: 1 }],
      });
      expect(late.status).toBe(422);
      expect(late.body.errors.order[0]).toContain('within 14 days of delivery');
      expect(late.body.code).toBe('return_window_closed');
      expect((await orderOf(t, shopper, order.id)).items.map((i) => i.returnable_quantity)).toEqual([0, 0]);
    } finally {
      clock -= 15 * DAY_MS;
    }
  });
});

describe('the owner works returns', () => {
  it('holds the wanted piece when an exchange is approved, takes it when shipped, and restocks what came back', async () => {
    const shopper = await newShopper(t);
    const order = await deliveredOrder(t, admin, shopper, [line(0, 1)], 'ar');
    const created = await exchangeRequest(shopper, order);
    const wanted = otherSize(stock[0]!);
    const wantedBefore = await piecesOf(t, stock[0]!, wanted);
    const ownBefore = await piecesOf(t, stock[0]!, stock[0]!.size);

    // Not every step is legal: nothing is received before it is approved.
    expect((await step(created.id, { status: 'received', restock: true })).status).toBe(409);
    expect((await step(created.id, { status: 'refunded' })).status).toBe(409);

    const approved = await step(created.id, { status: 'approved', note: 'Send it with the RMA inside' });
    expect(approved.status).toBe(200);
    const view = AdminReturnResponseSchema.parse(approved.body).data.return;
    expect(view.status).toBe('approved');
    expect(view.held).toEqual([{ line_id: order.items[0]!.id, size: wanted, quantity: 1 }]);
    expect(await piecesOf(t, stock[0]!, wanted)).toEqual({
      ...wantedBefore,
      reserved: wantedBefore.reserved + 1,
    });
    // The hold does not expire like a checkout's: the stock sweep a day later leaves it.
    clock += DAY_MS;
    await t.app.stock.sweep();
    clock -= DAY_MS;
    expect(await piecesOf(t, stock[0]!, wanted)).toEqual({
      ...wantedBefore,
      reserved: wantedBefore.reserved + 1,
    });

    // Received: a missing answer on restock is a 422; then back on sale.
    const noAnswer = await step(created.id, { status: 'received' });
    expect(noAnswer.status).toBe(422);
    expect(Object.keys(noAnswer.body.errors)).toEqual(['restock']);
    expect((await step(created.id, { status: 'received', restock: true })).status).toBe(200);
    expect(await piecesOf(t, stock[0]!, stock[0]!.size)).toEqual({
      ...ownBefore,
      stock: ownBefore.stock + 1,
    });
    expect(
      (await t.database.db.select().from(orderItems).where(eq(orderItems.id, order.items[0]!.id)))[0]
        ?.restockedQuantity,
    ).toBe(1);

    // An exchange is completed by shipping, not by a refund.
    expect((await step(created.id, { status: 'refunded' })).status).toBe(409);
    const shipped = await step(created.id, { status: 'exchanged', note: 'Aramex 1234' });
    expect(shipped.status).toBe(200);
    expect(await piecesOf(t, stock[0]!, wanted)).toEqual({
      stock: wantedBefore.stock - 1,
      reserved: wantedBefore.reserved,
    });
    expect(await t.database.db.select().from(exchangeHolds)).toEqual([]);
    expect((await step(created.id, { status: 'closed' })).status).toBe(200);
    expect((await step(created.id, { status: 'approved' })).status).toBe(409);

    const mails = await mailsAbout(t, `return:${created.id}`);
    expect(mails.map((m) => m.kind)).toEqual([
      'return_requested',
      'owner_return_requested',
      'return_approved',
      'return_received',
      'return_exchanged',
      'return_closed',
    ]);
    expect(mails[2]!.subject).toContain(`تمت الموافقة على طلبك ${created.number}`);
    expect(mails[2]!.text).toContain('Send it with the RMA inside');
    const mine = (await orderOf(t, shopper, order.id)).returns?.[0];
    expect(mine?.history.map((h) => h.status)).toEqual([
      'requested',
      'approved',
      'received',
      'exchanged',
      'closed',
    ]);
    const audit = AdminReturnResponseSchema.parse(
      (await call(t, 'GET', `/api/v1/admin/returns/${created.id}`, admin.token)).body,
    ).data.audit;
    expect(audit.map((a) => a.action)).toEqual(Array(4).fill('return.status'));
  });

  it('refuses to approve an exchange whose wanted size is sold out, and gives a hold back when rejected', async () => {
    const shopper = await newShopper(t);
    const order = await deliveredOrder(t, admin, shopper, [line(1, 1)]);
    const created = await exchangeRequest(shopper, order, 1);
    const wanted = otherSize(stock[1]!);
    const saved = await piecesOf(t, stock[1]!, wanted);
    await t.database.db
      .update(productStock)
      .set({ stock: saved.reserved })
      .where(
        and(
          eq(productStock.productId, stock[1]!.productId),
          eq(productStock.color, stock[1]!.color),
          eq(productStock.size, wanted),
        ),
      );
    const before = await snapshot(t);
    const refused = await step(created.id, { status: 'approved' });
    expect(refused.status).toBe(409);
    expect(refused.body.message).toContain(`sold out in ${stock[1]!.color}, size ${wanted}`);
    expect(await snapshot(t)).toEqual(before);

    await t.database.db
      .update(productStock)
      .set({ stock: saved.stock })
      .where(
        and(
          eq(productStock.productId, stock[1]!.productId),
          eq(productStock.color, stock[1]!.color),
          eq(productStock.size, wanted),
        ),
      );
    expect((await step(created.id, { status: 'approved' })).status).toBe(200);
    expect((await piecesOf(t, stock[1]!, wanted)).reserved).toBe(saved.reserved + 1);
    expect((await step(created.id, { status: 'closed', note: 'The parcel never came' })).status).toBe(200);
    expect(await piecesOf(t, stock[1]!, wanted)).toEqual(saved);
    // Closed before anything came back: the piece may be asked for again.
    expect((await orderOf(t, shopper, order.id)).items[0]!.returnable_quantity).toBe(1);
  });

  it('refunds a received return through the refund service, with a damaged piece not put back', async () => {
    const shopper = await newShopper(t);
    const order = await deliveredOrder(t, admin, shopper, [line(2, 2)]);
    const res = await ask(shopper, order.id, {
      type: 'return',
      reason: 'damaged',
      comment: 'A seam opened',
      lines: [{ line_id: order.items[0]!.id, quantity: 1 }],
    });
    const created = ReturnResponseSchema.parse(res.body).data.return;
    const before = await piecesOf(t, stock[2]!, stock[2]!.size);
    expect((await step(created.id, { status: 'approved' })).status).toBe(200);
    expect((await step(created.id, { status: 'received', restock: false, note: 'Seam torn' })).status).toBe(
      200,
    );
    expect(await piecesOf(t, stock[2]!, stock[2]!.size)).toEqual(before);
    const refunded = await step(created.id, { status: 'refunded' });
    expect(refunded.status).toBe(200);
    const view = AdminReturnResponseSchema.parse(refunded.body).data.return;
    expect(view).toMatchObject({ status: 'refunded', restocked: false });
    expect(view.refund).toMatchObject({ kind: 'return', status: 'succeeded', amount: order.items[0]!.price });
    expect(view.refund?.return_number).toBe(created.number);
    const [row] = await t.database.db.select().from(refunds).where(eq(refunds.returnId, created.id));
    expect(row).toMatchObject({ kind: 'return', restock: false });
    const seen = await orderOf(t, shopper, order.id);
    expect(seen.payment_status).toBe('partially_refunded');
    expect(seen.returns?.[0]?.refund).toMatchObject({
      status: 'succeeded',
      credit_note_number: expect.any(String),
    });
    const orderMails = (await mailsAbout(t, `order:${order.id}`)).filter((m) => m.kind === 'order_refunded');
    expect(orderMails[0]!.text).toContain(created.number);
  });

  it('lists returns by status with counts, and keeps the pages to admins', async () => {
    const list = await call(t, 'GET', '/api/v1/admin/returns?status=all&per_page=100', admin.token);
    expect(list.status).toBe(200);
    const data = AdminReturnListResponseSchema.parse(list.body).data;
    expect(data.counts.all).toBe(data.returns.total);
    expect(data.counts.all).toBeGreaterThanOrEqual(4);
    expect(data.counts.open).toBe(data.counts.requested + data.counts.approved + data.counts.received);
    const closed = await call(t, 'GET', '/api/v1/admin/returns?status=closed', admin.token);
    expect(closed.body.data.returns.data.every((r: { status: string }) => r.status === 'closed')).toBe(true);
    expect((await call(t, 'GET', '/api/v1/admin/returns?status=lost', admin.token)).status).toBe(422);
    const shopper = await newShopper(t);
    expect((await call(t, 'GET', '/api/v1/admin/returns', shopper.token)).status).toBe(403);
    expect((await call(t, 'GET', '/api/v1/admin/returns')).status).toBe(401);
    expect((await step(data.returns.data[0]!.id, { status: 'closed' }, shopper)).status).toBe(403);
    expect((await step(999_999, { status: 'closed' })).status).toBe(404);
    expect((await step(data.returns.data[0]!.id, { status: 'lost' })).status).toBe(422);
  });
});
