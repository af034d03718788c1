import { z } from 'zod';
import { partial } from 'zod/mini';
import { LocalizedTextSchema, MoneySchema, PLAIN_TEXT_LINES } from './common.js';
import { envelope } from './envelope.js';
import {
  CHECKOUT_CARD_METHODS,
  FULFILLMENT_STATUSES,
  LANGUAGES,
  ORDER_PAYMENT_STATUSES,
  PAYMENT_METHODS,
  PAYMENT_STATUSES,
  SIZES,
} from './constants.js';
import { AddressFieldsSchema } from './account.js';
import { DECIMAL_AMOUNT } from './money.js';
import { OrderRefundSchema, OrderReturnSchema } from './after-sale.js';

export const FulfillmentStatusSchema = z.enum(FULFILLMENT_STATUSES);
export const PaymentStatusSchema = z.enum(PAYMENT_STATUSES);
/** An order's payment: the payment's statuses, and `partially_refunded` / `refunded` once money went back. */
export const OrderPaymentStatusSchema = z.enum(ORDER_PAYMENT_STATUSES);
export const PaymentMethodSchema = z.enum(PAYMENT_METHODS);

const intentId = z
  .string({ error: 'The payment intent is required.' })
  .regex(/^pi_[A-Za-z0-9_]{8,200}$/, 'The payment intent is not valid.');

/** A client amount: a number (the spec's client sends one) or a decimal string; compared in fils. */
const clientAmount = z.union([
  z.number().nonnegative().max(10_000_000_000),
  z.string().regex(DECIMAL_AMOUNT),
]);

// ---------------------------------------------------------------- payments

/** Which gateway serves the checkout, so the storefront shows our sandbox card form or Stripe Elements. */
export const PaymentConfigResponseSchema = envelope(
  z.object({
    gateway: z.enum(['sandbox', 'stripe']),
    /** Stripe's publishable key; null in sandbox mode. */
    publishableKey: z.string().nullable(),
    /** Where Stripe.js is loaded from when it is not js.stripe.com (a stand-in in tests); null otherwise. */
    stripeJsUrl: z.string().nullable(),
    testMode: z.boolean(),
    /** Cash on delivery: offered for UAE addresses when enabled, with its fee. */
    cash_on_delivery: z.object({ enabled: z.boolean(), fee: MoneySchema, country: z.string() }),
  }),
);
export type PaymentConfigResponse = z.infer<typeof PaymentConfigResponseSchema>;

/**
 * Shipping chosen at checkout step 2 (DESIGN section 17): the rate's id from `GET /api/v1/shipping-methods`
 * and the shipping address's country. The server prices the rate for that country (422 on `shipping_rate_id`
 * when the country's zone does not offer it); without a rate, the cheapest of the country's zone (the
 * worldwide zone's without a country).
 */
const shippingChoice = {
  shipping_rate_id: z
    .union([z.number().int().positive(), z.string().regex(/^\d{1,9}$/, 'Choose a shipping method.')])
    .optional(),
  country: z
    .string()
    .trim()
    .toUpperCase()
    .regex(/^[A-Z]{2}$/, 'The country must be an ISO 3166 alpha-2 code, such as AE.')
    .optional(),
};

/**
 * The amount must equal the server cart's total with its shipping (409 otherwise); the intent is priced from
 * the server cart.
 */
export const CreatePaymentIntentSchema = z.object({
  amount: clientAmount,
  currency: z.literal('AED', { error: 'Only AED is accepted.' }).default('AED'),
  ...shippingChoice,
});
export const PaymentIntentResponseSchema = envelope(
  z.object({ clientSecret: z.string(), paymentIntentId: z.string(), amount: MoneySchema }),
);
export type PaymentIntentResponse = z.infer<typeof PaymentIntentResponseSchema>;

export const UpdatePaymentIntentSchema = z.object({
  paymentIntentId: intentId,
  amount: clientAmount,
  ...shippingChoice,
});

/**
 * Sandbox only (`POST /v1/payments/sandbox/confirm`): what Stripe.js's confirmCardPayment does with a card, done
 * offline with Stripe's test cards. Answers like Stripe: a status, or an error with the card's message.
 */
export const SandboxConfirmSchema = z.object({
  clientSecret: z.string().min(1).max(300),
  card: z.object({
    number: z.string().max(30),
    exp_month: z.number().int(),
    exp_year: z.number().int(),
    cvc: z.string().max(4),
  }),
  billing_details: z.optional(partial(AddressFieldsSchema)),
});
export type SandboxConfirm = z.infer<typeof SandboxConfirmSchema>;
export const PaymentConfirmResponseSchema = envelope(
  z.object({
    paymentIntent: z.object({ id: z.string(), status: PaymentStatusSchema }),
    /** Set when the card was refused: Stripe's codes and English message (the storefront translates the codes). */
    error: z
      .object({ code: z.string(), decline_code: z.string().optional(), message: z.string() })
      .nullable(),
  }),
);
export type PaymentConfirmResponse = z.infer<typeof PaymentConfirmResponseSchema>;

