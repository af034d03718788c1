import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { CreditNoteResponseSchema, OrderSchema, vatIncludedFils, type Order } from '@boutique/contracts';
import { RefundResponseSchema, AdminOrderRefundsResponseSchema } from '@boutique/contracts/admin-after-sale';
import { payments, refunds, sandboxRefunds } from '../src/db/schema/index.js';
import { fromFils, toFils } from '../src/lib/money.js';
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
  mailsAbout,
  moveOrder,
  newAdmin,
  orderOf,
  paidOrder,
  piecesOf,
  refund,
  snapshot,
} from './support/after-sale.js';

/** Refunds through the sandbox gateway, with credit notes (the shop has a TRN: tax credit notes, CN-). */
const TRN = '100123456700003';
const METRICS_TOKEN = 'refunds-test-metrics-token-0123456789';
let clock = Date.now();
let t: TestApp;
let admin: Shopper;
let stock: Article[];

beforeAll(async () => {
  t = await startTestApp(
    {
      ...generousLimits,
      SHOP_TRN: TRN,
      RECONCILE_AFTER_S: '3600',
      RECONCILE_INTERVAL_S: '0',
      OUTBOX_WORKER: 'false',
      METRICS_TOKEN,
    },
    { now: () => new Date(clock) },
  );
  await plentyOfStock(t, 50);
  stock = await articles(t, 4);
  admin = await newAdmin(t);
});
afterAll(() => t?.close());

const line = (i: number, quantity = 1): CartLine => ({ ...stock[i]!, quantity });
const fils = (amount: string) => toFils(amount);
const itemOf = (order: Order, i: number) => order.items.find((it) => it.product_slug === stock[i]!.slug)!;

