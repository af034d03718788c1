import { and, eq, sql } from 'drizzle-orm';
import { rowsOf } from '../../src/db/rows.js';
import type { Order } from '@boutique/contracts';
import { orders, outbox, productStock } from '../../src/db/schema/index.js';
import type { TestApp } from '../helpers.js';
import {
  call,
  makeAdmin,
  newShopper,
  orderPayload,
  pay,
  type Article,
  type CartLine,
  type Shopper,
} from './shop.js';

/** A shop owner as the back office needs one (role, second factor passed). */
export async function newAdmin(t: TestApp, name = 'Lalla Owner'): Promise<Shopper> {
  const admin = await newShopper(t, name);
  await makeAdmin(t, admin);
  return admin;
}

/** A paid order of these lines, placed in `locale`, as the shopper's My orders answers it. */
export async function paidOrder(
  t: TestApp,
  shopper: Shopper,
  lines: CartLine[],
  locale: 'en' | 'fr' | 'ar' = 'en',
): Promise<Order> {
  const { intentId } = await pay(t, shopper, lines);
  const placed = await call(
    t,
    'POST',
    '/api/v1/orders',
    shopper.token,
    orderPayload(lines, intentId, { locale }),
  );
  if (placed.status !== 201) throw new Error(`order: ${placed.status} ${JSON.stringify(placed.body)}`);
  return orderOf(t, shopper, placed.body.data.order_id as number);
}

export async function orderOf(t: TestApp, shopper: Shopper, orderId: number): Promise<Order> {
  const res = await call(t, 'GET', `/api/v1/orders/${orderId}`, shopper.token);
  if (res.status !== 200) throw new Error(`order ${orderId}: ${res.status}`);
  return res.body.data.order as Order;
}

/** The owner's refund call, with an Idempotency-Key when given. */
export function refund(t: TestApp, admin: Shopper, orderId: number, body: unknown, key?: string) {
  return t.json(`/api/v1/admin/orders/${orderId}/refunds`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      authorization: `Bearer ${admin.token}`,
      ...(key !== undefined && { 'idempotency-key': key }),
    },
    body: JSON.stringify(body),
  });
}

/** A move as the back office makes it: with the order's version as it is now (decision 028). */
export async function moveOrder(t: TestApp, admin: Shopper, orderId: number, status: string) {
  const [row] = await t.database.db
    .select({ version: orders.version })
    .from(orders)
    .where(eq(orders.id, orderId));
  return call(t, 'PATCH', `/api/v1/orders/${orderId}/status`, admin.token, {
    status,
    version: row?.version ?? 1,
  });
}

/** A paid order taken to `delivered` by the owner. */
export async function deliveredOrder(
  t: TestApp,
  admin: Shopper,
  shopper: Shopper,
  lines: CartLine[],
  locale: 'en' | 'fr' | 'ar' = 'en',
): Promise<Order> {
  const order = await paidOrder(t, shopper, lines, locale);
  const moved = await moveOrder(t, admin, order.id, 'delivered');
  if (moved.status !== 200) throw new Error(`delivered: ${moved.status} ${JSON.stringify(moved.body)}`);
  return orderOf(t, shopper, order.id);
}

/** A variant's count and what is held of it: the article's colour unless another is named. */
export async function piecesOf(
  t: TestApp,
  p: Pick<Article, 'productId' | 'color'>,
  size: string,
  color: string = p.color,
) {
  const [row] = await t.database.db
    .select({ stock: productStock.stock, reserved: productStock.reserved })
    .from(productStock)
    .where(
      and(
        eq(productStock.productId, p.productId),
        eq(productStock.color, color),
        eq(productStock.size, size),
      ),
    );
  return row ?? { stock: 0, reserved: 0 };
}

/** The e-mails written about one thing (`order:12`, `return:3`): kind and subject, oldest first. */
export async function mailsAbout(t: TestApp, about: string) {
  const rows = await t.database.db.select().from(outbox).where(eq(outbox.subject, about)).orderBy(outbox.id);
  return rows.map((r) => ({
    kind: r.kind,
    subject: r.message.subject,
    text: r.message.text,
    to: r.message.to,
  }));
}

/** Rows of tables that a refused request must leave as they were. */
export async function snapshot(t: TestApp) {
  const query = async (text: string) =>
    rowsOf<Record<string, unknown>>(await t.database.db.execute(sql.raw(text)));
  const count = async (table: string) => (await query(`select count(*)::int as n from ${table}`))[0]?.n;
  return {
    refunds: await count('refunds'),
    sandboxRefunds: await count('sandbox_refunds'),
    returns: await count('returns'),
    returnLines: await count('return_lines'),
    holds: await count('exchange_holds'),
    outbox: await count('outbox'),
    audit: await count('audit_log'),
    stock: await query(
      'select product_id, color, size, stock, reserved from product_stock order by product_id, color, size',
    ),
    orders: await query('select id, payment_status, fulfillment_status from orders order by id'),
    items: await query('select id, restocked_quantity from order_items order by id'),
  };
}
