/**
 * Orders paid without a card at checkout: cash on delivery (`POST /v1/orders/cash-on-delivery`), and the page
 * where a manual order's customer pays it by card through the link the owner e-mailed (`/v1/pay/{token}`).
 */
import { z } from 'zod';
import { MoneySchema } from './common.js';
import { envelope } from './envelope.js';
import { LANGUAGES } from './constants.js';
import { DECIMAL_AMOUNT } from './money.js';
import {
  OrderAddressSchema,
  OrderItemSchema,
  OrderPaymentStatusSchema,
  PaymentMethodSchema,
  PaymentStatusSchema,
  SandboxConfirmSchema,
} from './orders.js';

const clientAmount = z.union([
  z.number().nonnegative().max(10_000_000_000),
  z.string().regex(DECIMAL_AMOUNT),
]);

/**
 * `POST /v1/orders/cash-on-delivery` with an `Idempotency-Key` header (the same key answers the same order): the
 * server prices the cart, adds COD_FEE, and the client's total must agree (409 otherwise). The shipping address
 * (else the billing one) must be in the UAE.
 */
export const CashOnDeliveryOrderSchema = z.object({
  total_amount: clientAmount,
  currency: z.literal('AED', { error: 'Only AED is accepted.' }).default('AED'),
  billing_address: OrderAddressSchema,
  shipping_address: z.optional(OrderAddressSchema),
  /** The shipping rate chosen at step 2 (`GET /v1/shipping-methods`); none: the cheapest for the address. */
  shipping_rate_id: z.union([z.number().int().positive(), z.string().regex(/^\d{1,10}$/)]).optional(),
  locale: z.enum(LANGUAGES).optional(),
});
export type CashOnDeliveryOrder = z.infer<typeof CashOnDeliveryOrderSchema>;
export type CashOnDeliveryOrderInput = z.input<typeof CashOnDeliveryOrderSchema>;

export const PlacedOrderResponseSchema = envelope(
  z.object({
    order_id: z.number().int(),
    order_number: z.string(),
    total_amount: MoneySchema,
    payment_method: PaymentMethodSchema,
    payment_status: OrderPaymentStatusSchema,
  }),
);
export type PlacedOrderResponse = z.infer<typeof PlacedOrderResponseSchema>;

// ---------------------------------------------------------------- payment links

export const PaymentLinkParamsSchema = z.object({ token: z.string().min(1).max(200) });

/** `GET /v1/pay/{token}`: the order the link pays, and how the page takes the card. */
export const PaymentLinkResponseSchema = envelope(
  z.object({
    order: z.object({
      order_number: z.string(),
      created_at: z.iso.datetime(),
      items: z.array(OrderItemSchema),
      subtotal: MoneySchema,
      shipping_amount: MoneySchema,
      cod_fee: MoneySchema,
      total_amount: MoneySchema,
      customer_name: z.string(),
      locale: z.enum(LANGUAGES),
    }),
    expires_at: z.iso.datetime(),
    gateway: z.enum(['sandbox', 'stripe']),
    publishableKey: z.string().nullable(),
    stripeJsUrl: z.string().nullable(),
  }),
);
export type PaymentLinkResponse = z.infer<typeof PaymentLinkResponseSchema>;

/** `POST /v1/pay/{token}/intent`: the link's one payment intent (made once, then answered again). */
export const PaymentLinkIntentResponseSchema = envelope(
  z.object({ clientSecret: z.string(), paymentIntentId: z.string(), amount: MoneySchema }),
);

/** `POST /v1/pay/{token}/sandbox-confirm`: the sandbox's card form on the link's page. */
export const PaymentLinkSandboxConfirmSchema = SandboxConfirmSchema.omit({ clientSecret: true });

/** After a confirmation: whether the order is now paid, and the card's refusal if any. */
export const PaymentLinkOutcomeResponseSchema = envelope(
  z.object({
    paid: z.boolean(),
    order_number: z.string(),
    status: PaymentStatusSchema,
    error: z
      .object({ code: z.string(), decline_code: z.string().optional(), message: z.string() })
      .nullable(),
  }),
);
export type PaymentLinkOutcomeResponse = z.infer<typeof PaymentLinkOutcomeResponseSchema>;
