/**
 * Money after the sale: refunds, credit notes, returns and exchanges, as the shopper sees them and as the owner
 * asks for them (`POST /api/v1/admin/orders/{id}/refunds`, `POST /api/v1/orders/{id}/returns`,
 * `PATCH /api/v1/admin/returns/{id}`). The back office's lists and details are in `admin-after-sale.ts`.
 */
import { z } from 'zod';
import { LocalizedTextSchema, MoneySchema, PLAIN_TEXT_LINES } from './common.js';
import {
  PLAIN_TEXT,
  REFUND_KINDS,
  REFUND_STATUSES,
  RETURN_REASONS,
  RETURN_STATUSES,
  RETURN_TYPES,
  SIZES,
  type ReturnStatus,
  type ReturnType,
} from './constants.js';
import { DECIMAL_AMOUNT, toFils } from './money.js';
import { envelope } from './envelope.js';

export const RefundStatusSchema = z.enum(REFUND_STATUSES);
export const RefundKindSchema = z.enum(REFUND_KINDS);
export const ReturnTypeSchema = z.enum(RETURN_TYPES);
export const ReturnStatusSchema = z.enum(RETURN_STATUSES);
export const ReturnReasonSchema = z.enum(RETURN_REASONS);

const lineId = z
  .number({ error: 'Choose a line of the order.' })
  .int('Choose a line of the order.')
  .positive('Choose a line of the order.')
  .max(2_147_483_647, 'Choose a line of the order.');
const pieces = z
  .number({ error: 'The quantity must be a whole number of pieces.' })
  .int('The quantity must be a whole number of pieces.')
  .min(1, 'The quantity must be at least 1.')
  .max(99, 'The quantity may not be greater than 99.');

const freeText = (field: string, max: number) =>
  z
    .string({ error: `The ${field} must be text.` })
    .trim()
    .max(max, `The ${field} may not be greater than ${max} characters.`)
    .regex(PLAIN_TEXT_LINES, `The ${field} contains characters that are not allowed.`);

/** Lines named once each: a second mention of a line is a mistake, not a sum. */
const distinctLines = <T extends { line_id: number }>(lines: T[] | undefined, ctx: z.RefinementCtx) => {
  const seen = new Set<number>();
  lines?.forEach((line, index) => {
    if (seen.has(line.line_id))
      ctx.addIssue({
        code: 'custom',
        path: ['lines', index, 'line_id'],
        message: 'Each line may be named once.',
      });
    seen.add(line.line_id);
  });
};

// ---------------------------------------------------------------- refunds

/**
 * The owner's refund (docs/design.md, Money after the sale). `amount` defaults to what the lines were
 * charged, or without lines to what is left to refund; never more than was paid and not yet refunded.
 * `restock` puts the lines' pieces back on sale.
 */
export const RefundCreateSchema = z
  .object({
    amount: z
      .string({ error: 'The amount must be an amount in AED, e.g. 250.00.' })
      .trim()
      .regex(DECIMAL_AMOUNT, 'The amount must be an amount in AED with at most two decimals, e.g. 250.00.')
      .refine((s) => !DECIMAL_AMOUNT.test(s) || toFils(s) > 0, 'The amount must be more than 0.')
      .optional(),
    lines: z
      .array(z.object({ line_id: lineId, quantity: pieces }), { error: 'Choose the lines to refund.' })
      .min(1, 'Choose at least one line, or leave the lines out.')
      .max(100)
      .optional(),
    restock: z.boolean({ error: 'Say whether the pieces go back on sale (true or false).' }),
    reason: freeText('reason', 500).min(1, 'The reason field is required.'),
  })
  .superRefine((v, ctx) => distinctLines(v.lines, ctx));
export type RefundCreate = z.infer<typeof RefundCreateSchema>;
export type RefundCreateInput = z.input<typeof RefundCreateSchema>;

/** `Idempotency-Key`: the same key on one order answers the same refund, however often it is sent. */
export const IdempotencyKeySchema = z
  .string()
  .regex(/^[\x21-\x7e]{1,200}$/, 'The Idempotency-Key must be 1 to 200 printable characters without spaces.');

/** A refund as the shopper sees it, with its credit note once the money went back. */
export const OrderRefundSchema = z.object({
  id: z.number().int(),
  amount: MoneySchema,
  status: RefundStatusSchema,
  /** `CN-000012` (a tax credit note) or `{order}-R1` (a refund receipt, without SHOP_TRN); null until it succeeded. */
  credit_note_number: z.string().nullable(),
  created_at: z.string(),
  refunded_at: z.string().nullable(),
});
export type OrderRefund = z.infer<typeof OrderRefundSchema>;

/**
 * `POST /v1/admin/orders/{id}/refunds` answers `data.refund` (an order's refund as its shopper sees it, and a
 * few more fields).
 */
export const RefundSchema = OrderRefundSchema.extend({
  order_id: z.number().int().nullable(),
  kind: RefundKindSchema,
  reason: z.string(),
  restock: z.boolean(),
  lines: z.array(z.object({ line_id: z.number().int(), quantity: z.number().int(), amount: MoneySchema })),
  /** VAT its credit note gives back; null until it is issued. */
  vat: MoneySchema.nullable(),
  return_number: z.string().nullable(),
});
export type Refund = z.infer<typeof RefundSchema>;

// ---------------------------------------------------------------- returns and exchanges

