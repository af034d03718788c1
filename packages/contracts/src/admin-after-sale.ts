/**
 * The back office's side of refunds, credit notes, returns and exchanges (docs/design.md, Money after the
 * sale): its addresses, lists and details. The requests shared with the storefront are in `after-sale.ts`.
 */
import { z } from 'zod';
import { MoneySchema } from './common.js';
import { envelope } from './envelope.js';
import { PLAIN_TEXT, RETURN_STATUSES } from './constants.js';
import { AdminUserRefSchema, AuditEntrySchema } from './admin.js';
import {
  OrderReturnSchema,
  RefundSchema,
  ReturnReasonSchema,
  ReturnStatusSchema,
  ReturnTypeSchema,
} from './after-sale.js';

const ADMIN = '/api/v1/admin';

/** The back office's after-sale addresses, with their builders. */
export const AFTER_SALE_API = {
  /** `POST` a refund, `GET` the order's refunds and what is left to refund. */
  orderRefunds: (orderId: number) => `${ADMIN}/orders/${orderId}/refunds`,
  /** Refunds the owner must look at: pending past their first try, or refused by the gateway. */
  refunds: `${ADMIN}/refunds`,
  returns: `${ADMIN}/returns`,
  return: (id: number) => `${ADMIN}/returns/${id}`,
} as const;

/** A refund with what the owner needs to follow it: tries, the gateway's last word, who made it. */
export const AdminRefundSchema = RefundSchema.extend({
  order_number: z.string().nullable(),
  attempts: z.number().int(),
  last_error: z.string().nullable(),
  actor: AdminUserRefSchema.nullable(),
});
export type AdminRefund = z.infer<typeof AdminRefundSchema>;

export const RefundResponseSchema = envelope(z.object({ refund: RefundSchema }));
export type RefundResponse = z.infer<typeof RefundResponseSchema>;

/** An order's refunds, and what may still be refunded: the amount and each line's pieces with their value. */
export const AdminOrderRefundsResponseSchema = envelope(
  z.object({
    refunds: z.array(AdminRefundSchema),
    refundable: z.object({
      amount: MoneySchema,
      lines: z.array(
        z.object({ line_id: z.number().int(), quantity: z.number().int(), amount: MoneySchema }),
      ),
    }),
  }),
);
export type AdminOrderRefundsResponse = z.infer<typeof AdminOrderRefundsResponseSchema>;

export const AdminRefundListQuerySchema = z.object({
  /** `attention` (default): pending after their first try, or failed. */
  status: z.enum(['attention', 'pending', 'failed', 'succeeded', 'all']).default('attention'),
});
export const AdminRefundListResponseSchema = envelope(z.object({ refunds: z.array(AdminRefundSchema) }));
export type AdminRefundListResponse = z.infer<typeof AdminRefundListResponseSchema>;

export const RETURN_TABS = ['open', 'all', ...RETURN_STATUSES] as const;
export type ReturnTab = (typeof RETURN_TABS)[number];

export const AdminReturnListQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  per_page: z.coerce.number().int().min(1).max(100).default(20),
  /** `open` (default): requested, approved or received, what waits for the owner. */
  status: z.enum(RETURN_TABS).default('open'),
  /** The RMA or order number, or the shopper's e-mail or name. */
  q: z
    .string()
    .trim()
    .max(100, 'Search at most 100 characters.')
    .regex(PLAIN_TEXT, 'The search contains characters that are not allowed.')
    .optional(),
  order_id: z.coerce.number().int().positive().max(2_147_483_647).optional(),
});
export type AdminReturnListQuery = z.infer<typeof AdminReturnListQuerySchema>;

export const AdminReturnRowSchema = z.object({
  id: z.number().int(),
  number: z.string(),
  created_at: z.string(),
  order_id: z.number().int(),
  order_number: z.string(),
  customer: z.object({ name: z.string(), email: z.string() }),
  type: ReturnTypeSchema,
  status: ReturnStatusSchema,
  reason: ReturnReasonSchema,
  pieces: z.number().int(),
});
export type AdminReturnRow = z.infer<typeof AdminReturnRowSchema>;

export const ReturnStatusCountsSchema = z.record(z.enum(RETURN_TABS), z.number().int());
export type ReturnStatusCounts = z.infer<typeof ReturnStatusCountsSchema>;

export const AdminReturnListResponseSchema = envelope(
  z.object({
    returns: z.object({
      data: z.array(AdminReturnRowSchema),
      current_page: z.number().int(),
      last_page: z.number().int(),
      per_page: z.number().int(),
      total: z.number().int(),
    }),
    counts: ReturnStatusCountsSchema,
  }),
);
export type AdminReturnListResponse = z.infer<typeof AdminReturnListResponseSchema>;

export const AdminReturnSchema = OrderReturnSchema.extend({
  order_number: z.string(),
  customer: AdminUserRefSchema,
  /** An approved exchange's pieces set aside for the shopper, by line. */
  held: z.array(z.object({ line_id: z.number().int(), size: z.string(), quantity: z.number().int() })),
  history: z.array(OrderReturnSchema.shape.history.element.extend({ by: AdminUserRefSchema.nullable() })),
  refund: AdminRefundSchema.nullable(),
});
export type AdminReturn = z.infer<typeof AdminReturnSchema>;

export const AdminReturnResponseSchema = envelope(
  z.object({ return: AdminReturnSchema, audit: z.array(AuditEntrySchema) }),
);
export type AdminReturnResponse = z.infer<typeof AdminReturnResponseSchema>;
