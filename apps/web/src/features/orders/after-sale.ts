import type { Order, OrderItem, OrderRefund, ReturnStatus } from '@boutique/contracts';
import { sizesIn } from '@/lib/variants';
import type { ExchangeOptions } from './api/get-exchange-options';

/** Whether the shopper may still ask for a return: not delivered yet, within the days, or past them. */
export type ReturnWindow =
  { state: 'none' } | { state: 'open'; until: string } | { state: 'closed'; until: string };

export function returnWindow(order: Pick<Order, 'return_until'>, now = Date.now()): ReturnWindow {
  if (!order.return_until) return { state: 'none' };
  return Date.parse(order.return_until) >= now
    ? { state: 'open', until: order.return_until }
    : { state: 'closed', until: order.return_until };
}

/** The lines with pieces the shopper may still return or exchange. */
export function returnableItems(order: Pick<Order, 'items'>): OrderItem[] {
  return order.items.filter((item) => (item.returnable_quantity ?? 0) > 0);
}

/** Refunds that have given the money back and have their document, oldest first. */
export function creditNotesOf(
  order: Pick<Order, 'refunds'>,
): (OrderRefund & { credit_note_number: string })[] {
  return (order.refunds ?? []).filter(
    (r): r is OrderRefund & { credit_note_number: string } =>
      r.status === 'succeeded' && r.credit_note_number !== null,
  );
}

/** A tax credit note is numbered `CN-`; a refund receipt (a shop without a TRN) carries the order's number. */
export const creditNoteKind = (number: string) =>
  number.startsWith('CN-') ? 'tax_credit_note' : 'refund_receipt';

/**
 * What an exchange of `item` may ask for: each size the piece is made in, in the colour wanted, except the very
 * piece the shopper has. A size out of stock in that colour is offered too, marked: the owner may make it, or
 * refuse.
 */
export function exchangeSizes(
  item: Pick<OrderItem, 'options'>,
  options: Pick<ExchangeOptions, 'sizes' | 'variants'>,
  color: string | null,
): { name: string; in_stock: boolean }[] {
  const sameColor = (color ?? '') === (item.options.color ?? '');
  return sizesIn(options, color ?? undefined).filter((s) => !(sameColor && s.name === item.options.size));
}

/** Steps of a return in their order, for the tracker; `rejected` ends one early. */
export const RETURN_STEPS: Record<'return' | 'exchange', ReturnStatus[]> = {
  return: ['requested', 'approved', 'received', 'refunded', 'closed'],
  exchange: ['requested', 'approved', 'received', 'exchanged', 'closed'],
};

/** Whether a return still waits for the shop (the shopper's view says "in progress"). */
export const returnInProgress = (status: ReturnStatus) =>
  status === 'requested' || status === 'approved' || status === 'received';
