import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  ADMIN_API,
  type AdminCategoriesResponse,
  type AdminProductListQuery,
  type AdminProductListResponse,
  type AdminProductResponse,
  type ProductCreateInput,
  type ProductUpdateInput,
} from '@boutique/contracts/admin';
import { adminRequest, listQuery } from './admin-request';

export type ProductFilters = Partial<Pick<AdminProductListQuery, 'q' | 'category' | 'status'>> & {
  page: number;
  per_page: number;
};

/** Everything the back office knows about products sits under this key: a write refreshes all of it. */
export const adminProductsKey = ['admin', 'products'] as const;

export const adminProductsQuery = (filters: ProductFilters) =>
  queryOptions({
    queryKey: [...adminProductsKey, 'list', filters] as const,
    queryFn: async ({ signal }) =>
      (
        await adminRequest<AdminProductListResponse>(ADMIN_API.products, {
          signal,
          query: listQuery(filters),
        })
      ).data.products,
    placeholderData: keepPreviousData,
    staleTime: 0,
  });

export const useAdminProducts = (filters: ProductFilters) => useQuery(adminProductsQuery(filters));

export const adminProductQuery = (id: number) =>
  queryOptions({
    queryKey: [...adminProductsKey, 'one', id] as const,
    queryFn: async ({ signal }) =>
      (await adminRequest<AdminProductResponse>(ADMIN_API.product(id), { signal })).data,
    staleTime: 0,
  });

export const useAdminProduct = (id: number | undefined) =>
  useQuery({ ...adminProductQuery(id ?? 0), enabled: id !== undefined });

export const adminCategoriesQuery = () =>
  queryOptions({
    queryKey: ['admin', 'categories'] as const,
    queryFn: async ({ signal }) =>
      (await adminRequest<AdminCategoriesResponse>(ADMIN_API.categories, { signal })).data.categories,
    staleTime: 5 * 60_000,
  });

export const useAdminCategories = () => useQuery(adminCategoriesQuery());

export function createProduct(input: ProductCreateInput) {
  return adminRequest<AdminProductResponse>(ADMIN_API.products, { method: 'POST', body: input });
}

/** A change based on `input.version`, the version the form was opened on: 409 `stale` if it moved since. */
export function updateProduct(id: number, input: ProductUpdateInput) {
  return adminRequest<AdminProductResponse>(ADMIN_API.product(id), { method: 'PATCH', body: input });
}

/** Takes the product out of the shop; orders keep their copy, the back office still lists it as archived. */
export function archiveProduct(id: number, version: number) {
  return adminRequest<AdminProductResponse>(ADMIN_API.product(id), { method: 'DELETE', body: { version } });
}

/** A product write: the product's own answer is stored at once, every list is asked again. */
export function useProductWrite<I>(write: (input: I) => Promise<AdminProductResponse>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: write,
    onSuccess: async (res) => {
      client.setQueryData(adminProductQuery(res.data.product.id).queryKey, res.data);
      await client.invalidateQueries({ queryKey: [...adminProductsKey, 'list'] });
      await client.invalidateQueries({ queryKey: ['admin', 'stats'] });
    },
  });
}

/** Asks the API for the product again (after a write refused because it changed elsewhere). */
export function useRefetchProduct(id: number) {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: adminProductQuery(id).queryKey });
}
