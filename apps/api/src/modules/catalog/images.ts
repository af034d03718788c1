import type { Image } from '@boutique/contracts';

const PREFERRED_WIDTH = 800;
/** Height / width, in thousandths, of the wide site artwork (collection tiles, banner: 1600 x 1000). */
export const WIDE_ASPECT = 625;

/** An image row (storage path prefix, rendered widths, aspect in thousandths) as the API shows it. */
export function toImage(path: string, widths: number[], aspect: number, sortOrder: number): Image {
  const sorted = [...widths].sort((a, b) => a - b);
  const width = sorted.find((w) => w >= PREFERRED_WIDTH) ?? sorted.at(-1) ?? PREFERRED_WIDTH;
  const url = (w: number) => `/storage/${path}-${w}.webp`;
  return {
    url: url(width),
    srcset: sorted.map((w) => `${url(w)} ${w}w`).join(', '),
    width,
    height: Math.round((width * aspect) / 1000),
    sort_order: sortOrder,
  };
}
