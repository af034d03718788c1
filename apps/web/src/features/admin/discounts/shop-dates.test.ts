import { describe, expect, it } from 'vitest';
import { fromShopLocal, toShopLocal } from './shop-dates';

describe("a discount's dates on the shop's clock", () => {
  it('reads a date typed in Dubai as that moment in Dubai (UTC+4)', () => {
    expect(fromShopLocal('2026-03-20T00:00', 'Asia/Dubai')).toBe('2026-03-19T20:00:00.000Z');
    expect(toShopLocal('2026-03-19T20:00:00.000Z', 'Asia/Dubai')).toBe('2026-03-20T00:00');
  });

  it('follows a zone that changes its offset (Paris in summer)', () => {
    expect(fromShopLocal('2026-07-01T12:00', 'Europe/Paris')).toBe('2026-07-01T10:00:00.000Z');
    expect(fromShopLocal('2026-01-01T12:00', 'Europe/Paris')).toBe('2026-01-01T11:00:00.000Z');
  });

  it('leaves an empty date empty', () => {
    expect(fromShopLocal('', 'Asia/Dubai')).toBeNull();
    expect(toShopLocal(null, 'Asia/Dubai')).toBe('');
  });
});
