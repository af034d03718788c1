import { describe, expect, it } from 'vitest';
import type { FulfillmentStatus } from '@boutique/contracts';
import { countByStatus, ordersIn, stagesReached, STATUS_TABS, thumbnails } from './order-status';

const orders = (...statuses: FulfillmentStatus[]) =>
  statuses.map((fulfillment_status, id) => ({ id, fulfillment_status }));

describe('status tabs', () => {
  it('come in the order all, unfulfilled, processing, shipped, delivered, cancelled', () => {
    expect(STATUS_TABS).toEqual(['all', 'unfulfilled', 'processing', 'shipped', 'delivered', 'cancelled']);
  });

  it('count the orders of each status, and all of them under all', () => {
    const list = orders('unfulfilled', 'delivered', 'unfulfilled', 'cancelled', 'shipped', 'delivered');
    expect(countByStatus(list)).toEqual({
      all: 6,
      unfulfilled: 2,
      processing: 0,
      shipped: 1,
      delivered: 2,
      cancelled: 1,
    });
  });

  it('count zero everywhere when there is no order', () => {
    expect(Object.values(countByStatus([]))).toEqual([0, 0, 0, 0, 0, 0]);
  });

  it('show the orders of the chosen status, in their order', () => {
    const list = orders('unfulfilled', 'delivered', 'unfulfilled');
    expect(ordersIn(list, 'unfulfilled').map((o) => o.id)).toEqual([0, 2]);
    expect(ordersIn(list, 'all')).toBe(list);
    expect(ordersIn(list, 'processing')).toEqual([]);
  });
});

describe('order card and tracker', () => {
  it('show three pictures and count the rest', () => {
    expect(thumbnails([1, 2, 3, 4, 5])).toEqual({ shown: [1, 2, 3], more: 2 });
    expect(thumbnails([1, 2])).toEqual({ shown: [1, 2], more: 0 });
  });

  it('follow an order from confirmed to delivered, and hide for a cancelled one', () => {
    expect(stagesReached('unfulfilled')).toBe(1);
    expect(stagesReached('processing')).toBe(2);
    expect(stagesReached('shipped')).toBe(3);
    expect(stagesReached('delivered')).toBe(4);
    expect(stagesReached('cancelled')).toBeNull();
  });
});