export const ProcessPaymentSchema = z.object({
  paymentIntentId: intentId,
  order_id: z.number().int().positive(),
});
export const ProcessPaymentResponseSchema = envelope(
  z.object({ paymentIntentId: z.string(), order_id: z.number().int(), status: PaymentStatusSchema }),
);

// ---------------------------------------------------------------- Apple Pay

export const ApplePayConfigResponseSchema = envelope(
  z.object({
    countryCode: z.string(),
    currencyCode: z.string(),
    supportedNetworks: z.array(z.string()),
    merchantCapabilities: z.array(z.string()),
    merchantName: z.string(),
  }),
);

const applePayContact = z
  .object({
    givenName: z.string().max(100).optional(),
    familyName: z.string().max(100).optional(),
    emailAddress: z.string().max(254).optional(),
    phoneNumber: z.string().max(40).optional(),
    addressLines: z.array(z.string().max(200)).max(4).optional(),
    locality: z.string().max(100).optional(),
    postalCode: z.string().max(20).optional(),
    countryCode: z.string().max(2).optional(),
  })
  .partial();

export const ApplePayProcessSchema = z.object({
  /** ApplePayPayment.token as the browser hands it over. */
  applePayToken: z.object({
    paymentData: z.unknown(),
    paymentMethod: z
      .object({
        displayName: z.string().optional(),
        network: z.string().optional(),
        type: z.string().optional(),
      })
      .partial()
      .optional(),
    transactionIdentifier: z.string().max(200).optional(),
  }),
  billing_contact: applePayContact.optional(),
  shipping_contact: applePayContact.optional(),
  /** The rate chosen; priced for the wallet's shipping contact's country. */
  shipping_rate_id: shippingChoice.shipping_rate_id,
  amount: clientAmount,
  currency: z.literal('AED', { error: 'Only AED is accepted.' }).default('AED'),
});
export const ApplePayProcessResponseSchema = envelope(
  z.object({
    success: z.boolean(),
    transaction_id: z.string().nullable(),
    /** Stripe's English words; the storefront shows `code`'s text in the shopper's language instead. */
    message: z.string(),
    /**
     * On a refusal: Stripe's decline code (`insufficient_funds`) or error code (`expired_card`), or
     * `status_<status>` when the payment simply did not succeed.
     */
    code: z.string().optional(),
  }),
);

// ---------------------------------------------------------------- orders

export const OrderAddressSchema = AddressFieldsSchema;

/**
 * An address as an order keeps it. Same fields as the checkout's, without the input rules: an order made by
 * reconciliation from a payment whose shopper never sent the order call may know only a name and an e-mail.
 */
export const StoredAddressSchema = z.object({
  name: z.string(),
  email: z.string(),
  phone: z.string(),
  address: z.string(),
  city: z.string(),
  postalCode: z.string(),
  country: z.string(),
});
export type StoredAddress = z.infer<typeof StoredAddressSchema>;

/** The spec's order creation payload. Prices and totals are checked against the server, never trusted. */
export const CreateOrderSchema = z.object({
  total_amount: clientAmount,
  currency: z.literal('AED', { error: 'Only AED is accepted.' }).default('AED'),
  transaction_id: intentId,
  payment_status: PaymentStatusSchema.optional(),
  payment_method: z.enum(CHECKOUT_CARD_METHODS).default('card'),
  billing_address: OrderAddressSchema,
  shipping_address: z.optional(OrderAddressSchema),
  /** The shopper's language: the order's e-mails and invoice are written in it. */
  locale: z.enum(LANGUAGES).optional(),
  items: z
    .array(
      z.object({
        product_slug: z.string().min(1).max(200),
        quantity: z.number().int().min(1).max(99),
        price: clientAmount,
        options: z.object({ color: z.string().max(60).nullable().optional(), size: z.enum(SIZES) }),
      }),
    )
    .min(1, 'The order has no items.')
    .max(100),
});
export type CreateOrder = z.infer<typeof CreateOrderSchema>;
export type CreateOrderInput = z.input<typeof CreateOrderSchema>;

export const CreateOrderResponseSchema = envelope(
  z.object({ order_id: z.number().int(), order_number: z.string(), total_amount: MoneySchema }),
);
export type CreateOrderResponse = z.infer<typeof CreateOrderResponseSchema>;

