import { asc, inArray } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { productImages } from '../../db/schema/index.js';
import { thumbnailKey } from './images.js';

/** Which picture a line (cart, order) shows: the storage key of its thumbnail rendition, or null without one. */
export type LineImage = (productId: number, color: string | null) => string | null;

/**
 * The picture of each product in a colour, as the product page shows it first once that colour is chosen: the
 * product's first picture naming the colour, else its first picture (the catalogue's order). An emerald line
 * does not show the bordeaux photo that happens to lead the product.
 */
export async function lineImages(db: Database, productIds: number[]): Promise<LineImage> {
  const first = new Map<number, string>();
  const ofColor = new Map<string, string>();
  const key = (productId: number, color: string) => `${productId}\u0000${color}`;
  if (productIds.length > 0) {
    const rows = await db
      .select({
        productId: productImages.productId,
        path: productImages.path,
        widths: productImages.widths,
        color: productImages.color,
      })
      .from(productImages)
      .where(inArray(productImages.productId, [...new Set(productIds)]))
      .orderBy(asc(productImages.productId), asc(productImages.sortOrder), asc(productImages.id));
    for (const r of rows) {
      const thumbnail = thumbnailKey(r.path, r.widths);
      if (!first.has(r.productId)) first.set(r.productId, thumbnail);
      if (r.color && !ofColor.has(key(r.productId, r.color)))
        ofColor.set(key(r.productId, r.color), thumbnail);
    }
  }
  return (productId, color) =>
    (color ? ofColor.get(key(productId, color)) : undefined) ?? first.get(productId) ?? null;
}
