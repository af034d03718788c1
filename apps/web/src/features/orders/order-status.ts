import type { FulfillmentStatus, Order } from '@boutique/contracts';
import { FULFILLMENT_STATUSES } from '@boutique/contracts/constants';

export type StatusTab = 'all' | FulfillmentStatus;

/** The filter tabs in the spec's order: all, then every fulfilment status. */
export const STATUS_TABS: readonly StatusTab[] = ['all', ...FULFILLMENT_STATUSES];

export function isStatusTab(value: unknown): value is StatusTab {
  return (STATUS_TABS as readonly unknown[]).includes(value);
}

/** How many orders each tab holds; every tab is present, with 0 when it is empty. */
export function countByStatus(orders: Pick<Order, 'fulfillment_status'>[]): Record<StatusTab, number> {
  const counts = Object.fromEntries(STATUS_TABS.map((tab) => [tab, 0])) as Record<StatusTab, number>;
  for (const order of orders) {
    counts.all += 1;
    if (order.fulfillment_status in counts) counts[order.fulfillment_status] += 1;
  }
  return counts;
}

export function ordersIn<T extends Pick<Order, 'fulfillment_status'>>(orders: T[], tab: StatusTab): T[] {
  return tab === 'all' ? orders : orders.filter((o) => o.fulfillment_status === tab);
}

/**
 * The one wording of a status for shoppers, used by the badge, the tabs and the tracker alike (a shopper reads
 * "Order received", never the warehouse's "unfulfilled").
 */
export const statusLabelKey = (status: FulfillmentStatus) => `common:orderStatus.${status}` as const;

/** The tracker's four stages, named by the status that reaches each; a cancelled order has none. */
export const TRACKER_STAGES = ['unfulfilled', 'processing', 'shipped', 'delivered'] as const;
export type TrackerStage = (typeof TRACKER_STAGES)[number];

/** How many stages an order has reached (1 to 4), or null for a cancelled order, which shows no tracker. */
export function stagesReached(status: FulfillmentStatus): number | null {
  if (status === 'cancelled') return null;
  return TRACKER_STAGES.indexOf(status) + 1;
}

/** At most this many item pictures on an order card; the rest are counted as "+N". */
export const MAX_THUMBNAILS = 3;

export function thumbnails<T>(items: T[]): { shown: T[]; more: number } {
  return { shown: items.slice(0, MAX_THUMBNAILS), more: Math.max(0, items.length - MAX_THUMBNAILS) };
}
