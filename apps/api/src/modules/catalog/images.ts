import { THUMBNAIL_WIDTH, type Image } from '@boutique/contracts';
import type { PublicUrl } from '../../storage/index.js';

const PREFERRED_WIDTH = 800;
/** Height / width, in thousandths, of the wide site artwork (collection tiles, banner: 1600 x 1000). */
export const WIDE_ASPECT = 625;

/** The storage key of one rendition of an image row's picture. */
const renditionKey = (path: string, width: number) => `${path}-${width}.webp`;

/**
 * The one picture a cart line or an order item shows (its storage key): the smallest rendition at least
 * THUMBNAIL_WIDTH wide, not the catalogue's 800 px one (three times the bytes for a 90 px picture).
 */
export function thumbnailKey(path: string, widths: number[]): string {
  const sorted = [...widths].sort((a, b) => a - b);
  return renditionKey(path, sorted.find((w) => w >= THUMBNAIL_WIDTH) ?? sorted.at(-1) ?? PREFERRED_WIDTH);
}

/**
 * An image row (storage path prefix, rendered widths, aspect in thousandths) as the API shows it, its
 * addresses made by `publicUrl` (the API's /storage, or S3_PUBLIC_URL).
 */
export function toImage(
  publicUrl: PublicUrl,
  path: string,
  widths: number[],
  aspect: number,
  sortOrder: number,
): Image {
  const sorted = [...widths].sort((a, b) => a - b);
  const width = sorted.find((w) => w >= PREFERRED_WIDTH) ?? sorted.at(-1) ?? PREFERRED_WIDTH;
  const url = (w: number) => publicUrl(renditionKey(path, w));
  return {
    url: url(width),
    srcset: sorted.map((w) => `${url(w)} ${w}w`).join(', '),
    width,
    height: Math.round((width * aspect) / 1000),
    sort_order: sortOrder,
  };
}
