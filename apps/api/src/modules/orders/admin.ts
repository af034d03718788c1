import { and, asc, count, desc, eq, gte, inArray, lt, sql, type SQL } from 'drizzle-orm';
import { addDays, shopDayStart } from '@boutique/contracts/constants';
import { AWAITING_SHIPMENT } from '@boutique/contracts/order-status';
import type {
  AdminOrder,
  AdminOrderListQuery,
  AdminOrderRow,
  OrderStatusCounts,
  OrderStatusEvent,
  PackingSlip,
} from '@boutique/contracts/admin';
import type { Database } from '../../db/client.js';
import { orderItems, orderStatusEvents, orders, users } from '../../db/schema/index.js';
import { escapeLike } from '../../lib/search-text.js';
import type { OrderService } from './service.js';
import { auditOf } from '../audit/index.js';

/** Rows of the orders table of the back office, with the shopper's name and e-mail. */
export async function orderRows(db: Database, where: SQL | undefined, limit: number, offset = 0) {
  const rows = await db
    .select({
      id: orders.id,
      orderNumber: orders.orderNumber,
      createdAt: orders.createdAt,
      billing: orders.billingAddress,
      email: users.email,
      accountName: users.name,
      totalAmount: orders.totalAmount,
      fulfillmentStatus: orders.fulfillmentStatus,
      paymentStatus: orders.paymentStatus,
      paymentMethod: orders.paymentMethod,
      version: orders.version,
      items: sql<number>`(select coalesce(sum(${orderItems.quantity}), 0)::int from ${orderItems}
        where ${orderItems.orderId} = ${orders.id})`,
    })
    .from(orders)
    .innerJoin(users, eq(users.id, orders.userId))
    .where(where)
    .orderBy(desc(orders.createdAt), desc(orders.id))
    .limit(limit)
    .offset(offset);
  return rows.map((r): AdminOrderRow => ({
    id: r.id,
    order_number: r.orderNumber,
    created_at: r.createdAt.toISOString(),
    customer: { name: r.billing.name || r.accountName, email: r.email },
    items_count: r.items,
    total_amount: r.totalAmount,
    fulfillment_status: r.fulfillmentStatus,
    payment_status: r.paymentStatus,
    payment_method: r.paymentMethod,
    version: r.version,
  }));
}

/** The filters of the orders list other than the status (the tabs' counts use them too). */
function searchFilters(query: AdminOrderListQuery, timeZone: string): SQL[] {
  const filters: SQL[] = [];
  if (query.q) {
    const like = `%${escapeLike(query.q.toLowerCase())}%`;
    filters.push(sql`(lower(${orders.orderNumber}) like ${like} or ${users.email} like ${like}
      or lower(${users.name}) like ${like} or lower(${orders.billingAddress}->>'name') like ${like}
      or lower(${orders.billingAddress}->>'email') like ${like})`);
  }
  // Days of the shop's calendar: an order at 01:30 in Dubai (21:30 UTC the day before) is on its Dubai day.
  if (query.from) filters.push(gte(orders.createdAt, shopDayStart(query.from, timeZone)));
  if (query.to) filters.push(lt(orders.createdAt, shopDayStart(addDays(query.to, 1), timeZone)));
  return filters;
}

export async function listOrders(db: Database, query: AdminOrderListQuery, timeZone: string) {
  const filters = searchFilters(query, timeZone);
  const where = and(
    ...filters,
    query.status === 'to_ship'
      ? inArray(orders.fulfillmentStatus, AWAITING_SHIPMENT)
      : query.status
        ? eq(orders.fulfillmentStatus, query.status)
        : undefined,
  );
  const [countRows, data] = await Promise.all([
    db
      .select({ status: orders.fulfillmentStatus, n: count() })
      .from(orders)
      .innerJoin(users, eq(users.id, orders.userId))
      .where(and(...filters))
      .groupBy(orders.fulfillmentStatus),
    orderRows(db, where, query.per_page, (query.page - 1) * query.per_page),
  ]);
  const counts: OrderStatusCounts = {
    all: 0,
    to_ship: 0,
    unfulfilled: 0,
    processing: 0,
    shipped: 0,
    delivered: 0,
    cancelled: 0,
  };
  for (const row of countRows) {
    counts[row.status] = row.n;
    counts.all += row.n;
    if ((AWAITING_SHIPMENT as readonly string[]).includes(row.status)) counts.to_ship += row.n;
  }
  const total = query.status ? counts[query.status] : counts.all;
  return {
    orders: {
      data,
      current_page: query.page,
      last_page: Math.max(1, Math.ceil(total / query.per_page)),
      per_page: query.per_page,
      total,
    },
    counts,
  };
}

async function history(db: Database, orderId: number): Promise<OrderStatusEvent[]> {
  const rows = await db
    .select({ event: orderStatusEvents, by: { id: users.id, name: users.name, email: users.email } })
    .from(orderStatusEvents)
    .leftJoin(users, eq(users.id, orderStatusEvents.actorId))
    .where(eq(orderStatusEvents.orderId, orderId))
    .orderBy(asc(orderStatusEvents.createdAt), asc(orderStatusEvents.id));
  return rows.map(({ event, by }) => ({
    from: event.fromStatus,
    to: event.toStatus,
    at: event.createdAt.toISOString(),
    by: by?.id ? by : null,
    carrier: event.carrier,
    tracking_number: event.trackingNumber,
    note: event.note,
  }));
}

/** One order with everything the back office shows of it: lines, addresses, payment, history, audit. */
export async function adminOrder(db: Database, service: OrderService, orderId: number) {
  // The version is read before the rest: were the order changed in between, the page's next write would name
  // the older version and be refused, never made on what it did not show.
  const [row] = await db
    .select({
      id: users.id,
      name: users.name,
      email: users.email,
      version: orders.version,
      source: orders.source,
      note: orders.note,
    })
    .from(users)
    .innerJoin(orders, eq(orders.userId, users.id))
    .where(eq(orders.id, orderId));
  const order = await service.getById(orderId);
  const [events, audit] = await Promise.all([history(db, orderId), auditOf(db, 'order', orderId)]);
  const shipped = [...events].reverse().find((e) => e.tracking_number || e.carrier);
  const { version = 1, source, note, ...customer } = row ?? { id: 0, name: '', email: '' };
  const view: AdminOrder = {
    ...order,
    version,
    source,
    note: note ?? null,
    customer,
    history: events,
    carrier: shipped?.carrier ?? null,
    tracking_number: shipped?.tracking_number ?? null,
  };
  return { order: view, audit };
}

export function packingSlip(
  order: AdminOrder,
  shop: { name: string; email: string; phone: string; url: string },
): PackingSlip {
  const to = order.shipping_address ?? order.billing_address;
  return {
    order_number: order.order_number,
    created_at: order.created_at,
    ship_to: {
      name: to.name,
      phone: to.phone,
      email: to.email,
      address: to.address,
      city: to.city,
      postalCode: to.postalCode,
      country: to.country,
    },
    lines: order.items.map((item) => ({
      product_slug: item.product_slug,
      product_name: item.product_name,
      product_image: item.product_image,
      color_name: item.options.color_name,
      size: item.options.size,
      quantity: item.quantity,
    })),
    pieces: order.items.reduce((sum, item) => sum + item.quantity, 0),
    carrier: order.carrier,
    tracking_number: order.tracking_number,
    shop,
  };
}

/** Orders of one shopper, newest first (customer detail). */
export function ordersOf(db: Database, userId: number) {
  return orderRows(db, eq(orders.userId, userId), 500);
}
