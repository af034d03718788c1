import type { AddressFields, LocalizedText, Size } from '@boutique/contracts';
import {
  ManualOrderSchema,
  type AdminVariant,
  type ManualOrderInput,
  type ManualPayment,
} from '@boutique/contracts/admin';
import { CASH_ON_DELIVERY_COUNTRY, LANGUAGES, toFils, type Language } from '@boutique/contracts/constants';

/** A piece of the order being written, as the form shows it. */
export interface DraftLine {
  productId: number;
  name: LocalizedText;
  /** Unit price, AED (the catalogue's; the server prices it again). */
  price: string;
  color: string;
  colorName: LocalizedText | null;
  size: Size;
  quantity: number;
}

/** Who the order is for: an account found in the customer list, or someone new. */
export type DraftCustomer =
  | { kind: 'existing'; id: number; name: string; email: string }
  | { kind: 'new'; name: string; email: string; phone: string };

export interface Draft {
  customer: DraftCustomer;
  lines: DraftLine[];
  address: AddressFields;
  payment: ManualPayment;
  /** The shipping rate chosen for the address's country (`GET /v1/shipping-methods`); none: the cheapest. */
  shippingRateId?: string;
  locale: Language;
  note: string;
  /** A discount code, as the owner types it; the server prices it by the checkout's rule. */
  discountCode?: string;
}

/** Pieces of a colour × size that can still be sold: not sold, and not held by a payment under way. */
export const piecesLeft = (variant: Pick<AdminVariant, 'stock' | 'reserved'>) =>
  Math.max(0, variant.stock - variant.reserved);

/**
 * What is left of one colour × size for another line of the draft: its pieces for sale less what the draft
 * already asks of that same colour and size (a product without colours counts under '').
 */
export function variantLeft(
  variants: readonly AdminVariant[],
  lines: readonly DraftLine[],
  productId: number,
  color: string,
  size: Size,
): number {
  const variant = variants.find((v) => v.color === color && v.size === size);
  return variant ? piecesLeft(variant) - askedOf(lines, productId, color, size) : 0;
}

/** The first colour with a piece left (the picker starts on it); '' for a product without colours. */
export function firstColourWithPieces(variants: readonly AdminVariant[], colours: readonly string[]): string {
  return colours.find((c) => variants.some((v) => v.color === c && piecesLeft(v) > 0)) ?? colours[0] ?? '';
}

const samePiece = (a: DraftLine, b: DraftLine) =>
  a.productId === b.productId && a.color === b.color && a.size === b.size;

/** Adds a piece; the same product, colour and size again raises that line's quantity. */
export function addLine(lines: readonly DraftLine[], line: DraftLine): DraftLine[] {
  const found = lines.find((l) => samePiece(l, line));
  if (!found) return [...lines, line];
  return lines.map((l) => (l === found ? { ...l, quantity: l.quantity + line.quantity } : l));
}

export const removeLine = (lines: readonly DraftLine[], index: number) => lines.filter((_, i) => i !== index);

/** How many of a colour × size the draft already asks for. */
export const askedOf = (lines: readonly DraftLine[], productId: number, color: string, size: Size) =>
  lines
    .filter((l) => l.productId === productId && l.color === color && l.size === size)
    .reduce((n, l) => n + l.quantity, 0);

/** Cash on delivery, as at the checkout, goes to UAE addresses only. */
export const cashOnDeliveryAllowed = (address: Pick<AddressFields, 'country'>) =>
  address.country.trim().toUpperCase() === CASH_ON_DELIVERY_COUNTRY;

/** The totals the form shows, in fils: the lines, the shipping, the cash on delivery fee when that is the payment. */
export function draftTotals(
  lines: readonly DraftLine[],
  payment: ManualPayment,
  codFee: string,
  shipping = '0',
) {
  const subtotalFils = lines.reduce((sum, l) => sum + toFils(l.price) * l.quantity, 0);
  const codFeeFils = payment === 'cash_on_delivery' ? toFils(codFee) : 0;
  const shippingFils = toFils(shipping);
  return { subtotalFils, shippingFils, codFeeFils, totalFils: subtotalFils + shippingFils + codFeeFils };
}

/** The request `POST /api/v1/admin/orders` takes from the draft. */
export function manualOrderRequest(draft: Draft): ManualOrderInput {
  const note = draft.note.trim();
  return {
    ...(draft.customer.kind === 'existing'
      ? { customer_id: draft.customer.id }
      : {
          customer: {
            email: draft.customer.email,
            name: draft.customer.name,
            phone: draft.customer.phone,
          },
        }),
    lines: draft.lines.map((l) => ({
      product_id: l.productId,
      color: l.color,
      size: l.size,
      quantity: l.quantity,
    })),
    shipping_address: draft.address,
    ...(draft.shippingRateId && { shipping_rate_id: Number(draft.shippingRateId) }),
    ...(draft.discountCode?.trim() && { discount_code: draft.discountCode.trim() }),
    payment: draft.payment,
    locale: LANGUAGES.includes(draft.locale) ? draft.locale : 'en',
    ...(note && { note }),
  };
}

/**
 * What is wrong with the draft before it is sent, by field (`customer.email`, `shipping_address.city`,
 * `lines`, `payment`), from the same schema the API checks, plus the cash on delivery country rule.
 */
export function draftProblems(draft: Draft): Record<string, string> {
  const problems: Record<string, string> = {};
  const parsed = ManualOrderSchema.safeParse(manualOrderRequest(draft));
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const key = issue.path.join('.') || 'form';
      problems[key] ??= issue.message;
    }
  }
  if (draft.payment === 'cash_on_delivery' && !cashOnDeliveryAllowed(draft.address))
    problems.payment ??= 'Cash on delivery is offered for addresses in the United Arab Emirates only.';
  return problems;
}
