import { sql } from 'drizzle-orm';
import {
  check,
  index,
  integer,
  jsonb,
  numeric,
  pgEnum,
  pgTable,
  serial,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import type { LocalizedText, OrderPaymentStatus, PaymentStatus } from '@boutique/contracts';
import { users } from './users.js';
import { products } from './catalog.js';

export const fulfillmentStatus = pgEnum('fulfillment_status', [
  'unfulfilled',
  'processing',
  'shipped',
  'delivered',
  'cancelled',
]);

export const paymentStatus = pgEnum('payment_status', [
  'requires_payment_method',
  'processing',
  'succeeded',
  'failed',
  'canceled',
  // Orders only (a payment row never takes them): what refunds made of the order's payment.
  'partially_refunded',
  'refunded',
  // Orders only: placed without a card (cash on delivery, a payment link), its money still to come.
  'awaiting_payment',
]);

export const paymentMethod = pgEnum('payment_method', [
  'card',
  'apple_pay',
  'cash_on_delivery',
  'paid_offline',
  'payment_link',
]);

/** Postal address as the checkout form collects it (spec section 3, "Checkout address"). */
export interface AddressSnapshot {
  name: string;
  email: string;
  phone: string;
  address: string;
  city: string;
  postalCode: string;
  country: string;
}

/** One line of the cart as it was priced when the payment was prepared. */
export interface PricedLine {
  productId: number;
  slug: string;
  color: string;
  size: string;
  quantity: number;
  /** Unit price, decimal string. */
  price: string;
  /** What the cart's discount code took off this line (all its pieces), decimal string; absent: nothing. */
  discount?: string;
}

/**
 * The shipping rate a payment was priced with, frozen (the owner may change or delete the rate later): the
 * order is made from it.
 */
export interface ShippingChoice {
  rateId: number;
  name: LocalizedText;
  /** What the shipping cost, decimal string (0.00 when free over the subtotal). */
  price: string;
  minDays: number;
  maxDays: number;
  /** The country it was priced for. */
  country: string | null;
}

/**
 * A payment as this shop knows it, whichever gateway carries it: the sandbox keeps its whole state here, the
 * Stripe gateway mirrors its PaymentIntent. `lines` freezes the cart that was priced, so the order made from
 * a succeeded payment (by the shopper's order call or by reconciliation) is exactly what was paid for.
 */
export const payments = pgTable(
  'payments',
  {
    id: serial().primaryKey(),
    /** The gateway's id (`pi_...`): the spec's paymentIntentId and the order's transaction_id. */
    intentId: text().notNull().unique('payments_intent_id_unique'),
    gateway: text().notNull(),
    /**
     * What the browser confirms the payment with. The sandbox checks it on confirm; for Stripe it is a copy of
     * the PaymentIntent's, so an update can answer without another call.
     */
    clientSecret: text(),
    /** Bumped by every change of amount and lines: names the gateway call that carries the change. */
    version: integer().notNull().default(0),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    method: paymentMethod().notNull().default('card'),
    amount: numeric({ precision: 12, scale: 2 }).notNull(),
    currency: text().notNull().default('AED'),
    status: paymentStatus().$type<PaymentStatus>().notNull().default('requires_payment_method'),
    lines: jsonb().$type<PricedLine[]>().notNull(),
    /** The shipping priced into `amount` (null on payments made before shipping rates: shipped free). */
    shipping: jsonb().$type<ShippingChoice>(),
    /** The discount code priced into `amount` (as the owner wrote it), and what it took off; frozen with the lines. */
    discountCode: text(),
    discountAmount: numeric({ precision: 12, scale: 2 }).notNull().default('0.00'),
    billingAddress: jsonb().$type<AddressSnapshot>(),
    shippingAddress: jsonb().$type<AddressSnapshot>(),
    /** Last decline or failure message from the gateway, shown to the shopper as returned. */
    lastError: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('payments_user_idx').on(t.userId),
    index('payments_status_idx').on(t.status, t.updatedAt),
    check('payments_amount_check', sql`${t.amount} >= 0`),
  ],
);

export const orders = pgTable(
  'orders',
  {
    id: serial().primaryKey(),
    /** Human-friendly and unique, e.g. `DL-26-7K3M9Q`. */
    orderNumber: text().notNull().unique('orders_order_number_unique'),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    /** One order per payment: the unique key is what makes order creation idempotent. */
    paymentId: integer()
      .notNull()
      .references(() => payments.id, { onDelete: 'restrict' })
      .unique('orders_payment_id_unique'),
    fulfillmentStatus: fulfillmentStatus().notNull().default('unfulfilled'),
    paymentStatus: paymentStatus().$type<OrderPaymentStatus>().notNull(),
    paymentMethod: paymentMethod().notNull(),
    currency: text().notNull().default('AED'),
    subtotal: numeric({ precision: 12, scale: 2 }).notNull(),
    shippingAmount: numeric({ precision: 12, scale: 2 }).notNull().default('0.00'),
    /** Cash on delivery's fee (COD_FEE at order time), VAT included, part of the total. */
    codFee: numeric({ precision: 12, scale: 2 }).notNull().default('0.00'),
    /** The owner's note on a manual order (a WhatsApp or phone sale); never shown to the shopper. */
    note: text(),
    /** The rate the order ships by, with its delivery estimate, as the payment froze it. */
    shippingMethod: jsonb().$type<ShippingChoice>(),
    /** The discount code the order used and what it took off (subtotal + shipping - discount = total). */
    discountCode: text(),
    discountAmount: numeric({ precision: 12, scale: 2 }).notNull().default('0.00'),
    totalAmount: numeric({ precision: 12, scale: 2 }).notNull(),
    billingAddress: jsonb().$type<AddressSnapshot>().notNull(),
    shippingAddress: jsonb().$type<AddressSnapshot>(),
    /** How the order came to be: the shopper's order call, or reconciliation of a paid intent. */
    source: text().notNull().default('checkout'),
    /** The shopper's language when ordering (`en`, `fr`, `ar`): its e-mails and invoice are in it. */
    locale: text().notNull().default('en'),
    /** `INV-000001`..., in sequence without gaps, when the shop is VAT-registered (SHOP_TRN) at order time. */
    invoiceNumber: text().unique('orders_invoice_number_unique'),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    /** Counts the back office's writes: a write based on an older version is refused (db/versions.ts). */
    version: integer().notNull().default(1),
  },
  (t) => [
    index('orders_user_idx').on(t.userId, t.createdAt),
    check('orders_total_check', sql`${t.totalAmount} >= 0`),
  ],
);

export const orderItems = pgTable(
  'order_items',
  {
    id: serial().primaryKey(),
    orderId: integer()
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    productId: integer().references(() => products.id, { onDelete: 'set null' }),
    /** Copied at order time: an order reads the same after the catalogue changes. */
    productSlug: text().notNull(),
    productName: jsonb().$type<LocalizedText>().notNull(),
    productImage: text(),
    color: text().notNull().default(''),
    colorName: jsonb().$type<LocalizedText>(),
    size: text().notNull(),
    quantity: integer().notNull(),
    price: numeric({ precision: 12, scale: 2 }).notNull(),
    /** The order's discount that fell on this line (all its pieces): a refund of the line gives back less. */
    discount: numeric({ precision: 12, scale: 2 }).notNull().default('0.00'),
    /** Pieces of the line put back on sale (a cancellation, a refund with restock, a return received). */
    restockedQuantity: integer().notNull().default(0),
  },
  (t) => [
    index('order_items_order_idx').on(t.orderId),
    check('order_items_quantity_check', sql`${t.quantity} >= 1`),
    check(
      'order_items_restocked_check',
      sql`${t.restockedQuantity} >= 0 and ${t.restockedQuantity} <= ${t.quantity}`,
    ),
  ],
);

/** Status history: who moved an order, from where to where, and when. */
export const orderStatusEvents = pgTable(
  'order_status_events',
  {
    id: serial().primaryKey(),
    orderId: integer()
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    fromStatus: fulfillmentStatus(),
    toStatus: fulfillmentStatus().notNull(),
    actorId: integer().references(() => users.id, { onDelete: 'set null' }),
    /** Given by the admin with the move (usually with `shipped`), and e-mailed to the shopper. */
    carrier: text(),
    trackingNumber: text(),
    note: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('order_status_events_order_idx').on(t.orderId)],
);

/**
 * The payment link of a manual order: the owner e-mails it, the customer pays that order by card with it, once.
 * Only the token's SHA-256 is stored; `used_at` is set when the order is paid.
 */
export const paymentLinks = pgTable('payment_links', {
  id: serial().primaryKey(),
  orderId: integer()
    .notNull()
    .references(() => orders.id, { onDelete: 'cascade' })
    .unique('payment_links_order_id_unique'),
  tokenHash: text().notNull().unique('payment_links_token_hash_unique'),
  expiresAt: timestamp({ withTimezone: true }).notNull(),
  usedAt: timestamp({ withTimezone: true }),
  createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});

/** Gateway events (webhooks) already handled: a redelivered event is recognised and skipped. */
export const paymentEvents = pgTable('payment_events', {
  id: text().primaryKey(),
  gateway: text().notNull(),
  type: text().notNull(),
  receivedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});
