import { eq, inArray } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { colors, productColors, products, type PricedLine } from '../../db/schema/index.js';
import { fieldError, HttpError, type CodedFieldErrors } from '../../lib/http-error.js';

/** A piece asked for outside the cart (an order the owner writes): product, colour key, size, quantity. */
export interface WantedLine {
  productId: number;
  color: string;
  size: string;
  quantity: number;
}

/**
 * Prices lines from the catalogue as it is now, by the rules the cart's pricing applies: the product is for
 * sale, offers the size, and the colour (or none, for a product without colours). A line that breaks one is
 * refused with its field (`lines.2.size`), and nothing is priced. The same piece asked twice is one line.
 * Whether the pieces are there is decided when they are taken (StockService.takeUnpaid).
 */
export async function priceLines(db: Database, wanted: readonly WantedLine[]): Promise<PricedLine[]> {
  const ids = [...new Set(wanted.map((l) => l.productId))];
  const [rows, offered] = await Promise.all([
    db
      .select({
        id: products.id,
        slug: products.slug,
        price: products.price,
        sizes: products.sizes,
        status: products.status,
      })
      .from(products)
      .where(inArray(products.id, ids)),
    db
      .select({ productId: productColors.productId, key: colors.key })
      .from(productColors)
      .innerJoin(colors, eq(colors.id, productColors.colorId))
      .where(inArray(productColors.productId, ids)),
  ]);
  const byId = new Map(rows.map((r) => [r.id, r]));
  const errors: CodedFieldErrors = {};
  const merged = new Map<string, PricedLine>();
  wanted.forEach((line, i) => {
    const product = byId.get(line.productId);
    if (!product || product.status !== 'active') {
      errors[`lines.${i}.product_id`] = [fieldError('invalid', 'This product is not for sale.')];
      return;
    }
    if (!(product.sizes as string[]).includes(line.size)) {
      errors[`lines.${i}.size`] = [fieldError('invalid', `This product is not made in size ${line.size}.`)];
      return;
    }
    const keys = offered.filter((c) => c.productId === line.productId).map((c) => c.key);
    if (keys.length > 0 ? !keys.includes(line.color) : line.color !== '') {
      errors[`lines.${i}.color`] = [
        fieldError(
          keys.length > 0 && line.color === '' ? 'required' : 'invalid',
          'Choose one of the colours this product is made in.',
        ),
      ];
      return;
    }
    const key = `${line.productId}|${line.color}|${line.size}`;
    const seen = merged.get(key);
    if (seen) seen.quantity += line.quantity;
    else
      merged.set(key, {
        productId: product.id,
        slug: product.slug,
        color: line.color,
        size: line.size,
        quantity: line.quantity,
        price: product.price,
      });
  });
  if (Object.keys(errors).length > 0) throw new HttpError(422, 'The given data was invalid.', errors);
  return [...merged.values()];
}
