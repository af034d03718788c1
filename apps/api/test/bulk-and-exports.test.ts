import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, inArray, and } from 'drizzle-orm';
import { parse } from 'csv-parse/sync';
import { ADMIN_API, type ProductCreateInput } from '@boutique/contracts/admin';
import { ADMIN_BULK_API, VatReportResponseSchema } from '@boutique/contracts/admin-bulk';
import { shopDayStart } from '@boutique/contracts/constants';
import { auditLog, orders, products, refunds } from '../src/db/schema/index.js';
import { fromFils, toFils } from '../src/lib/money.js';
import { startTestApp, type TestApp } from './helpers.js';
import {
  address,
  articles,
  call,
  card,
  generousLimits,
  newShopper,
  plentyOfStock,
  type Article,
  type Shopper,
} from './support/shop.js';
import { mailsAbout, newAdmin, orderOf, refund } from './support/after-sale.js';

/**
 * Bulk actions on the products table (all or nothing, versions checked, audited, the shop answering the change
 * at once) and the accountant's exports: orders and customers as CSV for Excel, and the VAT report, whose
 * figures must be those of the invoices and credit notes.
 */
const TRN = '100123456700003';
const ZONE = 'Asia/Dubai';
let t: TestApp;
let admin: Shopper;
let stock: Article[];

beforeAll(async () => {
  t = await startTestApp({
    ...generousLimits,
    SHOP_TRN: TRN,
    SHOP_TIMEZONE: ZONE,
    RECONCILE_INTERVAL_S: '0',
    OUTBOX_WORKER: 'false',
  });
  await plentyOfStock(t, 40);
  stock = await articles(t, 3);
  admin = await newAdmin(t);
});
afterAll(() => t?.close());

const asAdmin = (method: string, path: string, body?: unknown) => call(t, method, path, admin.token, body);
const bulk = (body: unknown) => asAdmin('POST', ADMIN_BULK_API.bulk, body);

