import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Address, AddressInput, AddressListResponse } from '@boutique/contracts';
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

/**
 * Checkout's "Save this address to my address book": the account's own route, which adds nothing when the
 * book already holds the same address.
 */
export function useSaveAddress() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: AddressInput) => apiRequest('/v1/account/addresses', { method: 'POST', body: input }),
    onSettled: () => client.invalidateQueries({ queryKey: savedAddressesQuery().queryKey }),
  });
}
