import { describe, expect, it } from 'vitest';
import { PLACEHOLDER_IMAGE, thumbnailUrl } from './product';

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
