import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  ADMIN_API,
  type AdminOrderListQuery,
  type AdminOrderListResponse,
  type AdminOrderResponse,
  type ManualOrderInput,
  type ManualOrderResponse,
  type PackingSlipResponse,
} from '@boutique/contracts/admin';
import type {
  OrderStatusUpdateInput,
  PaymentConfigResponse,
  ShippingMethodsResponse,
} from '@boutique/contracts';
import { adminRequest, listQuery } from './admin-request';

export type OrderFilters = Partial<Pick<AdminOrderListQuery, 'status' | 'q' | 'from' | 'to'>> & {
  page: number;
  per_page: number;
};

const ordersKey = ['admin', 'orders'] as const;

export const adminOrdersQuery = (filters: OrderFilters) =>
  queryOptions({
    queryKey: [...ordersKey, 'list', filters] as const,
    queryFn: async ({ signal }) =>
      (await adminRequest<AdminOrderListResponse>(ADMIN_API.orders, { signal, query: listQuery(filters) }))
        .data,
    placeholderData: keepPreviousData,
    staleTime: 0,
  });

export const useAdminOrders = (filters: OrderFilters) => useQuery(adminOrdersQuery(filters));

export const adminOrderQuery = (id: number) =>
  queryOptions({
    queryKey: [...ordersKey, 'one', id] as const,
    queryFn: async ({ signal }) =>
      (await adminRequest<AdminOrderResponse>(ADMIN_API.order(id), { signal })).data,
    staleTime: 0,
  });

export const useAdminOrder = (id: number) => useQuery(adminOrderQuery(id));

export const packingSlipQuery = (id: number) =>
  queryOptions({
    queryKey: [...ordersKey, 'slip', id] as const,
    queryFn: async ({ signal }) =>
      (await adminRequest<PackingSlipResponse>(ADMIN_API.packingSlip(id), { signal })).data.slip,
    staleTime: 0,
  });

export const usePackingSlip = (id: number) => useQuery(packingSlipQuery(id));

/**
 * Moves the order on from the version the page shows (`move.version`); the API e-mails the shopper. Every order
 * list and the dashboard are asked again, a refused move as well (the page then shows the order as it is).
 */
export function useMoveOrder(id: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (move: OrderStatusUpdateInput) =>
      adminRequest<unknown>(ADMIN_API.orderStatus(id), { method: 'PATCH', body: move }),
    onSettled: async () => {
      await client.invalidateQueries({ queryKey: ordersKey });
      await client.invalidateQueries({ queryKey: ['admin', 'stats'] });
    },
  });
}

/** The owner was paid (cash on delivery, a transfer): from the version the page shows. */
export function useMarkPaid(id: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (version: number) =>
      adminRequest<unknown>(ADMIN_API.orderPayment(id), {
        method: 'PATCH',
        body: { status: 'paid', version },
      }),
    onSettled: async () => {
      await client.invalidateQueries({ queryKey: ordersKey });
      await client.invalidateQueries({ queryKey: ['admin', 'stats'] });
    },
  });
}

/** Writes a manual order; the key names it, so a retry after a lost answer gets the same order. */
export function useCreateManualOrder() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ order, key }: { order: ManualOrderInput; key: string }) =>
      adminRequest<ManualOrderResponse>(ADMIN_API.orders, {
        method: 'POST',
        body: order,
        headers: { 'idempotency-key': key },
      }),
    onSettled: async () => {
      await client.invalidateQueries({ queryKey: ordersKey });
      await client.invalidateQueries({ queryKey: ['admin', 'stats'] });
      await client.invalidateQueries({ queryKey: ['admin', 'products'] });
    },
  });
}

/** Cash on delivery as the shop offers it (COD_ENABLED, COD_FEE): the new order form adds the fee. */
export const cashOnDeliveryQuery = () =>
  queryOptions({
    queryKey: ['admin', 'cash-on-delivery'] as const,
    queryFn: async ({ signal }) =>
      (await adminRequest<PaymentConfigResponse>('/v1/payments/config', { signal })).data.cash_on_delivery,
    staleTime: Infinity,
  });

/** The shipping rates for a country, priced for a subtotal: the new order form offers them. */
export const shippingRatesQuery = (country: string, subtotal: string) =>
  queryOptions({
    queryKey: ['admin', 'shipping-methods', country, subtotal] as const,
    queryFn: async ({ signal }) =>
      (
        await adminRequest<ShippingMethodsResponse>('/v1/shipping-methods', {
          signal,
          query: { country, subtotal },
        })
      ).data.methods,
    enabled: country !== '',
    staleTime: 60_000,
  });
