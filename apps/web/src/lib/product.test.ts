import { describe, expect, it } from 'vitest';
import { PLACEHOLDER_IMAGE, isNew, largestRendition, thumbnailUrl } from './product';

const srcset = (widths: number[]) =>
  widths.map((w) => `/storage/products/zahra/0-${w}.webp ${w}w`).join(', ');

describe('thumbnailUrl', () => {
  it('keeps the smallest rendition at least 400 px wide, whatever the order of srcset', () => {
    const image = { url: '/storage/products/zahra/0-800.webp', srcset: srcset([1200, 200, 800, 400]) };
    expect(thumbnailUrl(image)).toBe('/storage/products/zahra/0-400.webp');
  });

  it('takes the next larger one when there is no 400 px rendition', () => {
    const image = { url: '/storage/products/zahra/0-1200.webp', srcset: srcset([200, 600, 1200]) };
    expect(thumbnailUrl(image)).toBe('/storage/products/zahra/0-600.webp');
  });

  it('falls back to the image itself without a usable srcset, and to nothing without an image', () => {
    expect(thumbnailUrl(PLACEHOLDER_IMAGE)).toBe('/placeholder.svg');
    expect(thumbnailUrl({ url: '/a.webp', srcset: srcset([200]) })).toBe('/a.webp');
    expect(thumbnailUrl(undefined)).toBe('');
  });
});

describe('largestRendition', () => {
  it('is the widest rendition of srcset, its height in the same proportions', () => {
    const image = {
      ...PLACEHOLDER_IMAGE,
      url: '/p-800.webp',
      width: 800,
      height: 1066,
      srcset: srcset([400, 1200, 800]),
    };
    expect(largestRendition(image)).toEqual({
      url: '/storage/products/zahra/0-1200.webp',
      width: 1200,
      height: 1599,
    });
  });

  it('is the picture itself when srcset names nothing wider', () => {
    expect(largestRendition(PLACEHOLDER_IMAGE)).toBe(PLACEHOLDER_IMAGE);
  });
});

describe('isNew', () => {
  it('counts 30 days of the shop’s calendar (Asia/Dubai), not 30 times 24 hours', () => {
    // Added on 1 February (14:00 in Dubai): new through 2 March, Dubai time.
    const product = { created_at: '2026-02-01T10:00:00Z' };
    expect(isNew(product, Date.parse('2026-03-02T19:00:00Z'))).toBe(true);
    // 20:30 UTC on 2 March is already 3 March in Dubai: 30 days on; still 2 March for a shop in UTC.
    expect(isNew(product, Date.parse('2026-03-02T20:30:00Z'))).toBe(false);
    expect(isNew(product, Date.parse('2026-03-02T20:30:00Z'), 0)).toBe(true);
  });
});