/** The shipping rate an order ships by, frozen when it was paid. */
export const ShippingMethodRefSchema = z.object({
  id: z.number().int(),
  name: LocalizedTextSchema,
  min_days: z.number().int(),
  max_days: z.number().int(),
});
export type ShippingMethodRef = z.infer<typeof ShippingMethodRefSchema>;

export const OrderItemSchema = z.object({
  id: z.number().int(),
  product_slug: z.string(),
  product_name: LocalizedTextSchema,
  product_image: z.string().nullable(),
  price: MoneySchema,
  quantity: z.number().int(),
  line_total: MoneySchema,
  /** The order's discount that fell on this line (all its pieces). */
  discount: MoneySchema,
  options: z.object({
    color: z.string().nullable(),
    color_name: LocalizedTextSchema.nullable(),
    size: z.enum(SIZES),
  }),
  /** Pieces of the line refunded so far. */
  refunded_quantity: z.number().int().optional(),
  /** Pieces the shopper may still ask to return or exchange (0 outside the return days). */
  returnable_quantity: z.number().int().optional(),
});
export type OrderItem = z.infer<typeof OrderItemSchema>;

export const OrderSchema = z.object({
  id: z.number().int(),
  order_number: z.string(),
  created_at: z.iso.datetime(),
  fulfillment_status: FulfillmentStatusSchema,
  payment_status: OrderPaymentStatusSchema,
  payment_method: PaymentMethodSchema,
  subtotal: MoneySchema,
  shipping_amount: MoneySchema,
  /** What cash on delivery added (COD_FEE when the order was placed), its own line in the totals. */
  cod_fee: MoneySchema.optional(),
  /** The rate the order ships by and its delivery estimate, as paid for (null on orders from before rates). */
  shipping_method: ShippingMethodRefSchema.nullable().optional(),
  /** The discount code the order used (as the owner wrote it) and what it took off; null and 0.00: none. */
  discount_code: z.string().nullable(),
  discount_amount: MoneySchema,
  total_amount: MoneySchema,
  currency: z.literal('AED'),
  items: z.array(OrderItemSchema),
  billing_address: StoredAddressSchema,
  shipping_address: StoredAddressSchema.nullable(),
  /** The payment the order was made from: the spec's transaction_id. */
  transaction_id: z.string(),
  /** The language the order was placed in. */
  locale: z.enum(LANGUAGES).optional(),
  /** The tax invoice's number (`INV-000042`) when the shop was VAT-registered at order time. */
  invoice_number: z.string().nullable().optional(),
  /** What refunds gave back so far (succeeded ones). */
  refunded_amount: MoneySchema.optional(),
  refunds: z.array(OrderRefundSchema).optional(),
  returns: z.array(OrderReturnSchema).optional(),
  /** When delivered: the last moment a return or exchange may be asked (RETURN_DAYS after delivery). */
  delivered_at: z.string().nullable().optional(),
  return_until: z.string().nullable().optional(),
});
export type Order = z.infer<typeof OrderSchema>;

export const OrderIdParamsSchema = z.object({
  id: z.coerce.number().int().positive().max(2_147_483_647),
});
export const OrderListResponseSchema = envelope(z.object({ orders: z.array(OrderSchema) }));
export type OrderListResponse = z.infer<typeof OrderListResponseSchema>;
export const OrderResponseSchema = envelope(z.object({ order: OrderSchema }));
export type OrderResponse = z.infer<typeof OrderResponseSchema>;

const statusNote = (field: string, max: number) =>
  z
    .string()
    .trim()
    .max(max, `The ${field} may not be greater than ${max} characters.`)
    .regex(PLAIN_TEXT_LINES, `The ${field} contains characters that are not allowed.`)
    .transform((s) => s || null)
    .nullable()
    .optional();

/**
 * An admin's move of an order (`PATCH /v1/orders/{id}/status`): the new status and, with it, the carrier and
 * tracking number of a parcel and a note for the shopper, all written in the order's history and e-mailed.
 */
export const OrderStatusUpdateSchema = z.object({
  status: FulfillmentStatusSchema.exclude(['unfulfilled'], {
    error: 'The status must be processing, shipped, delivered or cancelled.',
  }),
  carrier: statusNote('carrier', 60),
  tracking_number: statusNote('tracking number', 100),
  note: statusNote('note', 1000),
  /** The order's version as the back office showed it (or an `If-Match` header): a stale move is refused. */
  version: z.number().int().positive().max(2_147_483_647).optional(),
});
export type OrderStatusUpdate = z.infer<typeof OrderStatusUpdateSchema>;
export type OrderStatusUpdateInput = z.input<typeof OrderStatusUpdateSchema>;

