import { queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod/mini';
import { ADMIN_API } from '@boutique/contracts/admin';
import type { StockRequestsWaitingSchema } from '@boutique/contracts';
import { adminRequest } from './admin-request';
import { adminProductsKey } from './products';

/** How many shoppers wait for each sold-out colour × size of a product. */
export const stockRequestsQuery = (productId: number) =>
  queryOptions({
    queryKey: [...adminProductsKey, 'stock-requests', productId] as const,
    queryFn: async ({ signal }) =>
      (
        await adminRequest<z.infer<typeof StockRequestsWaitingSchema>>(ADMIN_API.stockRequests(productId), {
          signal,
        })
      ).data.waiting,
    staleTime: 0,
  });

export const useStockRequests = (productId: number) => useQuery(stockRequestsQuery(productId));
