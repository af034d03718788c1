import { and, count, eq, gte, inArray, isNull, lt, sql } from 'drizzle-orm';
import { addDays, shopDay, shopDayStart } from '@boutique/contracts/constants';
import { AWAITING_SHIPMENT } from '@boutique/contracts/order-status';
import type { Database } from '../../db/client.js';
import {
  colors,
  contactMessages,
  digests,
  orders,
  productStock,
  products,
  returns,
} from '../../db/schema/index.js';
import { fromFils, toFils } from '../../lib/money.js';
import { enqueueMail } from '../outbox/index.js';
import { digestMail, type AlertsShop, type DigestFigures } from './mails.js';

/** The most low variants the digest names (it counts them all). */
const LOW_NAMED = 30;

/** The shop day whose digest is due at `now`: today once DIGEST_HOUR has struck in the shop's zone. */
export function digestDue(now: Date, hour: number | null, timeZone: string): string | undefined {
  if (hour === null) return undefined;
  const today = shopDay(now, timeZone);
  const at = shopDayStart(today, timeZone).getTime() + hour * 3600_000;
  return now.getTime() >= at ? today : undefined;
}

/** The digest's figures at `now`: yesterday is the shop day before `day`. */
export async function digestFigures(
  db: Database,
  day: string,
  timeZone: string,
  defaultThreshold: number,
): Promise<DigestFigures> {
  const yesterday = addDays(day, -1);
  const from = shopDayStart(yesterday, timeZone);
  const to = shopDayStart(day, timeZone);
  const [[placed], [toShip], [cod], [unread], [waiting], low] = await Promise.all([
    db
      .select({ n: count(), total: sql<string>`coalesce(sum(${orders.totalAmount}), 0)::text` })
      .from(orders)
      .where(
        and(
          gte(orders.createdAt, from),
          lt(orders.createdAt, to),
          sql`${orders.fulfillmentStatus} <> 'cancelled'`,
        ),
      ),
    db
      .select({ n: count() })
      .from(orders)
      .where(
        and(
          inArray(orders.paymentStatus, ['succeeded', 'awaiting_payment']),
          inArray(orders.fulfillmentStatus, AWAITING_SHIPMENT),
        ),
      ),
    db
      .select({ n: count() })
      .from(orders)
      .where(
        and(
          eq(orders.paymentMethod, 'cash_on_delivery'),
          eq(orders.paymentStatus, 'awaiting_payment'),
          sql`${orders.fulfillmentStatus} <> 'cancelled'`,
        ),
      ),
    db
      .select({ n: count() })
      .from(contactMessages)
      .where(and(isNull(contactMessages.readAt), isNull(contactMessages.archivedAt))),
    db
      .select({ n: count() })
      .from(returns)
      .where(inArray(returns.status, ['requested', 'received'])),
    db
      .select({
        name: products.name,
        colorName: colors.name,
        size: productStock.size,
        stock: productStock.stock,
      })
      .from(productStock)
      .innerJoin(products, eq(products.id, productStock.productId))
      .leftJoin(colors, eq(colors.key, productStock.color))
      .where(
        and(
          isNull(products.archivedAt),
          eq(products.status, 'active'),
          sql`${productStock.size} = any(${products.sizes})`,
          sql`${productStock.stock} <= coalesce(${products.lowStockThreshold}, ${defaultThreshold})`,
        ),
      )
      .orderBy(productStock.stock, products.slug, productStock.color, productStock.size),
  ]);
  return {
    day,
    yesterday,
    yesterdayOrders: placed?.n ?? 0,
    yesterdayRevenue: fromFils(toFils(placed?.total ?? '0')),
    toShip: toShip?.n ?? 0,
    unpaidCashOnDelivery: cod?.n ?? 0,
    unreadMessages: unread?.n ?? 0,
    returnsWaiting: waiting?.n ?? 0,
    lowCount: low.length,
    low: low.slice(0, LOW_NAMED),
  };
}

/**
 * Sends today's digest if it is due and no instance has: the `digests(day)` row and the e-mail are written in
 * one transaction, and the primary key lets one insert win however many sweeps run at once. True when this
 * call wrote it.
 */
export async function sendDigestIfDue(
  db: Database,
  now: Date,
  settings: { hour: number | null; shop: AlertsShop; defaultThreshold: number },
): Promise<boolean> {
  const day = digestDue(now, settings.hour, settings.shop.timeZone);
  if (!day) return false;
  return db.transaction(async (tx) => {
    const [claimed] = await tx
      .insert(digests)
      .values({ day, sentAt: now })
      .onConflictDoNothing()
      .returning({ day: digests.day });
    if (!claimed) return false;
    const figures = await digestFigures(tx, day, settings.shop.timeZone, settings.defaultThreshold);
    await enqueueMail(tx, {
      kind: 'owner_digest',
      about: `digest:${day}`,
      message: digestMail(figures, settings.shop),
    });
    return true;
  });
}
