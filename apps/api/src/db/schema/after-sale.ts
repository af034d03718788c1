import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  serial,
  text,
  timestamp,
  unique,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import type {
  LocalizedText,
  RefundKind,
  RefundStatus,
  ReturnReason,
  ReturnStatus,
  ReturnType,
} from '@boutique/contracts';
import { orderItems, orders, payments } from './orders.js';
import { users } from './users.js';

/** What a refund gives back for one order line: pieces and the part of its charged amount (decimal string). */
export interface RefundLine {
  itemId: number;
  quantity: number;
  amount: string;
}

/**
 * Every refund, whatever caused it (docs/decisions/026-refunds-and-credit-notes.md): the owner's, a cancelled
 * order's, a return's, and a payment made without its piece (`sold_out`, no order). A row is written `pending`
 * in the transaction that decides the refund, before the gateway is asked; the gateway call carries
 * `idempotency_key` (or `refund-{id}`), so a retry by the sweep after a crash or an outage is the same refund.
 * `succeeded` rows of an order get their credit note number in the transaction that records the success.
 */
export const refunds = pgTable(
  'refunds',
  {
    id: serial().primaryKey(),
    paymentId: integer()
      .notNull()
      .references(() => payments.id, { onDelete: 'restrict' }),
    orderId: integer().references(() => orders.id, { onDelete: 'restrict' }),
    returnId: integer().references(() => returns.id, { onDelete: 'restrict' }),
    kind: text().$type<RefundKind>().notNull(),
    status: text().$type<RefundStatus>().notNull().default('pending'),
    amount: numeric({ precision: 12, scale: 2 }).notNull(),
    /** Why the money went back, for the owner and the credit note. */
    reason: text().notNull(),
    restock: boolean().notNull().default(false),
    lines: jsonb().$type<RefundLine[]>().notNull().default([]),
    /** The gateway's idempotency key when it is not `refund-{id}` (rows moved from before, keeping theirs). */
    idempotencyKey: text(),
    /** The owner's `Idempotency-Key` header and a hash of the request it came with. */
    requestKey: text(),
    requestHash: text(),
    actorId: integer().references(() => users.id, { onDelete: 'set null' }),
    /** The provider's refund id (`re_...`). */
    gatewayRefundId: text(),
    attempts: integer().notNull().default(0),
    lastError: text(),
    /** When the sweep may ask the gateway again (a try under way pushes it ahead). */
    nextAttemptAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    /** `CN-000001` (tax credit note) or `{order number}-R{n}` (refund receipt); set when it succeeded. */
    creditNoteNumber: text(),
    /** The VAT its credit note reverses. */
    creditNoteVat: numeric({ precision: 12, scale: 2 }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    refundedAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    index('refunds_due_idx')
      .on(t.nextAttemptAt)
      .where(sql`${t.status} = 'pending'`),
    index('refunds_order_idx').on(t.orderId),
    index('refunds_payment_idx').on(t.paymentId),
    unique('refunds_credit_note_number_unique').on(t.creditNoteNumber),
    unique('refunds_idempotency_key_unique').on(t.idempotencyKey),
    unique('refunds_request_key_unique').on(t.orderId, t.requestKey),
    // One automatic refund per payment made without its piece, as before.
    uniqueIndex('refunds_sold_out_payment_unique')
      .on(t.paymentId)
      .where(sql`${t.kind} = 'sold_out'`),
    check('refunds_amount_check', sql`${t.amount} > 0`),
    check('refunds_status_check', sql`${t.status} in ('pending', 'succeeded', 'failed')`),
    check('refunds_kind_check', sql`${t.kind} in ('owner', 'cancellation', 'return', 'sold_out')`),
    check('refunds_order_check', sql`(${t.kind} = 'sold_out') = (${t.orderId} is null)`),
  ],
);

/**
 * The sandbox gateway's own record of the refunds it granted (the sandbox's state lives in the shop's database,
 * as its intents do): what a retry with the same idempotency key answers, and what was already given back.
 */
export const sandboxRefunds = pgTable(
  'sandbox_refunds',
  {
    id: text().primaryKey(),
    intentId: text().notNull(),
    amountFils: integer().notNull(),
    idempotencyKey: text().notNull().unique('sandbox_refunds_idempotency_key_unique'),
    /** Our refund row, as Stripe's metadata would carry it. */
    reference: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('sandbox_refunds_intent_idx').on(t.intentId)],
);

/**
 * A shopper's return or exchange (RMA) of pieces of a delivered order, asked within RETURN_DAYS
 * (docs/decisions/027-returns-and-exchanges.md). The owner moves `status` along the legal steps.
 */
export const returns = pgTable(
  'returns',
  {
    id: serial().primaryKey(),
    /** `RMA-000001`, in sequence. */
    number: text().notNull().unique('returns_number_unique'),
    orderId: integer()
      .notNull()
      .references(() => orders.id, { onDelete: 'restrict' }),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    type: text().$type<ReturnType>().notNull(),
    status: text().$type<ReturnStatus>().notNull().default('requested'),
    reason: text().$type<ReturnReason>().notNull(),
    comment: text(),
    /** Set when received: back on sale (true) or recorded as damaged (false). */
    restocked: boolean(),
    receivedAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('returns_order_idx').on(t.orderId),
    index('returns_status_idx').on(t.status, t.createdAt),
    check('returns_type_check', sql`${t.type} in ('return', 'exchange')`),
    check(
      'returns_status_check',
      sql`${t.status} in ('requested', 'approved', 'rejected', 'received', 'refunded', 'exchanged', 'closed')`,
    ),
  ],
);

export const returnLines = pgTable(
  'return_lines',
  {
    id: serial().primaryKey(),
    returnId: integer()
      .notNull()
      .references(() => returns.id, { onDelete: 'cascade' }),
    orderItemId: integer()
      .notNull()
      .references(() => orderItems.id, { onDelete: 'restrict' }),
    quantity: integer().notNull(),
    /** An exchange's wish. */
    wantedSize: text(),
    wantedColor: text(),
    wantedColorName: jsonb().$type<LocalizedText>(),
  },
  (t) => [
    unique('return_lines_item_unique').on(t.returnId, t.orderItemId),
    check('return_lines_quantity_check', sql`${t.quantity} >= 1`),
  ],
);

/** Each step of a return: who moved it, from where to where, with the note the shopper reads. */
export const returnEvents = pgTable(
  'return_events',
  {
    id: serial().primaryKey(),
    returnId: integer()
      .notNull()
      .references(() => returns.id, { onDelete: 'cascade' }),
    fromStatus: text().$type<ReturnStatus>(),
    toStatus: text().$type<ReturnStatus>().notNull(),
    actorId: integer().references(() => users.id, { onDelete: 'set null' }),
    note: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('return_events_return_idx').on(t.returnId)],
);
