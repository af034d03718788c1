import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import {
  ADMIN_API,
  type AdminCustomerListResponse,
  type AdminCustomerResponse,
} from '@boutique/contracts/admin';
import { adminRequest, listQuery } from './admin-request';

export interface CustomerFilters {
  q?: string;
  tag?: string;
  page: number;
  per_page: number;
}

export const adminCustomersQuery = (filters: CustomerFilters) =>
  queryOptions({
    queryKey: ['admin', 'customers', 'list', filters] as const,
    queryFn: async ({ signal }) =>
      (
        await adminRequest<AdminCustomerListResponse>(ADMIN_API.customers, {
          signal,
          query: listQuery({ ...filters }),
        })
      ).data.customers,
    placeholderData: keepPreviousData,
    staleTime: 0,
  });

export const useAdminCustomers = (filters: CustomerFilters) => useQuery(adminCustomersQuery(filters));

export const adminCustomerQuery = (id: number) =>
  queryOptions({
    queryKey: ['admin', 'customers', 'one', id] as const,
    queryFn: async ({ signal }) =>
      (await adminRequest<AdminCustomerResponse>(ADMIN_API.customer(id), { signal })).data,
    staleTime: 0,
  });

export const useAdminCustomer = (id: number) => useQuery(adminCustomerQuery(id));
