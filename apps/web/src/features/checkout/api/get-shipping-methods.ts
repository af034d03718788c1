import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ShippingMethodsResponse } from '@boutique/contracts';
import { apiRequest } from '@/lib/api-client';

export type ShippingMethods = ShippingMethodsResponse['data'];

/** The rates for the shipping address's country, priced for the subtotal (free over...). */
export async function getShippingMethods(
  country: string,
  subtotal: string,
  signal?: AbortSignal,
): Promise<ShippingMethods> {
  const query = new URLSearchParams({ country, subtotal });
  const res = await apiRequest<ShippingMethodsResponse>(`/v1/shipping-methods?${query}`, { signal });
  return res.data;
}

export const shippingMethodsQuery = (country: string, subtotal: string) =>
  queryOptions({
    queryKey: ['shipping-methods', country, subtotal],
    queryFn: ({ signal }) => getShippingMethods(country, subtotal, signal),
    staleTime: 60_000,
  });

/** Asked once the address is known (step 2). */
export const useShippingMethods = (country: string | undefined, subtotal: string) =>
  useQuery({ ...shippingMethodsQuery(country ?? '', subtotal), enabled: Boolean(country) });