/**
 * The shopper's request (`POST /v1/orders/{id}/returns`): pieces of lines of a delivered order, within the
 * shop's return days, with a reason; an exchange names, for each line, the size (and colour) wanted instead.
 */
export const ReturnCreateSchema = z
  .object({
    type: z.enum(RETURN_TYPES, { error: 'Choose a return or an exchange.' }),
    reason: z.enum(RETURN_REASONS, { error: 'Choose a reason.' }),
    comment: freeText('comment', 1000).optional(),
    lines: z
      .array(
        z.object({
          line_id: lineId,
          quantity: pieces,
          size: z.enum(SIZES, { error: 'Choose a size: S, M, L or XL.' }).optional(),
          color: z
            .string()
            .trim()
            .max(60)
            .regex(PLAIN_TEXT, 'The colour contains characters that are not allowed.')
            .optional(),
        }),
        { error: 'Choose the pieces to send back.' },
      )
      .min(1, 'Choose at least one piece.')
      .max(50),
  })
  .superRefine((v, ctx) => {
    distinctLines(v.lines, ctx);
    if (v.type !== 'exchange') return;
    v.lines.forEach((line, index) => {
      if (!line.size)
        ctx.addIssue({
          code: 'custom',
          path: ['lines', index, 'size'],
          message: 'Choose the size you would like instead.',
        });
    });
  });
export type ReturnCreate = z.infer<typeof ReturnCreateSchema>;
export type ReturnCreateInput = z.input<typeof ReturnCreateSchema>;

export const ReturnLineSchema = z.object({
  line_id: z.number().int(),
  product_slug: z.string(),
  product_name: LocalizedTextSchema,
  product_image: z.string().nullable(),
  size: z.string(),
  color_name: LocalizedTextSchema.nullable(),
  quantity: z.number().int(),
  /** An exchange's wish: the size and colour wanted instead. */
  wanted_size: z.enum(SIZES).nullable(),
  wanted_color: z.string().nullable(),
  wanted_color_name: LocalizedTextSchema.nullable(),
});
export type ReturnLine = z.infer<typeof ReturnLineSchema>;

export const ReturnEventSchema = z.object({
  status: ReturnStatusSchema,
  at: z.string(),
  /** What the owner wrote with the step, shown to the shopper. */
  note: z.string().nullable(),
});

/** A return as the shopper follows it in My orders. */
export const OrderReturnSchema = z.object({
  id: z.number().int(),
  /** `RMA-000042`. */
  number: z.string(),
  order_id: z.number().int(),
  type: ReturnTypeSchema,
  status: ReturnStatusSchema,
  reason: ReturnReasonSchema,
  comment: z.string().nullable(),
  lines: z.array(ReturnLineSchema),
  history: z.array(ReturnEventSchema),
  /** Set once received: back on sale, or recorded as damaged. */
  restocked: z.boolean().nullable(),
  refund: OrderRefundSchema.nullable(),
  created_at: z.string(),
});
export type OrderReturn = z.infer<typeof OrderReturnSchema>;

export const ReturnResponseSchema = envelope(z.object({ return: OrderReturnSchema }));
export type ReturnResponse = z.infer<typeof ReturnResponseSchema>;

/** The owner's step (`PATCH /v1/admin/returns/{id}`); `restock` is asked when the parcel is received. */
export const ReturnUpdateSchema = z.object({
  status: z.enum(['approved', 'rejected', 'received', 'refunded', 'exchanged', 'closed'], {
    error: 'The status must be approved, rejected, received, refunded, exchanged or closed.',
  }),
  note: freeText('note', 1000)
    .transform((s) => s || null)
    .nullable()
    .optional(),
  restock: z.boolean({ error: 'Say whether the pieces go back on sale (true or false).' }).optional(),
});
export type ReturnUpdate = z.infer<typeof ReturnUpdateSchema>;

/**
 * Where a return may go from `from` (docs/design.md, Money after the sale): asked, then approved or rejected;
 * an approved parcel is received (or the request closed); a received one is refunded (a return) or its new
 * piece shipped (an exchange), or closed; refunded and exchanged ones are closed. Rejected and closed are
 * final.
 */
export function nextReturnStatuses(
  from: ReturnStatus,
  type: ReturnType,
): Exclude<ReturnStatus, 'requested'>[] {
  switch (from) {
    case 'requested':
      return ['approved', 'rejected'];
    case 'approved':
      return ['received', 'closed'];
    case 'received':
      return [type === 'exchange' ? 'exchanged' : 'refunded', 'closed'];
    case 'refunded':
    case 'exchanged':
      return ['closed'];
    case 'rejected':
    case 'closed':
      return [];
  }
}

/** Why `from -> to` is refused, or undefined when it is allowed. */
export function illegalReturnMove(
  from: ReturnStatus,
  to: ReturnStatus,
  type: ReturnType,
): string | undefined {
  if (from === to) return `The return is already ${to}.`;
  if ((nextReturnStatuses(from, type) as ReturnStatus[]).includes(to)) return undefined;
  if (to === 'refunded' && type === 'exchange') return 'An exchange is completed by shipping the new piece.';
  if (to === 'exchanged' && type === 'return') return 'A return is completed by a refund.';
  if (from === 'rejected' || from === 'closed') return `A ${from} return cannot change any more.`;
  return `A ${from} return cannot become ${to}.`;
}