describe('refunds through the sandbox', () => {
  it('refunds a line with its piece put back, then the rest: partially refunded, then refunded, with credit notes', async () => {
    const shopper = await newShopper(t, 'Noura Al Mansoori');
    const order = await paidOrder(t, shopper, [line(0, 2), line(1, 1)], 'ar');
    const a = itemOf(order, 0);
    const before = await piecesOf(t, stock[0]!, stock[0]!.size);

    const first = await refund(t, admin, order.id, {
      lines: [{ line_id: a.id, quantity: 1 }],
      restock: true,
      reason: 'One caftan came back unworn',
    });
    expect(first.status).toBe(201);
    const one = RefundResponseSchema.parse(first.body).data.refund;
    expect(one).toMatchObject({
      amount: a.price,
      status: 'succeeded',
      kind: 'owner',
      restock: true,
      lines: [{ line_id: a.id, quantity: 1, amount: a.price }],
    });
    expect(one.credit_note_number).toMatch(/^CN-\d{6}$/);
    expect(one.vat).toBe(fromFils(vatIncludedFils(fils(a.price))));
    expect(await piecesOf(t, stock[0]!, stock[0]!.size)).toEqual({ ...before, stock: before.stock + 1 });
    // The gateway holds one refund of that amount for the order's payment.
    const given = await t.database.db
      .select()
      .from(sandboxRefunds)
      .where(eq(sandboxRefunds.intentId, order.transaction_id));
    expect(given.map((r) => r.amountFils)).toEqual([fils(a.price)]);
    expect(given[0]!.idempotencyKey).toBe(`refund-${one.id}`);

    let seen = await orderOf(t, shopper, order.id);
    expect(seen.payment_status).toBe('partially_refunded');
    expect(seen.refunded_amount).toBe(a.price);
    expect(seen.refunds).toEqual([
      expect.objectContaining({
        id: one.id,
        amount: a.price,
        status: 'succeeded',
        credit_note_number: one.credit_note_number,
      }),
    ]);
    expect(seen.items.find((i) => i.id === a.id)?.refunded_quantity).toBe(1);

    // The shopper's e-mail, in the order's language, links to the credit note's page in Arabic.
    const mails = (await mailsAbout(t, `order:${order.id}`)).filter((m) => m.kind === 'order_refunded');
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toContain(order.order_number);
    expect(mails[0]!.subject).toContain('استرداد');
    expect(mails[0]!.text).toContain(`/ar/account/orders/${order.id}/credit-notes/${one.credit_note_number}`);

    // The rest, with no amount and no lines: everything left.
    const rest = await refund(t, admin, order.id, { restock: false, reason: 'The shopper changed her mind' });
    expect(rest.status).toBe(201);
    const two = RefundResponseSchema.parse(rest.body).data.refund;
    expect(fils(two.amount)).toBe(fils(order.total_amount) - fils(a.price));
    expect(two.status).toBe('succeeded');
    seen = await orderOf(t, shopper, order.id);
    expect(seen.payment_status).toBe('refunded');
    expect(seen.refunded_amount).toBe(order.total_amount);
    // The credit notes give back exactly the invoice's VAT, to the fils.
    expect(fils(one.vat!) + fils(two.vat!)).toBe(vatIncludedFils(fils(order.total_amount)));

    const note = await call(
      t,
      'GET',
      `/api/v1/orders/${order.id}/credit-notes/${two.credit_note_number}`,
      shopper.token,
    );
    expect(note.status).toBe(200);
    const doc = CreditNoteResponseSchema.parse(note.body).data.credit_note;
    expect(doc).toMatchObject({
      kind: 'tax_credit_note',
      number: two.credit_note_number,
      invoice_number: order.invoice_number,
      order_number: order.order_number,
      locale: 'ar',
      total: two.amount,
      vat: two.vat,
      net: fromFils(fils(two.amount) - fils(two.vat!)),
      shop: { trn: TRN },
    });
    expect(doc.lines.map((l) => [l.quantity, l.total])).toEqual([
      [1, a.price],
      [1, itemOf(order, 1).price],
    ]);

    // Nothing is left: a third refund is refused and changes nothing.
    const before3 = await snapshot(t);
    const third = await refund(t, admin, order.id, { restock: false, reason: 'Again' });
    expect(third.status).toBe(422);
    expect(third.body.errors.amount[0]).toContain('refunded in full');
    expect(await snapshot(t)).toEqual(before3);
  });

  it('refunds an amount alone, and never more than is left (422, nothing written)', async () => {
    const shopper = await newShopper(t);
    const order = await paidOrder(t, shopper, [line(2, 1)]);
    const res = await refund(t, admin, order.id, { amount: '100', restock: false, reason: 'Late delivery' });
    expect(res.status).toBe(201);
    expect(res.body.data.refund).toMatchObject({ amount: '100.00', status: 'succeeded', lines: [] });

    const left = fromFils(fils(order.total_amount) - 10_000);
    const before = await snapshot(t);
    const tooMuch = await refund(t, admin, order.id, {
      amount: fromFils(fils(left) + 1),
      restock: false,
      reason: 'Too much',
    });
    expect(tooMuch.status).toBe(422);
    expect(tooMuch.body.errors.amount).toEqual([`At most AED ${left} is left to refund on this order.`]);
    expect(await snapshot(t)).toEqual(before);

    const exact = await refund(t, admin, order.id, { amount: left, restock: false, reason: 'The rest' });
    expect(exact.status).toBe(201);
    expect((await orderOf(t, shopper, order.id)).payment_status).toBe('refunded');
  });

  it('answers every bad request with 422 naming the field, and changes nothing', async () => {
    const shopper = await newShopper(t);
    const order = await paidOrder(t, shopper, [line(0, 1), line(3, 1)]);
    const other = await paidOrder(t, await newShopper(t), [line(1, 1)]);
    const a = itemOf(order, 0);
    const cases: [unknown, string][] = [
      [{ restock: false }, 'reason'],
      [{ reason: 'x' }, 'restock'],
      [{ amount: '0', restock: false, reason: 'x' }, 'amount'],
      [{ amount: '-5', restock: false, reason: 'x' }, 'amount'],
      [{ amount: '12.345', restock: false, reason: 'x' }, 'amount'],
      [{ amount: 'abc', restock: false, reason: 'x' }, 'amount'],
      [{ amount: 12, restock: false, reason: 'x' }, 'amount'],
      [{ lines: [], restock: false, reason: 'x' }, 'lines'],
      [{ lines: [{ line_id: a.id, quantity: 0 }], restock: false, reason: 'x' }, 'lines.0.quantity'],
      [{ lines: [{ line_id: a.id, quantity: 2 }], restock: false, reason: 'x' }, 'lines.0.quantity'],
      [
        { lines: [{ line_id: other.items[0]!.id, quantity: 1 }], restock: false, reason: 'x' },
        'lines.0.line_id',
      ],
      [
        {
          lines: [
            { line_id: a.id, quantity: 1 },
            { line_id: a.id, quantity: 1 },
          ],
          restock: false,
          reason: 'x',
        },
        'lines.1.line_id',
      ],
      [{ amount: '10', restock: true, reason: 'x' }, 'restock'],
      [
        {
          amount: fromFils(fils(a.price) + 1),
          lines: [{ line_id: a.id, quantity: 1 }],
          restock: false,
          reason: 'x',
        },
        'amount',
      ],
      [{ restock: false, reason: 'a\u0000b' }, 'reason'],
      [{ restock: false, reason: 'x'.repeat(501) }, 'reason'],
    ];
    const before = await snapshot(t);
    for (const [body, field] of cases) {
      const res = await refund(t, admin, order.id, body);
      expect(res.status, JSON.stringify(body)).toBe(422);
      expect(Object.keys(res.body.errors ?? {}), JSON.stringify(body)).toContain(field);
    }
    const badKey = await refund(t, admin, order.id, { restock: false, reason: 'x' }, 'has spaces in it');
    expect(badKey.status).toBe(422);
    expect(Object.keys(badKey.body.errors)).toEqual(['idempotency-key']);
    expect((await refund(t, admin, 999_999, { restock: false, reason: 'x' })).status).toBe(404);
    expect(await snapshot(t)).toEqual(before);
  });

  it('makes one refund for the same Idempotency-Key, however often and however fast it is sent', async () => {
    const shopper = await newShopper(t);
    const order = await paidOrder(t, shopper, [line(1, 2)]);
    const body = { amount: '50.00', restock: false, reason: 'Goodwill' };
    const answers = await Promise.all(
      Array.from({ length: 5 }, () => refund(t, admin, order.id, body, 'owner-click-7f3a')),
    );
    expect(answers.map((a) => a.status)).toEqual([201, 201, 201, 201, 201]);
    const ids = new Set(answers.map((a) => a.body.data.refund.id));
    expect(ids.size).toBe(1);
    // Sent again later (the same request, written differently): the same refund, as it stands now.
    const again = await refund(t, admin, order.id, { ...body, amount: '50' }, 'owner-click-7f3a');
    expect(again.status).toBe(201);
    expect(again.body.data.refund).toMatchObject({ id: [...ids][0], amount: '50.00', status: 'succeeded' });
    const rows = await t.database.db.select().from(refunds).where(eq(refunds.orderId, order.id));
    expect(rows).toHaveLength(1);
    expect(
      await t.database.db
        .select()
        .from(sandboxRefunds)
        .where(eq(sandboxRefunds.intentId, order.transaction_id)),
    ).toHaveLength(1);

    // The key with another request is a mistake, not a second refund.
    const before = await snapshot(t);
    const clash = await refund(t, admin, order.id, { ...body, amount: '60' }, 'owner-click-7f3a');
    expect(clash.status).toBe(409);
    expect(await snapshot(t)).toEqual(before);
    // Another key is another refund.
    expect((await refund(t, admin, order.id, body, 'owner-click-8b2c')).body.data.refund.id).not.toBe(
      [...ids][0],
    );
  });

  it('refunds what is left when a paid order is cancelled, and puts each piece back once', async () => {
    const shopper = await newShopper(t);
    const order = await paidOrder(t, shopper, [line(2, 2)], 'fr');
    const item = order.items[0]!;
    const before = await piecesOf(t, stock[2]!, stock[2]!.size);
    // One piece refunded and put back first.
    expect(
      (
        await refund(t, admin, order.id, {
          lines: [{ line_id: item.id, quantity: 1 }],
          restock: true,
          reason: 'x',
        })
      ).status,
    ).toBe(201);
    const moved = await moveOrder(t, admin, order.id, 'cancelled');
    expect(moved.status).toBe(200);
    const seen = await orderOf(t, shopper, order.id);
    expect(seen.payment_status).toBe('refunded');
    expect(seen.refunds).toHaveLength(2);
    const rows = await t.database.db.select().from(refunds).where(eq(refunds.orderId, order.id));
    expect(rows.map((r) => [r.kind, r.status])).toEqual([
      ['owner', 'succeeded'],
      ['cancellation', 'succeeded'],
    ]);
    expect(fils(rows[1]!.amount)).toBe(fils(order.total_amount) - fils(item.price));
    expect(await piecesOf(t, stock[2]!, stock[2]!.size)).toEqual({ ...before, stock: before.stock + 2 });
    const kinds = (await mailsAbout(t, `order:${order.id}`)).map((m) => m.kind);
    expect(kinds.filter((k) => k === 'order_refunded')).toHaveLength(2);
    expect(kinds).toContain('order_cancelled');
  });

  it('never refunds more than was paid when refunds of one order race', async () => {
    const shopper = await newShopper(t);
    const order = await paidOrder(t, shopper, [line(3, 1)]);
    const unit = fils(order.total_amount) / 4;
    const amount = fromFils(Math.floor(unit));
    const answers = await Promise.all(
      Array.from({ length: 8 }, () => refund(t, admin, order.id, { amount, restock: false, reason: 'race' })),
    );
    expect(answers.filter((a) => a.status === 201)).toHaveLength(4);
    expect(answers.filter((a) => a.status === 422)).toHaveLength(4);
    const given = await t.database.db
      .select()
      .from(sandboxRefunds)
      .where(eq(sandboxRefunds.intentId, order.transaction_id));
    expect(given.reduce((s, r) => s + r.amountFils, 0)).toBeLessThanOrEqual(fils(order.total_amount));
  });

  it('numbers the credit notes of 20 refunds made at once without a gap', async () => {
    const orders = await Promise.all(
      Array.from({ length: 20 }, async (_, i) =>
        paidOrder(t, await newShopper(t, `Shopper ${i}`), [line(i % 4, 1)]),
      ),
    );
    const answers = await Promise.all(
      orders.map((o) => refund(t, admin, o.id, { amount: '10', restock: false, reason: 'Concurrent' })),
    );
    expect(answers.map((a) => a.status)).toEqual(Array(20).fill(201));
    const numbers = answers
      .map((a) => Number(String(a.body.data.refund.credit_note_number).slice(3)))
      .sort((x, y) => x - y);
    const first = numbers[0]!;
    expect(numbers).toEqual(Array.from({ length: 20 }, (_, i) => first + i));
    // And the series as a whole has no gap from CN-000001.
    const all = (await t.database.db.select({ n: refunds.creditNoteNumber }).from(refunds))
      .map((r) => r.n)
      .filter((n): n is string => n?.startsWith('CN-') ?? false)
      .map((n) => Number(n.slice(3)))
      .sort((x, y) => x - y);
    expect(all).toEqual(Array.from({ length: all.length }, (_, i) => i + 1));
  });

  it('keeps the back office to admins past their second factor, and credit notes to their shopper', async () => {
    const shopper = await newShopper(t);
    const order = await paidOrder(t, shopper, [line(0, 1)]);
    const body = { amount: '10', restock: false, reason: 'x' };
    expect((await t.json(`/api/v1/admin/orders/${order.id}/refunds`, { method: 'POST' })).status).toBe(401);
    expect((await refund(t, shopper, order.id, body)).status).toBe(403);
    expect((await call(t, 'GET', '/api/v1/admin/refunds', shopper.token)).status).toBe(403);
    const made = await refund(t, admin, order.id, body);
    const number = made.body.data.refund.credit_note_number as string;
    const stranger = await newShopper(t);
    expect(
      (await call(t, 'GET', `/api/v1/orders/${order.id}/credit-notes/${number}`, stranger.token)).status,
    ).toBe(404);
    expect(
      (await call(t, 'GET', `/api/v1/orders/${order.id}/credit-notes/CN-999999`, shopper.token)).status,
    ).toBe(404);
    expect(
      (await call(t, 'GET', `/api/v1/orders/${order.id}/credit-notes/${number}`, shopper.token)).status,
    ).toBe(200);

    const list = await call(t, 'GET', `/api/v1/admin/orders/${order.id}/refunds`, admin.token);
    const data = AdminOrderRefundsResponseSchema.parse(list.body).data;
    expect(data.refunds).toHaveLength(1);
    expect(data.refunds[0]).toMatchObject({ actor: { id: admin.id }, attempts: 1, last_error: null });
    expect(data.refundable.amount).toBe(fromFils(fils(order.total_amount) - 1000));
    expect(data.refundable.lines).toEqual([
      { line_id: order.items[0]!.id, quantity: 1, amount: order.items[0]!.price },
    ]);
    // The audit trail says who refunded what.
    const detail = await call(t, 'GET', `/api/v1/admin/orders/${order.id}`, admin.token);
    expect(detail.body.data.audit.map((e: { action: string }) => e.action)).toContain('order.refund');
    // The order answers keep to their contract.
    expect(OrderSchema.safeParse(await orderOf(t, shopper, order.id)).success).toBe(true);
  });

  it('retries once, through the sweep, a refund whose try never finished, and finds one the gateway made', async () => {
    const shopper = await newShopper(t);
    const order = await paidOrder(t, shopper, [line(1, 1)]);
    // Two refunds written and committed, then the process died: one before asking the gateway, one after the
    // gateway made the refund but before its answer was recorded.
    const paymentId = await paymentIdOf(order);
    // As a first try leaves them: one attempt, the next due 30 s later on the shop's clock.
    const crashed = {
      paymentId,
      orderId: order.id,
      kind: 'owner' as const,
      attempts: 1,
      nextAttemptAt: new Date(clock + 30_000),
    };
    const [never, lost] = await t.database.db
      .insert(refunds)
      .values([
        { ...crashed, amount: '20.00', reason: 'crash 1' },
        { ...crashed, amount: '30.00', reason: 'crash 2' },
      ])
      .returning();
    await t.database.db.insert(sandboxRefunds).values({
      id: 're_made_before_the_crash',
      intentId: order.transaction_id,
      amountFils: 3000,
      idempotencyKey: `refund-${lost!.id}`,
      reference: String(lost!.id),
    });
    clock += 60_000;
    await t.app.stock.sweep();
    const rows = await t.database.db.select().from(refunds).where(eq(refunds.orderId, order.id));
    expect(rows.map((r) => [r.id, r.status, r.attempts])).toEqual([
      [never!.id, 'succeeded', 2],
      [lost!.id, 'succeeded', 2],
    ]);
    expect(rows[1]!.gatewayRefundId).toBe('re_made_before_the_crash');
    const given = await t.database.db
      .select()
      .from(sandboxRefunds)
      .where(eq(sandboxRefunds.intentId, order.transaction_id));
    expect(given.map((g) => g.amountFils).sort()).toEqual([2000, 3000]);
    clock += 3_600_000;
    expect(await t.app.refundSender.retryDue()).toBe(0);
    expect((await orderOf(t, shopper, order.id)).payment_status).toBe('partially_refunded');

    const metrics = await t.fetch('/metrics', { headers: { authorization: `Bearer ${METRICS_TOKEN}` } });
    expect(await metrics.text()).toMatch(/boutique_payment_refunds\{status="succeeded",kind="owner"\} \d+/);
  });
});

async function paymentIdOf(order: Order): Promise<number> {
  const [row] = await t.database.db
    .select()
    .from(payments)
    .where(eq(payments.intentId, order.transaction_id));
  return row!.id;
}
