import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PublicShippingZones, PublicShippingZonesResponse } from '@boutique/contracts';
import { apiRequest } from '@/lib/api-client';

/** Where the shop ships: every zone with its countries and rates, as the owner set them. */
export async function getShippingZones(signal?: AbortSignal): Promise<PublicShippingZones> {
  const res = await apiRequest<PublicShippingZonesResponse>('/v1/shipping-zones', { signal });
  return res.data.zones;
}

export const shippingZonesQuery = () =>
  queryOptions({
    queryKey: ['shipping-zones'],
    queryFn: ({ signal }) => getShippingZones(signal),
    staleTime: 5 * 60_000,
  });

export const useShippingZones = () => useQuery(shippingZonesQuery());
