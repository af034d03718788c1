import { eq } from 'drizzle-orm';
import type { OrderPaymentStatus } from '@boutique/contracts';
import type { Database } from '../../db/client.js';
import {
  orderItems,
  orderStatusEvents,
  orders,
  type payments,
  type AddressSnapshot,
} from '../../db/schema/index.js';
import { emailLanguage } from '../../lib/mail-layout.js';
import { fromFils } from '../../lib/money.js';
import { nextInvoiceNumber, type OrderMails } from './order-outbox.js';
import { newOrderNumber } from './order-number.js';
import type { catalogueSnapshot } from './order-inputs.js';
import { removePaidLines } from './order-inputs.js';
import { toOrder, type ItemRow } from './order-view.js';

type PaymentRow = typeof payments.$inferSelect;
type OrderRow = typeof orders.$inferSelect;
type Tx = Parameters<Parameters<Database['transaction']>[0]>[0];

/** What an order comes to, in fils: the total is what was (or is to be) paid. */
export interface OrderAmounts {
  subtotalFils: number;
  shippingFils: number;
  codFeeFils: number;
  /** What the discount code took off (the payment's `discount_amount`). */
  discountFils: number;
  totalFils: number;
}

export interface OrderDetails {
  paymentStatus: OrderPaymentStatus;
  amounts: OrderAmounts;
  billing: AddressSnapshot;
  shipping: AddressSnapshot | null;
  source: 'checkout' | 'reconciliation' | 'manual';
  actorId: number | null;
  /** The order's language; else the account's. */
  locale: string | undefined;
  note?: string | null;
  /** The shopper's cart loses the lines ordered (not for an order the owner writes for a customer). */
  clearCart: boolean;
}

export interface WriterOptions {
  mails: OrderMails;
  taxInvoices: boolean;
}

/**
 * Writes the order of a payment in the caller's transaction, after its pieces were taken: the order with a
 * fresh number, its lines with the catalogue's copy, its first status, its tax invoice number, its e-mails.
 * Answers `theirs` when another call made this payment's order first (the unique `orders.payment_id`).
 */
export async function writeOrder(
  tx: Tx,
  options: WriterOptions,
  payment: PaymentRow,
  snapshot: Awaited<ReturnType<typeof catalogueSnapshot>>,
  details: OrderDetails,
): Promise<{ order: OrderRow; items: ItemRow[]; created: true } | { order: OrderRow; created: false }> {
  const { amounts } = details;
  for (let attempt = 0; attempt < 5; attempt += 1) {
    // No conflict target: a clash on the payment (someone else made this order) and a clash on the order
    // number (draw again) both come back empty, without aborting the transaction.
    const [order] = await tx
      .insert(orders)
      .values({
        orderNumber: newOrderNumber(),
        userId: payment.userId,
        paymentId: payment.id,
        paymentStatus: details.paymentStatus,
        paymentMethod: payment.method,
        currency: payment.currency,
        subtotal: fromFils(amounts.subtotalFils),
        shippingAmount: fromFils(amounts.shippingFils),
        // The rate the order ships by, as the payment froze it.
        shippingMethod: payment.shipping,
        codFee: fromFils(amounts.codFeeFils),
        discountCode: payment.discountCode,
        discountAmount: fromFils(amounts.discountFils),
        totalAmount: fromFils(amounts.totalFils),
        billingAddress: details.billing,
        shippingAddress: details.shipping ?? details.billing,
        source: details.source,
        locale: emailLanguage(details.locale ?? snapshot.locale),
        note: details.note ?? null,
      })
      .onConflictDoNothing()
      .returning();
    if (!order) {
      const [theirs] = await tx.select().from(orders).where(eq(orders.paymentId, payment.id)).limit(1);
      if (theirs) return { order: theirs, created: false };
      continue;
    }
    const items = await tx
      .insert(orderItems)
      .values(
        payment.lines.map((line) => {
          const product = snapshot.product(line.productId, line.color || null);
          return {
            orderId: order.id,
            productId: product ? line.productId : null,
            productSlug: line.slug,
            productName: product?.name ?? { en: line.slug, fr: line.slug, ar: line.slug },
            productImage: product?.image ?? null,
            color: line.color,
            colorName: line.color ? (snapshot.colors.get(line.color) ?? null) : null,
            size: line.size,
            quantity: line.quantity,
            price: line.price,
            discount: line.discount ?? '0.00',
          };
        }),
      )
      .returning();
    await tx
      .insert(orderStatusEvents)
      .values({ orderId: order.id, fromStatus: null, toStatus: 'unfulfilled', actorId: details.actorId });
    if (details.clearCart) await removePaidLines(tx, payment.userId, payment.lines);
    // Taken once the order row is certainly ours: a number is never drawn for an order that is not written.
    const numbered = options.taxInvoices
      ? ((
          await tx
            .update(orders)
            .set({ invoiceNumber: await nextInvoiceNumber(tx) })
            .where(eq(orders.id, order.id))
            .returning()
        )[0] ?? order)
      : order;
    // The shopper's confirmation and the owner's alert exist if and only if the order does.
    await options.mails.enqueueNewOrder(tx, toOrder(numbered, items, payment.intentId), snapshot.email);
    return { order: numbered, items, created: true };
  }
  throw new Error('no free order number after 5 draws');
}
