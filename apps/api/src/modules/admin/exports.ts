import { and, asc, eq, gt, gte, inArray, lt, or, sql, type SQL } from 'drizzle-orm';
import { addDays, shopDayStart } from '@boutique/contracts/constants';
import type { OrdersExportQuery } from '@boutique/contracts/admin-bulk';
import type { Database } from '../../db/client.js';
import { orderItems, orders, refunds, users } from '../../db/schema/index.js';
import type { CsvCell } from '../../lib/csv.js';
import { fromFils, toFils } from '../../lib/money.js';
import { invoiceTotals } from '../orders/index.js';

/** Rows read from the database at a time: an export of 50,000 orders never sits in memory whole. */
const PAGE = 500;

/** Orders created from `from` to `to`, both days of the shop's calendar included (an order at 23:30 in Dubai on `to` is in). */
export function inShopDays(column: typeof orders.createdAt, from: string, to: string, timeZone: string) {
  return and(gte(column, shopDayStart(from, timeZone)), lt(column, shopDayStart(addDays(to, 1), timeZone)));
}

/** Where a walk through orders (oldest first, a page at a time) goes on after the last order it read. */
export const nextPage = (after: { at: Date; id: number } | undefined) =>
  after
    ? or(gt(orders.createdAt, after.at), and(eq(orders.createdAt, after.at), gt(orders.id, after.id)))
    : undefined;
export const WALK = [asc(orders.createdAt), asc(orders.id)] as const;

/** The shop's local date and time of a timestamp column, `YYYY-MM-DD HH24:MI`. */
const local = (column: SQL | typeof orders.createdAt, timeZone: string, format = 'YYYY-MM-DD HH24:MI') =>
  sql<string>`to_char(${column} at time zone ${timeZone}, ${format})`;

export const ORDERS_CSV_HEADER = [
  'order_number',
  'date',
  'status',
  'payment_method',
  'payment_status',
  'customer',
  'email',
  'country',
  'product',
  'colour',
  'size',
  'quantity',
  'unit_price',
  'line_total',
  'line_discount',
  'shipping',
  'cod_fee',
  'discount',
  'vat',
  'order_total',
  'refunded',
];

/**
 * The orders export: one row per order line, in the order the orders were made. The order's own figures
 * (shipping, discount, VAT, total, refunded) are on its first line only, so a column sums to the period's
 * figure. VAT is the invoice's (orders/invoice.ts), refunded what its refunds that went through gave back.
 */
export async function* orderExportRows(
  db: Database,
  query: OrdersExportQuery,
  timeZone: string,
): AsyncGenerator<CsvCell[]> {
  const where = and(
    inShopDays(orders.createdAt, query.from, query.to, timeZone),
    query.status ? eq(orders.fulfillmentStatus, query.status) : undefined,
  );
  let after: { at: Date; id: number } | undefined;
  for (;;) {
    const page = await db
      .select({
        id: orders.id,
        createdAt: orders.createdAt,
        number: orders.orderNumber,
        date: local(orders.createdAt, timeZone),
        status: orders.fulfillmentStatus,
        method: orders.paymentMethod,
        paymentStatus: orders.paymentStatus,
        billing: orders.billingAddress,
        shipping: orders.shippingAmount,
        codFee: orders.codFee,
        discount: orders.discountAmount,
        total: orders.totalAmount,
      })
      .from(orders)
      .where(and(where, nextPage(after)))
      .orderBy(...WALK)
      .limit(PAGE);
    if (page.length === 0) return;
    const ids = page.map((o) => o.id);
    const [items, refunded] = await Promise.all([
      db.select().from(orderItems).where(inArray(orderItems.orderId, ids)).orderBy(asc(orderItems.id)),
      db
        .select({
          orderId: refunds.orderId,
          amount: sql<string>`sum(${refunds.amount})::numeric(14,2)::text`,
        })
        .from(refunds)
        .where(and(inArray(refunds.orderId, ids), eq(refunds.status, 'succeeded')))
        .groupBy(refunds.orderId),
    ]);
    for (const o of page) {
      const lines = items.filter((i) => i.orderId === o.id);
      const orderFigures = [
        o.shipping,
        o.codFee,
        o.discount,
        invoiceTotals({ total_amount: o.total }).vat,
        o.total,
        refunded.find((r) => r.orderId === o.id)?.amount ?? '0.00',
      ];
      const head = [
        o.number,
        o.date,
        o.status,
        o.method,
        o.paymentStatus,
        o.billing.name,
        o.billing.email,
        o.billing.country,
      ];
      if (lines.length === 0) yield [...head, null, null, null, null, null, null, null, ...orderFigures];
      for (const [n, line] of lines.entries()) {
        yield [
          ...head,
          line.productName.en,
          line.colorName?.en ?? (line.color || null),
          line.size,
          line.quantity,
          line.price,
          fromFils(toFils(line.price) * line.quantity),
          line.discount,
          ...(n === 0 ? orderFigures : orderFigures.map(() => null)),
        ];
      }
    }
    const last = page[page.length - 1]!;
    after = { at: last.createdAt, id: last.id };
  }
}

export const CUSTOMERS_CSV_HEADER = [
  'name',
  'email',
  'verified',
  'language',
  'orders',
  'spent',
  'first_order',
  'last_order',
  'country',
  'registered',
];

/**
 * The customers export, oldest account first: what they spent counts paid orders not cancelled (as the
 * customers list does); the country is the one of the address they saved last. Dates in the shop's time zone.
 */
export async function* customerExportRows(db: Database, timeZone: string): AsyncGenerator<CsvCell[]> {
  let afterId = 0;
  for (;;) {
    const page = await db
      .select({
        id: users.id,
        name: users.name,
        email: users.email,
        verified: sql<boolean>`${users.emailVerifiedAt} is not null`,
        locale: users.locale,
        registered: local(users.createdAt as never, timeZone, 'YYYY-MM-DD'),
        ordersCount: sql<number>`(select count(*)::int from orders o where o.user_id = users.id)`,
        spent: sql<string>`(select coalesce(sum(o.total_amount), 0)::numeric(12,2)::text from orders o
          where o.user_id = users.id and o.payment_status = 'succeeded' and o.fulfillment_status <> 'cancelled')`,
        first: sql<string | null>`(select to_char(min(o.created_at) at time zone ${timeZone}, 'YYYY-MM-DD')
          from orders o where o.user_id = users.id)`,
        last: sql<string | null>`(select to_char(max(o.created_at) at time zone ${timeZone}, 'YYYY-MM-DD')
          from orders o where o.user_id = users.id)`,
        country: sql<string | null>`(select a.country from addresses a where a.user_id = users.id
          order by a.created_at desc, a.id desc limit 1)`,
      })
      .from(users)
      .where(and(eq(users.role, 'customer'), gt(users.id, afterId)))
      .orderBy(asc(users.id))
      .limit(PAGE);
    if (page.length === 0) return;
    for (const c of page) {
      yield [
        c.name,
        c.email,
        c.verified ? 'yes' : 'no',
        c.locale,
        c.ordersCount,
        c.spent,
        c.first,
        c.last,
        c.country,
        c.registered,
      ];
    }
    afterId = page[page.length - 1]!.id;
  }
}
