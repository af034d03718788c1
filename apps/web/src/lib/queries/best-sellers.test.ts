import { describe, expect, it } from 'vitest';
import { chooseBestSellers, needsFeaturedFallback } from './best-sellers';

describe('best-seller shelf', () => {
  it('shows the best sellers when the shop has some, without asking for featured pieces', () => {
    expect(needsFeaturedFallback(['zahra'])).toBe(false);
    expect(chooseBestSellers(['zahra', 'yasmine'], undefined)).toEqual({
      source: 'best_seller',
      products: ['zahra', 'yasmine'],
    });
  });

  it('keeps the best sellers even when featured pieces are known too', () => {
    expect(chooseBestSellers(['zahra'], ['amira'])).toEqual({ source: 'best_seller', products: ['zahra'] });
  });

  it('falls back to featured pieces when there is no best seller', () => {
    expect(needsFeaturedFallback([])).toBe(true);
    expect(chooseBestSellers([], ['amira', 'nour'])).toEqual({
      source: 'featured',
      products: ['amira', 'nour'],
    });
  });

  it('waits while the best sellers or the fallback are still loading', () => {
    expect(needsFeaturedFallback(undefined)).toBe(false);
    expect(chooseBestSellers(undefined, ['amira'])).toBeUndefined();
    expect(chooseBestSellers([], undefined)).toBeUndefined();
  });

  it('shows an empty featured list as such rather than loading forever', () => {
    expect(chooseBestSellers([], [])).toEqual({ source: 'featured', products: [] });
  });
});
