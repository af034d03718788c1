import { asc, eq, sql } from 'drizzle-orm';
import { languagePath, type Order } from '@boutique/contracts';
import type { Database } from '../../db/client.js';
import { documentCounters, orderItems, orders, payments, users } from '../../db/schema/index.js';
import { enqueueMail } from '../outbox/index.js';
import {
  confirmationMail,
  orderStatusMail,
  ownerNewOrderMail,
  paymentLinkMail,
  type ShopIdentity,
  type StatusMailInput,
} from './order-mails.js';
import { invoiceTotals } from './invoice.js';
import { emailLanguage as asLanguage } from '../../lib/mail-layout.js';
import { toOrder } from './order-view.js';

type Tx = Database;

/** The next tax invoice number, in the order's transaction: gapless, since a rollback gives it back. */
export function nextInvoiceNumber(tx: Tx): Promise<string> {
  return nextDocumentNumber(tx, 'tax_invoice', 'INV-');
}

/**
 * The next number of a document series (`INV-000001`, `CN-000001`, `RMA-000001`), in the transaction of what
 * takes it: the counter's row stays locked until that commits, and a rollback gives the number back, so the
 * series has no gap however many take numbers at once.
 */
export async function nextDocumentNumber(tx: Tx, series: string, prefix: string): Promise<string> {
  const [row] = await tx
    .insert(documentCounters)
    .values({ name: series, last: 1 })
    .onConflictDoUpdate({ target: documentCounters.name, set: { last: sql`${documentCounters.last} + 1` } })
    .returning({ last: documentCounters.last });
  if (!row) throw new Error(`${series} counter not written`);
  return `${prefix}${String(row.last).padStart(6, '0')}`;
}

/** An order with its lines and payment, read in `tx`, and its shopper's address: what its e-mails need. */
async function orderForMail(tx: Tx, orderId: number): Promise<{ order: Order; email: string } | undefined> {
  const [row] = await tx
    .select({ order: orders, email: users.email, intentId: payments.intentId })
    .from(orders)
    .innerJoin(users, eq(users.id, orders.userId))
    .innerJoin(payments, eq(payments.id, orders.paymentId))
    .where(eq(orders.id, orderId))
    .limit(1);
  if (!row) return undefined;
  const items = await tx
    .select()
    .from(orderItems)
    .where(eq(orderItems.orderId, orderId))
    .orderBy(asc(orderItems.id));
  return { order: toOrder(row.order, items, row.intentId), email: row.email };
}

/**
 * The order e-mails, enqueued in the transaction that makes or moves the order: the shopper's confirmation
 * and the owner's alert when it is made, the shopper's news at each move. In the order's language.
 */
export class OrderMails {
  constructor(
    private readonly shop: ShopIdentity,
    private readonly taxInvoice: boolean,
  ) {}

  /** The new order's confirmation to the shopper and alert to the owner (SHOP_EMAIL). */
  async enqueueNewOrder(tx: Tx, order: Order, customerEmail: string | undefined): Promise<void> {
    const totals = invoiceTotals(order);
    const ctx = {
      shop: this.shop,
      vat: totals.vat,
      vatPercent: totals.vatPercent,
      taxInvoice: this.taxInvoice,
    };
    const about = `order:${order.id}`;
    await enqueueMail(
      tx,
      ...(customerEmail
        ? [
            {
              kind: 'order_confirmation',
              about,
              message: confirmationMail(order, customerEmail, asLanguage(order.locale), ctx),
            },
          ]
        : []),
      { kind: 'owner_new_order', about, message: ownerNewOrderMail(order, customerEmail ?? '', ctx) },
    );
  }

  /** A manual order's payment link to its customer, in the order's language, in the order's transaction. */
  async enqueuePaymentLink(tx: Tx, orderId: number, path: string, expiresAt: Date): Promise<void> {
    const found = await orderForMail(tx, orderId);
    if (!found) throw new Error(`order ${orderId} not found`);
    const lang = asLanguage(found.order.locale);
    const link = this.shop.publicUrl + languagePath(lang, path);
    await enqueueMail(tx, {
      kind: 'payment_link',
      about: `order:${orderId}`,
      message: paymentLinkMail(found.order, found.email, lang, this.shop, link, expiresAt),
    });
  }

  /**
   * The shopper's e-mail for a move of their order (`processing`, `shipped` with carrier and tracking number,
   * `delivered`, `cancelled`), in the order's language. Call it in the transaction that moves the order: the
   * back office does, through `app.orderMails`.
   */
  async enqueueOrderStatusMail(tx: Tx, orderId: number, input: StatusMailInput): Promise<void> {
    const found = await orderForMail(tx, orderId);
    if (!found) throw new Error(`order ${orderId} not found`);
    await enqueueMail(tx, {
      kind: `order_${input.status}`,
      about: `order:${orderId}`,
      message: orderStatusMail(found.order, found.email, asLanguage(found.order.locale), this.shop, input),
    });
  }
}
