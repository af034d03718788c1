import * as z from 'zod/mini';
import { SIZES } from './constants.js';

/** The shop's automatic mail: bodies of the storefront's forms and the back office's answers. */
export { CheckoutReminderSchema, StockRequestSchema } from './forms.js';
export type { CheckoutReminder, StockRequest, StockRequestInput } from './forms.js';

/** Shoppers waiting for each variant of a product (`GET /api/v1/admin/products/{id}/stock-requests`). */
export const StockRequestsWaitingSchema = z.object({
  success: z.literal(true),
  data: z.object({
    waiting: z.array(z.object({ color: z.string(), size: z.enum(SIZES), waiting: z.number() })),
  }),
});
export type StockRequestsWaiting = z.infer<typeof StockRequestsWaitingSchema>['data']['waiting'];

/** The answer to a stock request: always the same, whether the address is known or not. */
export const StockRequestResponseSchema = z.object({
  success: z.literal(true),
  data: z.object({ message: z.string() }),
});

export const CheckoutReminderResponseSchema = z.object({
  success: z.literal(true),
  data: z.object({ enabled: z.boolean() }),
});
