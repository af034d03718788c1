import type { Image, ProductDetail, Size } from '@boutique/contracts';

/** The key of a product without colours in `variants` (the API's `color: ''`). */
export const NO_COLOR = '';

/** A size as the page offers it in the chosen colour: whether it can be chosen, and how many are left if few. */
export interface SizeChoice {
  name: Size;
  in_stock: boolean;
  left?: number;
}

type Stocked = Pick<ProductDetail, 'colors' | 'sizes' | 'variants'>;

/**
 * The sizes in one colour (docs/design.md §17): a size sold out in that colour is shown but cannot be chosen,
 * even when another colour still has it; a size with no piece of that colour at all is sold out in it. Without
 * a colour (a product that has none) the variants of `''` count.
 */
export function sizesIn(
  product: Pick<Stocked, 'sizes' | 'variants'>,
  color: string | undefined,
): SizeChoice[] {
  const key = color ?? NO_COLOR;
  return product.sizes.map(({ name }) => {
    const variant = product.variants.find((v) => v.color === key && v.size === name);
    return variant?.in_stock
      ? { name, in_stock: true, ...(variant.left !== undefined && { left: variant.left }) }
      : { name, in_stock: false };
  });
}

/** The colour the page starts with: the first one with a piece left, else the first (the page says sold out). */
export function firstColor(product: Stocked): string | undefined {
  const inStock = product.colors.find((c) => product.variants.some((v) => v.color === c.key && v.in_stock));
  return (inStock ?? product.colors[0])?.key;
}

/**
 * The colour a page opens on: the one its address names (`?color=`, a shared link or the back-in-stock e-mail)
 * when the product has it, else the first with a piece left. The server renders and preloads the same one.
 */
export function startColor(product: Stocked, asked: string | null | undefined): string | undefined {
  return asked && product.colors.some((c) => c.key === asked) ? asked : firstColor(product);
}

/**
 * The pictures in the order the page shows them for a colour: that colour's first, then the pictures of no
 * colour, then the other colours' (each group in the owner's order). The list keeps its length, so the gallery
 * and its thumbnails keep their place when the shopper changes colour.
 */
export function picturesFor<T extends Pick<Image, 'sort_order'> & { color?: string | null }>(
  images: readonly T[],
  color: string | undefined,
): T[] {
  const rank = (image: T) => (color !== undefined && image.color === color ? 0 : image.color ? 2 : 1);
  // Array.prototype.sort is stable: within a group the owner's order stays.
  return [...images].sort((a, b) => rank(a) - rank(b));
}
