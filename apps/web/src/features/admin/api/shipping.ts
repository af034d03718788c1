import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  ShippingZoneChange,
  ShippingZoneInput,
  ShippingZoneResponse,
  ShippingZonesResponse,
} from '@boutique/contracts/admin-shipping';
import { adminRequest } from './admin-request';

const ZONES = '/api/v1/admin/shipping-zones';
const zonesKey = ['admin', 'shipping-zones'] as const;

export const adminShippingZonesQuery = () =>
  queryOptions({
    queryKey: zonesKey,
    queryFn: async ({ signal }) => (await adminRequest<ShippingZonesResponse>(ZONES, { signal })).data.zones,
    staleTime: 0,
  });

export const useAdminShippingZones = () => useQuery(adminShippingZonesQuery());

export function createShippingZone(zone: ShippingZoneInput) {
  return adminRequest<ShippingZoneResponse>(ZONES, { method: 'POST', body: zone });
}

/** A change based on the version the page shows (409 `stale` when the zone changed meanwhile). */
export function updateShippingZone(id: number, change: ShippingZoneChange & { version: number }) {
  return adminRequest<ShippingZoneResponse>(`${ZONES}/${id}`, { method: 'PATCH', body: change });
}

export function deleteShippingZone(id: number, version: number) {
  return adminRequest<ShippingZoneResponse>(`${ZONES}/${id}`, { method: 'DELETE', body: { version } });
}

/** After a write: the zones as the API now has them, and the storefront's rates asked again. */
export function useRefreshShippingZones() {
  const client = useQueryClient();
  return async () => {
    await client.invalidateQueries({ queryKey: zonesKey });
    await client.invalidateQueries({ queryKey: ['shipping-zones'] });
    await client.invalidateQueries({ queryKey: ['shipping-methods'] });
  };
}
