import { FULFILLMENT_STATUSES, type FulfillmentStatus } from './constants.js';

// The rules of an order's status, for the API and the back office only: kept out of `constants` so that a
// shopper's first load, which reads the constants, does not carry them.

/**
 * Paid orders the courier has not taken yet: new ones and those being packed. The dashboard counts them as
 * waiting to ship and the back office's orders list shows them under one tab (`status=to_ship`).
 */
export const AWAITING_SHIPMENT = [
  'unfulfilled',
  'processing',
] as const satisfies readonly FulfillmentStatus[];

/** The forward path of an order; `cancelled` stands beside it. */
const ORDER_FLOW: readonly FulfillmentStatus[] = ['unfulfilled', 'processing', 'shipped', 'delivered'];

/**
 * Why `from -> to` is not allowed, or undefined when it is. Forward moves may skip a stage (a caftan packed and
 * handed to the courier the same day goes from unfulfilled to shipped); nothing goes back; an order can be
 * cancelled until it has shipped; delivered and cancelled are final. The API enforces it, the back office
 * offers only the moves it allows.
 */
export function illegalMove(from: FulfillmentStatus, to: FulfillmentStatus): string | undefined {
  if (from === to) return `The order is already ${to}.`;
  if (from === 'cancelled') return 'A cancelled order cannot change any more.';
  if (from === 'delivered') return 'A delivered order cannot change any more.';
  if (to === 'cancelled') {
    return from === 'unfulfilled' || from === 'processing'
      ? undefined
      : `A ${from} order can no longer be cancelled.`;
  }
  if (ORDER_FLOW.indexOf(to) < ORDER_FLOW.indexOf(from))
    return `An order cannot go back from ${from} to ${to}.`;
  return undefined;
}

/** Where an order may go from `from`, in the order of its path (what `illegalMove` allows). */
export function nextStatuses(from: FulfillmentStatus): Exclude<FulfillmentStatus, 'unfulfilled'>[] {
  return FULFILLMENT_STATUSES.filter(
    (to): to is Exclude<FulfillmentStatus, 'unfulfilled'> => illegalMove(from, to) === undefined,
  );
}
