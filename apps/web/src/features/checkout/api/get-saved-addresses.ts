import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Address, AddressListResponse } from '@boutique/contracts';
import { apiRequest } from '@/lib/api-client';

/**
 * The customer's saved addresses, to prefill the checkout. Same request and query key as the addresses page
 * (features/account), so both share one cache entry; kept here because features do not import each other.
 */
export const savedAddressesQuery = () =>
  queryOptions({
    queryKey: ['account', 'addresses'],
    queryFn: async ({ signal }): Promise<Address[]> => {
      const res = await apiRequest<AddressListResponse>('/v1/account/addresses', { signal });
      return res.data.addresses;
    },
  });

export const useSavedAddresses = () => useQuery(savedAddressesQuery());
