import type {
  AddressFields,
  CreateOrderInput,
  LocalizedText,
  PaymentMethod,
  ServerCart,
  ShippingMethod,
  Size,
} from '@boutique/contracts';
import { LANGUAGES, toFils } from '@boutique/contracts/constants';

/** A line of the signed-in customer's cart as the checkout shows and orders it. */
export interface CheckoutLine {
  id: number;
  slug: string;
  name: LocalizedText;
  image: string;
  /** Unit price, AED with two decimals. */
  price: string;
  quantity: number;
  /** The colour's key, as the order names it (null for a piece without colours). */
  color: string | null;
  colorName: LocalizedText | null;
  size: Size;
  /** False when the piece cannot be bought any more: the payment would be refused. */
  available: boolean;
  /** Pieces of this size left for the shopper, when few or fewer than asked; null when plenty. */
  left: number | null;
  /** More is asked than is left: the payment would be refused until the cart is fixed. */
  exceedsStock: boolean;
}

export function linesOf(cart: ServerCart | undefined): CheckoutLine[] {
  return (cart?.items ?? [])
    .filter((i) => i.id > 0)
    .map((i) => ({
      id: i.id,
      slug: i.product.slug,
      name: i.product.name,
      image: i.product_image,
      price: i.price,
      quantity: i.quantity,
      color: i.options.color,
      colorName: i.options.color_name,
      size: i.options.size,
      available: i.product.available,
      left: i.left,
      exceedsStock: i.exceeds_stock,
    }));
}

export interface OrderSummary {
  /** Pieces, counted by quantity. */
  count: number;
  subtotalFils: number;
  shippingFils: number;
  /** No rate is chosen yet (step 1): the shipping is priced at step 2. */
  shippingPending: boolean;
  /** What the cart's discount code takes off (the server's figure, plus the chosen rate for free shipping). */
  discountFils: number;
  /** The code applied, as the owner wrote it; null: none. */
  discountCode: string | null;
  totalFils: number;
}

/**
 * The totals the customer pays, in fils so sums never drift: the server cart's subtotal and discount when it
 * answered (else the available lines, no discount, until it does), and the shipping chosen at step 2 (the cart
 * does not know the address; a free_shipping code takes the chosen rate off). The server prices all of it again
 * and refuses a total that differs.
 */
export function summarize(
  lines: CheckoutLine[],
  shippingFils?: number,
  server?: Pick<ServerCart, 'totals' | 'discount'>,
): OrderSummary {
  const payable = lines.filter((l) => l.available);
  const count = payable.reduce((n, l) => n + l.quantity, 0);
  const shipping = shippingFils ?? 0;
  const applies = server?.discount && !server.discount.problem ? server.discount : null;
  const subtotalFils = server
    ? toFils(server.totals.subtotal)
    : payable.reduce((sum, l) => sum + toFils(l.price) * l.quantity, 0);
  const discountFils = server
    ? toFils(server.totals.discount) + (applies?.kind === 'free_shipping' ? shipping : 0)
    : 0;
  return {
    count,
    subtotalFils,
    shippingFils: shipping,
    shippingPending: shippingFils === undefined,
    discountFils,
    discountCode: applies?.code ?? null,
    totalFils: Math.max(0, subtotalFils + shipping - discountFils),
  };
}

/**
 * The rate step 2 uses: the shopper's choice while the address's zone still offers it, else the cheapest
 * (the server lists the rates cheapest first). Undefined while there are none.
 */
export function chosenRate(
  methods: readonly ShippingMethod[] | undefined,
  choice: string | null,
): ShippingMethod | undefined {
  if (!methods || methods.length === 0) return undefined;
  const cheapest = methods.reduce((best, m) => (toFils(m.price) < toFils(best.price) ? m : best));
  return methods.find((m) => m.id === choice) ?? cheapest;
}

/**
 * The spec's order creation payload: the cart's lines at their prices, the intent (or wallet transaction) as
 * transaction_id, and the total that was paid. The server checks all of it against the payment.
 */
export function orderPayload(input: {
  lines: CheckoutLine[];
  totalAmount: string;
  transactionId: string;
  method: 'card' | 'apple_pay';
  billing: AddressFields;
  shipping?: AddressFields;
  /** The page's language: the order's e-mails and invoice are written in it. */
  locale?: string;
}): CreateOrderInput {
  const locale = LANGUAGES.find((l) => l === input.locale);
  return {
    ...(locale && { locale }),
    total_amount: input.totalAmount,
    currency: 'AED',
    transaction_id: input.transactionId,
    payment_status: 'succeeded',
    payment_method: input.method,
    billing_address: input.billing,
    ...(input.shipping && { shipping_address: input.shipping }),
    items: input.lines
      .filter((l) => l.available)
      .map((l) => ({
        product_slug: l.slug,
        quantity: l.quantity,
        price: l.price,
        options: { color: l.color, size: l.size },
      })),
  };
}

/** The card payer's details: the checkout address, the country falling back to MA as the spec says. */
export function billingDetails(address: AddressFields): AddressFields {
  return { ...address, country: address.country || 'MA' };
}

/** What the order-confirmation page is handed (navigation state). */
export interface ConfirmationState {
  orderId: number;
  orderNumber: string;
  amount: string;
  paymentMethod: PaymentMethod;
  /** The shipping rate paid for, with its delivery days. */
  delivery?: Pick<ShippingMethod, 'name' | 'min_days' | 'max_days'>;
  /** The discount code the order used and what it took off (AED), when it had one. */
  discount?: { code: string; amount: string } | null;
}

export function isConfirmationState(value: unknown): value is ConfirmationState {
  const v = value as Partial<ConfirmationState> | null;
  return (
    typeof v === 'object' &&
    v !== null &&
    typeof v.orderId === 'number' &&
    typeof v.orderNumber === 'string' &&
    typeof v.amount === 'string'
  );
}

/** Cash on delivery as the payments config offers it: enabled, its fee, the one country it serves. */
export interface CashOnDeliveryOffer {
  enabled: boolean;
  fee: string;
  country: string;
}

/** Whether step 2 offers cash on delivery for this address (the server checks the same rule). */
export function offersCashOnDelivery(offer: CashOnDeliveryOffer | undefined, country: string): boolean {
  return Boolean(offer?.enabled) && country.trim().toUpperCase() === offer?.country;
}

/** What the shopper pays the courier: the cart's total and the fee, in fils. */
export function cashOnDeliveryTotalFils(summary: Pick<OrderSummary, 'totalFils'>, fee: string): number {
  return summary.totalFils + toFils(fee);
}