let made = 0;
async function newProduct(price: string, overrides: Partial<ProductCreateInput> = {}) {
  made += 1;
  const tag = `${made}-${randomUUID().slice(0, 6)}`;
  const res = await asAdmin('POST', ADMIN_API.products, {
    category: 'caftan',
    name: { en: `Bulk Caftan ${tag}`, fr: `Caftan groupé ${tag}`, ar: `قفطان ${tag}` },
    description: { en: 'Green silk.', fr: 'Soie verte.', ar: 'حرير أخضر.' },
    price,
    status: 'inactive',
    colors: [{ name: { en: 'Green', fr: 'Vert', ar: 'أخضر' }, value: '#1f6b3b' }],
    sizes: [{ name: 'M', stock: 3 }],
    ...overrides,
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.data.product as { id: number; slug: string; version: number; price: string };
}

const rowsOf = async (ids: number[]) =>
  t.database.db
    .select({
      id: products.id,
      version: products.version,
      status: products.status,
      price: products.price,
      oldPrice: products.oldPrice,
      featured: products.featured,
      bestSeller: products.bestSeller,
    })
    .from(products)
    .where(inArray(products.id, ids))
    .orderBy(products.id);

/** The shop's public answer for a piece, as a shopper's page reads it. */
const shopView = async (slug: string) => {
  const res = await t.json(`/api/v1/products/slug/${slug}`);
  expect(res.status).toBe(200);
  return (res.body.data.product ?? res.body.data) as {
    status: string;
    price: string;
    old_price: string | null;
  };
};

describe('bulk actions on products', () => {
  it('publishes three pieces at once: versions +1, one audit row each, the shop shows them at once', async () => {
    const made3 = [await newProduct('1000'), await newProduct('1234.55'), await newProduct('2500')];
    // The shop's answer is cached before the change: the change must drop it.
    expect((await shopView(made3[0]!.slug)).status).toBe('inactive');

    const res = await bulk({
      products: made3.map((p) => ({ id: p.id, version: p.version })),
      action: { type: 'status', status: 'active' },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data.products).toEqual(
      made3.map((p) => expect.objectContaining({ id: p.id, version: p.version + 1, status: 'active' })),
    );
    for (const p of made3) expect((await shopView(p.slug)).status).toBe('active');
    const audits = await t.database.db
      .select()
      .from(auditLog)
      .where(
        and(
          eq(auditLog.action, 'product.bulk.status'),
          inArray(
            auditLog.entityId,
            made3.map((p) => p.id),
          ),
        ),
      );
    expect(audits).toHaveLength(3);
    expect(audits[0]).toMatchObject({
      actorId: admin.id,
      before: expect.objectContaining({ status: 'inactive' }),
      after: expect.objectContaining({ status: 'active' }),
    });

    // A 20 % sale keeping the old prices, rounded once to the fils (1,234.55 × 0.8 = 987.64).
    const versions = res.body.data.products as { id: number; version: number }[];
    const sale = await bulk({
      products: versions.map(({ id, version }) => ({ id, version })),
      action: { type: 'price', by: 'percent', direction: 'down', percent: '٢٠', keep_old_price: true },
    });
    expect(sale.status, JSON.stringify(sale.body)).toBe(200);
    expect((await rowsOf(made3.map((p) => p.id))).map((r) => [r.price, r.oldPrice])).toEqual([
      ['800.00', '1000.00'],
      ['987.64', '1234.55'],
      ['2000.00', '2500.00'],
    ]);
    expect(await shopView(made3[1]!.slug)).toMatchObject({ price: '987.64', old_price: '1234.55' });

    // The sale ends: each old price is the price again, the old price cleared.
    const ended = await bulk({
      products: (sale.body.data.products as { id: number; version: number }[]).map(({ id, version }) => ({
        id,
        version,
      })),
      action: { type: 'end_sale' },
    });
    expect(ended.status).toBe(200);
    expect((await rowsOf(made3.map((p) => p.id))).map((r) => [r.price, r.oldPrice, r.version])).toEqual([
      ['1000.00', null, made3[0]!.version + 3],
      ['1234.55', null, made3[1]!.version + 3],
      ['2500.00', null, made3[2]!.version + 3],
    ]);
  });

  it('refuses the whole action when one version is stale (409 naming it) and changes nothing', async () => {
    const a = await newProduct('900');
    const b = await newProduct('950');
    const edited = await asAdmin('PATCH', ADMIN_API.product(b.id), { featured: true, version: b.version });
    expect(edited.status).toBe(200);
    const before = await rowsOf([a.id, b.id]);
    const auditsBefore = (await t.database.db.select().from(auditLog)).length;

    const res = await bulk({
      products: [
        { id: a.id, version: a.version },
        { id: b.id, version: b.version },
      ],
      action: { type: 'featured', featured: false },
    });
    expect(res.status).toBe(409);
    expect(res.body).toMatchObject({ error: 'stale', code: 'stale' });
    expect(res.body.current).toEqual([expect.objectContaining({ id: b.id, version: b.version + 1 })]);
    expect(await rowsOf([a.id, b.id])).toEqual(before);
    expect((await t.database.db.select().from(auditLog)).length).toBe(auditsBefore);
  });

  it('refuses a price change that would reach 0 or its old price (422 naming the pieces), changing nothing', async () => {
    const cheap = await newProduct('40');
    const dear = await newProduct('400');
    const before = await rowsOf([cheap.id, dear.id]);
    const res = await bulk({
      products: [
        { id: cheap.id, version: cheap.version },
        { id: dear.id, version: dear.version },
      ],
      action: { type: 'price', by: 'amount', direction: 'down', amount: '50' },
    });
    expect(res.status).toBe(422);
    expect(res.body.errors['action.price'][0]).toContain(cheap.slug);
    expect(res.body.errors['action.price'][0]).not.toContain(dear.slug);
    expect(await rowsOf([cheap.id, dear.id])).toEqual(before);

    const tooMuch = await bulk({
      products: [{ id: dear.id, version: dear.version }],
      action: { type: 'price', by: 'percent', direction: 'down', percent: 95 },
    });
    expect(tooMuch.status).toBe(422);
    expect(Object.keys(tooMuch.body.errors)).toEqual(['action.percent']);
    const tooMany = await bulk({
      products: Array.from({ length: 501 }, (_, i) => ({ id: i + 1, version: 1 })),
      action: { type: 'featured', featured: true },
    });
    expect(tooMany.status).toBe(422);
    expect(await rowsOf([cheap.id, dear.id])).toEqual(before);
  });

  it('moves pieces to a collection and marks them best-sellers; an unknown collection or piece changes nothing', async () => {
    const a = await newProduct('700');
    const b = await newProduct('750');
    const chosen = [
      { id: a.id, version: a.version },
      { id: b.id, version: b.version },
    ];
    const before = await rowsOf([a.id, b.id]);
    const nowhere = await bulk({ products: chosen, action: { type: 'category', category: 'no-such-thing' } });
    expect(nowhere.status).toBe(422);
    expect(Object.keys(nowhere.body.errors)).toEqual(['action.category']);
    const gone = await bulk({
      products: [...chosen, { id: 2_000_000, version: 1 }],
      action: { type: 'best_seller', best_seller: true },
    });
    expect(gone.status).toBe(404);
    expect(await rowsOf([a.id, b.id])).toEqual(before);

    const moved = await bulk({ products: chosen, action: { type: 'category', category: 'jellaba' } });
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    expect(moved.body.data.products.map((p: { category: string }) => p.category)).toEqual([
      'jellaba',
      'jellaba',
    ]);
    const marked = await bulk({
      products: moved.body.data.products.map((p: { id: number; version: number }) => ({
        id: p.id,
        version: p.version,
      })),
      action: { type: 'best_seller', best_seller: true },
    });
    expect(marked.status).toBe(200);
    expect((await rowsOf([a.id, b.id])).map((r) => [r.bestSeller, r.version])).toEqual([
      [true, a.version + 2],
      [true, b.version + 2],
    ]);
  });

  it('lists every product a filter matches with its version, for "select all"', async () => {
    const res = await asAdmin('GET', `${ADMIN_BULK_API.selection}?status=inactive&q=bulk caftan`);
    expect(res.status).toBe(200);
    const ids = (res.body.data.products as { id: number }[]).map((p) => p.id);
    const inactive = await t.database.db
      .select({ id: products.id })
      .from(products)
      .where(eq(products.status, 'inactive'));
    expect(res.body.data.total).toBe(ids.length);
    for (const id of ids) expect(inactive.map((r) => r.id)).toContain(id);
  });
});

// ---------------------------------------------------------------- exports

async function text(path: string, token = admin.token) {
  const res = await t.fetch(path, { headers: { authorization: `Bearer ${token}` } });
  return { status: res.status, headers: res.headers, bytes: new Uint8Array(await res.arrayBuffer()) };
}
/** The rows of a CSV answer, after its byte order mark. */
const csvRows = (bytes: Uint8Array): string[][] =>
  parse(new TextDecoder().decode(bytes.slice(3)), { relax_column_count: true });

function manualOrder(body: Record<string, unknown>) {
  return t.json('/api/v1/admin/orders', {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      authorization: `Bearer ${admin.token}`,
      'idempotency-key': randomUUID(),
    },
    body: JSON.stringify(body),
  });
}

const setCreatedAt = (id: number, at: Date) =>
  t.database.db.update(orders).set({ createdAt: at }).where(eq(orders.id, id));

describe('exports for the accountant', () => {
  let inside: number;
  let outside: number;
  let customer: Shopper;
  let rateId: number;

  beforeAll(async () => {
    // A paid rate for Morocco, never free: each order pays shipping, and its VAT.
    const zone = await call(t, 'POST', '/api/v1/admin/shipping-zones', admin.token, {
      name: { en: 'Morocco', fr: 'Maroc', ar: 'المغرب' },
      countries: ['MA'],
      rates: [{ name: { en: 'Courier', fr: 'Coursier', ar: 'ساعي' }, price: '45', min_days: 2, max_days: 5 }],
    });
    expect(zone.status, JSON.stringify(zone.body)).toBe(201);
    rateId = zone.body.data.zone.rates[0].id;
    customer = await newShopper(t, 'نورة المنصوري');
    const made = await call(t, 'POST', '/api/v1/admin/discounts', admin.token, {
      code: 'ACCOUNT25',
      kind: 'amount',
      value: '25',
    });
    expect(made.status).toBe(201);
    const body = (name: string) => ({
      customer_id: customer.id,
      lines: [{ product_id: stock[0]!.productId, color: stock[0]!.color, size: stock[0]!.size, quantity: 2 }],
      shipping_address: address({ name, country: 'MA', city: 'Fès' }),
      shipping_rate_id: rateId,
      payment: 'paid_offline',
      discount_code: 'ACCOUNT25',
      locale: 'ar',
    });
    const a = await manualOrder(body('نورة المنصوري'));
    const b = await manualOrder(body('=HYPERLINK("http://evil.example","x")'));
    expect(a.status, JSON.stringify(a.body)).toBe(201);
    expect(b.status).toBe(201);
    inside = a.body.data.order.id;
    outside = b.body.data.order.id;
    // 23:30 in Dubai on 31 January is inside a period ending that day; 00:10 on 1 February is not.
    await setCreatedAt(inside, new Date(shopDayStart('2026-02-01', ZONE).getTime() - 30 * 60_000));
    await setCreatedAt(outside, new Date(shopDayStart('2026-02-01', ZONE).getTime() + 10 * 60_000));
  });

  it('exports the orders of a period in the shop’s days, for Excel: BOM, CRLF, Arabic intact, formulas neutralised', async () => {
    const res = await text(`${ADMIN_BULK_API.ordersCsv}?from=2026-01-01&to=2026-01-31`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/csv');
    expect([...res.bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const body = new TextDecoder().decode(res.bytes);
    expect(body).toContain('\r\n');
    expect(body.replace(/\r\n/g, '')).not.toContain('\n');
    const rows = csvRows(res.bytes);
    expect(rows[0]![0]).toBe('order_number');
    expect(rows).toHaveLength(2);
    const [row] = rows.slice(1);
    const col = (name: string) => row![rows[0]!.indexOf(name)];
    expect(col('customer')).toBe('نورة المنصوري');
    expect(col('date')).toBe('2026-01-31 23:30');
    expect(col('quantity')).toBe('2');
    expect(col('discount')).toBe('25.00');
    expect(col('line_total')).toBe(fromFils(toFils(stock[0]!.price) * 2));

    const next = csvRows((await text(`${ADMIN_BULK_API.ordersCsv}?from=2026-02-01&to=2026-02-01`)).bytes);
    expect(next).toHaveLength(2);
    expect(next[1]![next[0]!.indexOf('customer')]).toBe(`'=HYPERLINK("http://evil.example","x")`);
  });

  it('exports the customers with what they spent, Arabic names intact', async () => {
    const res = await text(ADMIN_BULK_API.customersCsv);
    expect(res.status).toBe(200);
    expect([...res.bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const rows = csvRows(res.bytes);
    const mine = rows.find((r) => r[1] === customer.email)!;
    expect(mine[0]).toBe('نورة المنصوري');
    expect(mine[rows[0]!.indexOf('orders')]).toBe('2');
    expect(mine[rows[0]!.indexOf('first_order')]).toBe('2026-01-31');
    expect(mine[rows[0]!.indexOf('last_order')]).toBe('2026-02-01');
    expect(rows.some((r) => r[1] === admin.email)).toBe(false);
  });

  it('reports VAT equal to the invoices’ and credit notes’ VAT, with shipping, a discount and a partial refund', async () => {
    // A third order in February, partly refunded: its credit note reverses part of its VAT.
    const c = await manualOrder({
      customer_id: customer.id,
      lines: [
        { product_id: stock[1]!.productId, color: stock[1]!.color, size: stock[1]!.size, quantity: 1 },
        { product_id: stock[2]!.productId, color: stock[2]!.color, size: stock[2]!.size, quantity: 1 },
      ],
      shipping_address: address({ country: 'MA', city: 'Fès' }),
      shipping_rate_id: rateId,
      payment: 'payment_link',
      discount_code: 'ACCOUNT25',
      locale: 'en',
    });
    expect(c.status, JSON.stringify(c.body)).toBe(201);
    const mail = (await mailsAbout(t, `order:${c.body.data.order.id}`)).find(
      (m) => m.kind === 'payment_link',
    )!;
    const token = /\/pay\/([A-Za-z0-9_-]+)/.exec(mail.text)![1]!;
    const paid = await call(t, 'POST', `/api/v1/pay/${token}/sandbox-confirm`, undefined, {
      card: card('4242424242424242'),
    });
    expect(paid.status, JSON.stringify(paid.body)).toBeLessThan(300);
    const third = await orderOf(t, customer, c.body.data.order.id);
    await setCreatedAt(third.id, new Date(shopDayStart('2026-02-10', ZONE).getTime() + 3_600_000));
    const refunded = await refund(
      t,
      admin,
      third.id,
      { lines: [{ line_id: third.items[0]!.id, quantity: 1 }], restock: false, reason: 'Too long' },
      randomUUID(),
    );
    expect(refunded.status, JSON.stringify(refunded.body)).toBe(201);
    const [note] = await t.database.db.select().from(refunds).where(eq(refunds.orderId, third.id));
    await t.database.db
      .update(refunds)
      .set({ refundedAt: new Date(shopDayStart('2026-02-11', ZONE).getTime() + 3_600_000) })
      .where(eq(refunds.id, note!.id));

    const invoices = await Promise.all(
      [inside, outside, third.id].map(
        async (id) =>
          (await call(t, 'GET', `/api/v1/orders/${id}/invoice`, customer.token)).body.data.invoice as {
            vat: string;
            total: string;
            shipping: string;
          },
      ),
    );
    // Shipping paid on each order, so the report splits goods and shipping VAT.
    for (const invoice of invoices) expect(toFils(invoice.shipping)).toBeGreaterThan(0);
    const creditNote = (
      await call(
        t,
        'GET',
        `/api/v1/orders/${third.id}/credit-notes/${encodeURIComponent(note!.creditNoteNumber!)}`,
        customer.token,
      )
    ).body.data.credit_note as { vat: string; total: string };

    const res = await asAdmin('GET', `${ADMIN_BULK_API.vat}?from=2026-01-01&to=2026-02-28&group=month`);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const { report } = VatReportResponseSchema.parse(res.body).data;
    const sum = (list: string[]) => fromFils(list.reduce((n, v) => n + toFils(v), 0));
    const [jan, feb] = report.rows;
    expect(jan).toMatchObject({
      period: '2026-01',
      orders: 1,
      vat: invoices[0]!.vat,
      sales: invoices[0]!.total,
    });
    expect(feb).toMatchObject({
      period: '2026-02',
      orders: 2,
      vat: sum([invoices[1]!.vat, invoices[2]!.vat]),
      credit_notes: 1,
      refunded: creditNote.total,
      refunded_vat: creditNote.vat,
    });
    expect(report.totals.vat).toBe(sum(invoices.map((i) => i.vat)));
    expect(report.totals.vat_due).toBe(fromFils(toFils(report.totals.vat) - toFils(creditNote.vat)));
    expect(toFils(report.totals.vat_goods) + toFils(report.totals.vat_shipping)).toBe(
      toFils(report.totals.vat),
    );

    const csv = await text(`${ADMIN_BULK_API.vatCsv}?from=2026-01-01&to=2026-02-28`);
    const rows = csvRows(csv.bytes);
    expect(rows.at(-1)![0]).toBe('total');
    expect(rows.at(-1)![rows[0]!.indexOf('net_vat_due')]).toBe(report.totals.vat_due);
  });

  it('refuses bad dates and ranges with field errors; customers hear 403, guests 401', async () => {
    const bad = await asAdmin('GET', `${ADMIN_BULK_API.vat}?from=2026-02-30&to=2026-03-01`);
    expect(bad.status).toBe(422);
    expect(Object.keys(bad.body.errors)).toContain('from');
    const backwards = await asAdmin('GET', `${ADMIN_BULK_API.ordersCsv}?from=2026-03-01&to=2026-02-01`);
    expect(backwards.status).toBe(422);
    expect(Object.keys(backwards.body.errors)).toEqual(['to']);
    const shopper = await newShopper(t);
    for (const path of [
      `${ADMIN_BULK_API.ordersCsv}?from=2026-01-01&to=2026-01-31`,
      ADMIN_BULK_API.customersCsv,
      `${ADMIN_BULK_API.vat}?from=2026-01-01&to=2026-01-31`,
    ]) {
      expect((await call(t, 'GET', path, shopper.token)).status).toBe(403);
      expect((await call(t, 'GET', path)).status).toBe(401);
    }
    expect((await call(t, 'POST', ADMIN_BULK_API.bulk, shopper.token, {})).status).toBe(403);
  });
});
