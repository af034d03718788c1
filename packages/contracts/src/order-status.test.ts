import { describe, expect, it } from 'vitest';
import { illegalMove, nextStatuses } from './order-status.js';

describe('order status moves', () => {
  it('allows forward moves, skipping stages, and cancelling until the order ships', () => {
    expect(illegalMove('unfulfilled', 'processing')).toBeUndefined();
    expect(illegalMove('unfulfilled', 'delivered')).toBeUndefined();
    expect(illegalMove('processing', 'shipped')).toBeUndefined();
    expect(illegalMove('unfulfilled', 'cancelled')).toBeUndefined();
    expect(illegalMove('processing', 'cancelled')).toBeUndefined();
  });

  it('refuses going back, cancelling a shipped order and any move from a final status', () => {
    expect(illegalMove('shipped', 'processing')).toBe('An order cannot go back from shipped to processing.');
    expect(illegalMove('shipped', 'cancelled')).toBe('A shipped order can no longer be cancelled.');
    expect(illegalMove('delivered', 'cancelled')).toBe('A delivered order cannot change any more.');
    expect(illegalMove('cancelled', 'processing')).toBe('A cancelled order cannot change any more.');
    expect(illegalMove('processing', 'processing')).toBe('The order is already processing.');
  });
});

describe('the moves the back office offers', () => {
  it('offers exactly the moves the rule allows', () => {
    expect(nextStatuses('unfulfilled')).toEqual(['processing', 'shipped', 'delivered', 'cancelled']);
    expect(nextStatuses('processing')).toEqual(['shipped', 'delivered', 'cancelled']);
    expect(nextStatuses('shipped')).toEqual(['delivered']);
    expect(nextStatuses('delivered')).toEqual([]);
    expect(nextStatuses('cancelled')).toEqual([]);
  });
});
