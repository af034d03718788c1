import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Address, AddressInput, AddressListResponse, AddressResponse } from '@boutique/contracts';
import { apiRequest } from '@/lib/api-client';

/** Under `account`: dropped when the customer signs out (stores/shop-cart.ts). */
export const addressesQueryKey = ['account', 'addresses'] as const;

export async function getAddresses(signal?: AbortSignal) {
  const res = await apiRequest<AddressListResponse>('/v1/account/addresses', { signal });
  return res.data.addresses;
}

export const addressesQuery = () =>
  queryOptions({ queryKey: addressesQueryKey, queryFn: ({ signal }) => getAddresses(signal) });

export const useAddresses = () => useQuery(addressesQuery());

const one = (res: AddressResponse) => res.data.address;

export const createAddress = (input: AddressInput) =>
  apiRequest<AddressResponse>('/v1/account/addresses', { method: 'POST', body: input }).then(one);

export const updateAddress = ({ id, input }: { id: number; input: AddressInput }) =>
  apiRequest<AddressResponse>(`/v1/account/addresses/${id}`, { method: 'PUT', body: input }).then(one);

export const deleteAddress = (id: number) =>
  apiRequest<unknown>(`/v1/account/addresses/${id}`, { method: 'DELETE' });

/** The address's own fields, as the API takes them back (e.g. to make it the default). */
export const toAddressInput = ({ id: _id, created_at: _created, ...fields }: Address): AddressInput => fields;

/** Every change can move the default mark to another address: the list is fetched again. */
function useAddressMutation<TInput, TResult>(mutationFn: (input: TInput) => Promise<TResult>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn,
    onSettled: () => client.invalidateQueries({ queryKey: addressesQueryKey }),
  });
}

export const useCreateAddress = () => useAddressMutation(createAddress);
export const useUpdateAddress = () => useAddressMutation(updateAddress);
export const useDeleteAddress = () => useAddressMutation(deleteAddress);
