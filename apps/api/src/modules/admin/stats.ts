import { and, count, eq, gte, inArray, isNull, sql } from 'drizzle-orm';
import { STOCK_LEFT_SHOWN_AT, type Size } from '@boutique/contracts';
import { addDays, shopDay, shopDayStart } from '@boutique/contracts/constants';
import { AWAITING_SHIPMENT } from '@boutique/contracts/order-status';
import type { AdminStats } from '@boutique/contracts/admin';
import type { AdminWorkload } from '@boutique/contracts/admin-staff';
import type { Database } from '../../db/client.js';
import { contactMessages, orderItems, orders, productStock, products } from '../../db/schema/index.js';
import { fromFils, toFils } from '../../lib/money.js';

const TOP_PRODUCTS = 10;
const LOW_STOCK_ROWS = 50;

/** Orders that count as sales: paid, and not cancelled. */
const sold = and(eq(orders.paymentStatus, 'succeeded'), sql`${orders.fulfillmentStatus} <> 'cancelled'`);

/**
 * What needs doing now, without a figure of money (the staff's dashboard, and the owner's beside the figures):
 * sizes of active products with STOCK_LEFT_SHOWN_AT or fewer pieces to sell, unread messages, paid orders
 * waiting to ship.
 */
export async function workload(db: Database): Promise<AdminWorkload> {
  const [low, [unread], [waiting]] = await Promise.all([
    db
      .select({
        productId: products.id,
        slug: products.slug,
        name: products.name,
        color: productStock.color,
        size: productStock.size,
        available: sql<number>`(${productStock.stock} - ${productStock.reserved})::int`,
      })
      .from(productStock)
      .innerJoin(products, eq(products.id, productStock.productId))
      .where(
        and(
          isNull(products.archivedAt),
          eq(products.status, 'active'),
          sql`${productStock.size} = any(${products.sizes})`,
          sql`${productStock.stock} - ${productStock.reserved} <= ${STOCK_LEFT_SHOWN_AT}`,
        ),
      )
      .orderBy(sql`6`, products.slug, productStock.color, productStock.size)
      .limit(LOW_STOCK_ROWS),
    db
      .select({ n: count() })
      .from(contactMessages)
      .where(and(isNull(contactMessages.readAt), isNull(contactMessages.archivedAt))),
    db
      .select({ n: count() })
      .from(orders)
      .where(
        and(eq(orders.paymentStatus, 'succeeded'), inArray(orders.fulfillmentStatus, AWAITING_SHIPMENT)),
      ),
  ]);
  return {
    low_stock: low.map((l) => ({
      product_id: l.productId,
      slug: l.slug,
      name: l.name,
      color: l.color,
      size: l.size as Size,
      available: Math.max(0, l.available),
    })),
    unread_messages: unread?.n ?? 0,
    awaiting_shipment: waiting?.n ?? 0,
  };
}

/**
 * The dashboard's figures over the last `days` days of the shop's calendar (SHOP_TIMEZONE, today included):
 * revenue and orders per day, average basket, best-selling products; and now: low-stock sizes, unread messages,
 * paid orders waiting to ship. An order at 21:30 UTC is counted on the next day in Dubai, as the owner lives it.
 */
export async function dashboardStats(
  db: Database,
  days: number,
  timeZone: string,
  now = new Date(),
): Promise<AdminStats> {
  const today = shopDay(now, timeZone);
  const first = addDays(today, -(days - 1));
  const inPeriod = and(sold, gte(orders.createdAt, shopDayStart(first, timeZone)));
  const [perDay, top, todo] = await Promise.all([
    db
      .select({
        date: sql<string>`to_char(${orders.createdAt} at time zone ${timeZone}, 'YYYY-MM-DD')`,
        revenue: sql<string>`sum(${orders.totalAmount})::numeric(14,2)::text`,
        orders: sql<number>`count(*)::int`,
      })
      .from(orders)
      .where(inPeriod)
      .groupBy(sql`1`),
    db
      .select({
        productId: sql<number | null>`max(${orderItems.productId})`,
        slug: orderItems.productSlug,
        name: sql<{ en: string; fr: string; ar: string }>`(array_agg(${orderItems.productName}))[1]`,
        quantity: sql<number>`sum(${orderItems.quantity})::int`,
        revenue: sql<string>`sum(${orderItems.price} * ${orderItems.quantity})::numeric(14,2)::text`,
      })
      .from(orderItems)
      .innerJoin(orders, eq(orders.id, orderItems.orderId))
      .where(inPeriod)
      .groupBy(orderItems.productSlug)
      .orderBy(sql`4 desc`, sql`5 desc`, orderItems.productSlug)
      .limit(TOP_PRODUCTS),
    workload(db),
  ]);

  const byDate = new Map(perDay.map((r) => [r.date, r]));
  const series = Array.from({ length: days }, (_, i) => {
    const date = addDays(first, i);
    const row = byDate.get(date);
    return { date, revenue: row ? fromFils(toFils(row.revenue)) : '0.00', orders: row?.orders ?? 0 };
  });
  const revenueFils = series.reduce((sum, d) => sum + toFils(d.revenue), 0);
  const orderCount = series.reduce((sum, d) => sum + d.orders, 0);
  return {
    days,
    from: first,
    to: today,
    revenue: fromFils(revenueFils),
    orders: orderCount,
    average_basket: fromFils(orderCount ? Math.round(revenueFils / orderCount) : 0),
    per_day: series,
    top_products: top.map((t) => ({
      product_id: t.productId,
      slug: t.slug,
      name: t.name,
      quantity: t.quantity,
      revenue: fromFils(toFils(t.revenue)),
    })),
    ...todo,
  };
}
