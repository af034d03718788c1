import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  ADMIN_API,
  type AdminProductResponse,
  type StockAdjustmentCreateInput,
  type StockAdjustmentResponse,
  type StockHistoryResponse,
} from '@boutique/contracts/admin';
import { adminRequest } from './admin-request';
import { adminProductQuery, adminProductsKey } from './products';

export const stockHistoryQuery = (productId: number) =>
  queryOptions({
    queryKey: [...adminProductsKey, 'stock', productId] as const,
    queryFn: async ({ signal }) =>
      (await adminRequest<StockHistoryResponse>(ADMIN_API.stockAdjustments(productId), { signal })).data,
    staleTime: 0,
  });

export const useStockHistory = (productId: number) => useQuery(stockHistoryQuery(productId));

/**
 * Records pieces added or taken away: a change, never a count, so a sale made meanwhile is never undone. The
 * product's counts and its history are refreshed from the answer.
 */
export function useAdjustStock(productId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: StockAdjustmentCreateInput) =>
      adminRequest<StockAdjustmentResponse>(ADMIN_API.stockAdjustments(productId), {
        method: 'POST',
        body: input,
      }),
    onSuccess: async (res) => {
      client.setQueryData(
        adminProductQuery(productId).queryKey,
        (old: AdminProductResponse['data'] | undefined) =>
          old && { ...old, product: { ...old.product, sizes: res.data.sizes, variants: res.data.variants } },
      );
      await client.invalidateQueries({ queryKey: stockHistoryQuery(productId).queryKey });
      // Pieces received may have answered shoppers waiting for them.
      await client.invalidateQueries({ queryKey: [...adminProductsKey, 'stock-requests', productId] });
      await client.invalidateQueries({ queryKey: [...adminProductsKey, 'list'] });
      await client.invalidateQueries({ queryKey: ['admin', 'stats'] });
    },
  });
}
