import { useQuery } from '@tanstack/react-query';
import { SHELF_SIZE, productsQuery } from '@/lib/queries/get-products';

export const latestProductsQuery = () => productsQuery(1, SHELF_SIZE);

export const useLatestProducts = () => useQuery(latestProductsQuery());
