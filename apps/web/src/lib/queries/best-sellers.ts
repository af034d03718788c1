/**
 * The best-seller shelf falls back to featured pieces: a young shop (or one whose owner has not tagged any best
 * seller yet) would otherwise show an empty block.
 */
export type ShelfSource = 'best_seller' | 'featured';

export interface ShelfChoice<T> {
  source: ShelfSource;
  products: readonly T[];
}

/** Whether the featured list is needed: only once the best sellers are known to be none. */
export function needsFeaturedFallback(bestSellers: readonly unknown[] | undefined): boolean {
  return bestSellers !== undefined && bestSellers.length === 0;
}

/**
 * Best sellers if there are any, else featured pieces; `undefined` while the list to show is still unknown.
 */
export function chooseBestSellers<T>(
  bestSellers: readonly T[] | undefined,
  featured: readonly T[] | undefined,
): ShelfChoice<T> | undefined {
  if (bestSellers === undefined) return undefined;
  if (bestSellers.length > 0) return { source: 'best_seller', products: bestSellers };
  return featured === undefined ? undefined : { source: 'featured', products: featured };
}
