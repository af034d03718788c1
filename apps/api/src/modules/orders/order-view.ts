import type { Order, OrderItem, OrderRefund, OrderReturn, Size } from '@boutique/contracts';
import { asc, inArray } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { orderItems, payments, type orders } from '../../db/schema/index.js';
import { emailLanguage as asLanguage } from '../../lib/mail-layout.js';
import { fromFils, toFils } from '../../lib/money.js';

type OrderRow = typeof orders.$inferSelect;

export type ItemRow = typeof orderItems.$inferSelect;

/** What an order's view shows of its refunds and returns (OrderSchema's after-sale fields). */
export interface OrderAfterSale {
  refunds: OrderRefund[];
  refundedFils: number;
  returns: OrderReturn[];
  deliveredAt: Date | null;
  returnUntil: Date | null;
  /** Per order line: pieces refunded, and pieces the shopper may still ask to return. */
  items: Map<number, { refunded: number; returnable: number }>;
}

/**
 * An order as the API answers it, from its row, its items and its payment's intent id; with `afterSale`, its
 * refunds, returns and return window as well.
 */
export function toOrder(
  row: OrderRow,
  items: ItemRow[],
  intentId: string,
  afterSale?: OrderAfterSale,
): Order {
  const order: Order = {
    id: row.id,
    order_number: row.orderNumber,
    created_at: row.createdAt.toISOString(),
    fulfillment_status: row.fulfillmentStatus,
    payment_status: row.paymentStatus,
    payment_method: row.paymentMethod,
    subtotal: row.subtotal,
    shipping_amount: row.shippingAmount,
    cod_fee: row.codFee,
    shipping_method: row.shippingMethod && {
      id: row.shippingMethod.rateId,
      name: row.shippingMethod.name,
      min_days: row.shippingMethod.minDays,
      max_days: row.shippingMethod.maxDays,
    },
    discount_code: row.discountCode,
    discount_amount: row.discountAmount,
    total_amount: row.totalAmount,
    currency: 'AED',
    items: items.map((item): OrderItem => ({
      id: item.id,
      product_slug: item.productSlug,
      product_name: item.productName,
      product_image: item.productImage,
      price: item.price,
      quantity: item.quantity,
      line_total: fromFils(toFils(item.price) * item.quantity),
      discount: item.discount,
      options: {
        color: item.color || null,
        color_name: item.colorName ?? null,
        size: item.size as Size,
      },
    })),
    billing_address: row.billingAddress,
    shipping_address: row.shippingAddress ?? null,
    transaction_id: intentId,
    locale: asLanguage(row.locale),
    invoice_number: row.invoiceNumber,
  };
  if (!afterSale) return order;
  return {
    ...order,
    items: order.items.map((item) => ({
      ...item,
      refunded_quantity: afterSale.items.get(item.id)?.refunded ?? 0,
      returnable_quantity: afterSale.items.get(item.id)?.returnable ?? 0,
    })),
    refunded_amount: fromFils(afterSale.refundedFils),
    refunds: afterSale.refunds,
    returns: afterSale.returns,
    delivered_at: afterSale.deliveredAt?.toISOString() ?? null,
    return_until: afterSale.returnUntil?.toISOString() ?? null,
  };
}

/** The views of orders read from their rows: their items, their payments' intents and, given, their after-sale side. */
export async function loadOrderViews(
  db: Database,
  rows: OrderRow[],
  afterSale?: { of(orders: OrderRow[], items: ItemRow[]): Promise<Map<number, OrderAfterSale>> },
): Promise<Order[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((r) => r.id);
  const [items, intents] = await Promise.all([
    db
      .select()
      .from(orderItems)
      .where(inArray(orderItems.orderId, ids))
      .orderBy(asc(orderItems.orderId), asc(orderItems.id)),
    db
      .select({ id: payments.id, intentId: payments.intentId })
      .from(payments)
      .where(inArray(payments.id, [...new Set(rows.map((r) => r.paymentId))])),
  ]);
  const itemsOf = new Map<number, ItemRow[]>();
  for (const item of items) {
    const list = itemsOf.get(item.orderId) ?? [];
    list.push(item);
    itemsOf.set(item.orderId, list);
  }
  const intentOf = new Map(intents.map((p) => [p.id, p.intentId]));
  const after = await afterSale?.of(rows, items);
  return rows.map((r) =>
    toOrder(r, itemsOf.get(r.id) ?? [], intentOf.get(r.paymentId) ?? '', after?.get(r.id)),
  );
}