/** The moved order, with its new version for the next write. */
export const OrderStatusResponseSchema = envelope(
  z.object({ order: OrderSchema.extend({ version: z.number().int() }) }),
);

// ---------------------------------------------------------------- gateway events

/** Answer to the gateway's webhook: any 2xx tells Stripe the event arrived; a redelivery says so. */
export const PaymentWebhookResponseSchema = envelope(
  z.object({ received: z.literal(true), duplicate: z.boolean() }),
);

// ---------------------------------------------------------------- invoices

/** Who issues an order's documents: the shop's name, address, TRN (tax documents only) and contact. */
export const DocumentIssuerSchema = z.object({
  name: z.string(),
  address: z.array(z.string()),
  trn: z.string().nullable(),
  email: z.string(),
  phone: z.string(),
});

/** A line of an order's document: the piece, its colour and size, how many, at what price, for how much. */
export const DocumentLineSchema = z.object({
  name: LocalizedTextSchema,
  color_name: LocalizedTextSchema.nullable(),
  size: z.string(),
  quantity: z.number().int(),
  unit_price: MoneySchema,
  total: MoneySchema,
});
export type DocumentLine = z.infer<typeof DocumentLineSchema>;

/** `GET /v1/orders/{id}/invoice`: what the printable tax invoice (or receipt, without SHOP_TRN) shows. */
export const InvoiceSchema = z.object({
  /** `tax_invoice` when the shop was VAT-registered when the order was made, else `receipt`. */
  kind: z.enum(['tax_invoice', 'receipt']),
  /** `INV-000042` for a tax invoice; the order number for a receipt. */
  number: z.string(),
  order_number: z.string(),
  issued_at: z.iso.datetime(),
  locale: z.enum(LANGUAGES),
  shop: DocumentIssuerSchema,
  customer: StoredAddressSchema,
  lines: z.array(DocumentLineSchema),
  shipping: MoneySchema,
  /** The shipping rate's name, beside its amount. */
  shipping_name: LocalizedTextSchema.nullable().optional(),
  /** The discount code the order used and what it took off (VAT is worked out from the discounted total). */
  discount: z.object({ code: z.string(), amount: MoneySchema }).nullable(),
  /** Totals: every price includes VAT; `vat` is the part of `total` that is tax, `net` the rest. */
  total: MoneySchema,
  vat: MoneySchema,
  net: MoneySchema,
  vat_percent: z.number(),
  currency: z.literal('AED'),
});
export type Invoice = z.infer<typeof InvoiceSchema>;
export const InvoiceResponseSchema = envelope(z.object({ invoice: InvoiceSchema }));
export type InvoiceResponse = z.infer<typeof InvoiceResponseSchema>;

// ---------------------------------------------------------------- credit notes

/**
 * `GET /v1/orders/{id}/credit-notes/{number}`: the document of one refund, printable like the invoice. A tax
 * credit note (`CN-000012`) when the order has a tax invoice, which it names and whose VAT it reverses; a refund
 * receipt (`{order}-R1`) otherwise, as the order has a receipt (docs/decisions/026).
 */
export const CreditNoteSchema = z.object({
  kind: z.enum(['tax_credit_note', 'refund_receipt']),
  number: z.string(),
  /** The tax invoice it corrects; null for a refund receipt. */
  invoice_number: z.string().nullable(),
  order_number: z.string(),
  order_id: z.number().int(),
  issued_at: z.iso.datetime(),
  locale: z.enum(LANGUAGES),
  reason: z.string(),
  shop: DocumentIssuerSchema,
  customer: StoredAddressSchema,
  /** Each line's `total` is what this refund gives back for it. */
  lines: z.array(DocumentLineSchema),
  /** Refunded beyond the lines (shipping, or an amount without lines). */
  other: MoneySchema,
  /** Totals given back: every price includes VAT; `vat` is the tax reversed, `net` the rest. */
  total: MoneySchema,
  vat: MoneySchema,
  net: MoneySchema,
  vat_percent: z.number(),
  currency: z.literal('AED'),
});
export type CreditNote = z.infer<typeof CreditNoteSchema>;
export const CreditNoteResponseSchema = envelope(z.object({ credit_note: CreditNoteSchema }));
export type CreditNoteResponse = z.infer<typeof CreditNoteResponseSchema>;

export const CreditNoteParamsSchema = z.object({
  id: z.coerce.number().int().positive().max(2_147_483_647),
  number: z.string().regex(/^[A-Za-z0-9-]{1,60}$/, 'Not a credit note number.'),
});
