import { useQuery } from '@tanstack/react-query';
import { SHELF_SIZE, productsQuery } from './get-products';
import { chooseBestSellers, needsFeaturedFallback } from './best-sellers';

export const bestSellersQuery = () => productsQuery(1, SHELF_SIZE, 'best_seller');
export const featuredProductsQuery = () => productsQuery(1, SHELF_SIZE, 'featured');

/** Best sellers, or featured pieces when there are none (the second request is only made then). */
export function useBestSellers() {
  const bestSellers = useQuery(bestSellersQuery());
  const fallback = needsFeaturedFallback(bestSellers.data?.data);
  const featured = useQuery({ ...featuredProductsQuery(), enabled: fallback });
  const choice = chooseBestSellers(bestSellers.data?.data, fallback ? featured.data?.data : undefined);
  const failed = bestSellers.isError ? bestSellers : fallback && featured.isError ? featured : undefined;
  return {
    choice,
    isError: failed !== undefined,
    retrying: failed?.isFetching ?? false,
    retry: () => void failed?.refetch(),
  };
}
