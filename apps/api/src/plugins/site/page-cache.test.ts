import { describe, expect, it } from 'vitest';
import { PageCache } from './page-cache.js';

describe('the page cache', () => {
  it('never weighs more than its bound, dropping the least recently used first', () => {
    const cache = new PageCache<{ html: string }>(1000);
    for (let i = 0; i < 100; i += 1) cache.set(`en:/p/${i}`, { html: 'x'.repeat(90) });
    expect(cache.bytes).toBeLessThanOrEqual(1000);
    expect(cache.get('en:/p/99')).toBeDefined();
    expect(cache.get('en:/p/0')).toBeUndefined();
    cache.get('en:/p/95');
    cache.set('en:/new', { html: 'y'.repeat(90) });
    expect(cache.get('en:/p/95')).toBeDefined();
    // A page bigger than the whole bound is not kept.
    cache.set('en:/huge', { html: 'z'.repeat(2000) });
    expect(cache.get('en:/huge')).toBeUndefined();
    cache.clear();
    expect([cache.size, cache.bytes]).toEqual([0, 0]);
  });
});
