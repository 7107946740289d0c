import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiDelete, apiGet, apiPost, apiPut } from '@/shared/api/client';
import type { components } from '@/shared/api/schema';

export type Address = components['schemas']['Address'];
export type AddressLayout = components['schemas']['LayoutView'];
export type ValidationAnswer = components['schemas']['ValidationAnswer'];

const keys = {
  book: (upmId: string) => ['addresses', 'book', upmId] as const,
  layout: (country: string) => ['addresses', 'layout', country.toUpperCase()] as const,
};

/** GET /addresses/v1/{upmId}/address: the member's own addresses, preferred first. */
export const addressBookQueryOptions = (upmId: string) =>
  queryOptions({
    queryKey: keys.book(upmId),
    queryFn: ({ signal }) => apiGet('/addresses/v1/{upmId}/address', { auth: 'member', params: { upmId }, signal }),
  });

export const useAddressBook = (upmId: string) => useQuery(addressBookQueryOptions(upmId));

/** GET /addresses/v1/layouts/{country}: the form's fields, labels, postal masks and provinces. */
export const addressLayoutQueryOptions = (country: string) =>
  queryOptions({
    queryKey: keys.layout(country),
    queryFn: ({ signal }) => apiGet('/addresses/v1/layouts/{country}', { auth: 'none', params: { country }, signal }),
    staleTime: Infinity,
  });

export const useAddressLayout = (country: string) => useQuery(addressLayoutQueryOptions(country));

/** POST /address/validation/v1 (spec 002 §5): validated, and a suggestion when there is a close match. */
export const validateAddress = (address: Address, language: string) =>
  apiPost('/address/validation/v1', { auth: 'member', body: { address, language } });

export interface SaveRequest {
  upmId: string;
  address: Address;
}

/** POST for a new address, PUT for a stored one (spec 002 §4: add if new, otherwise update). */
export const saveAddress = ({ upmId, address }: SaveRequest) => {
  const { id, ...fields } = address;
  if (id && id !== 'suggested') {
    return apiPut('/addresses/v1/{upmId}/address/{id}', { auth: 'member', params: { upmId, id }, body: fields });
  }
  return apiPost('/addresses/v1/{upmId}/address', { auth: 'member', params: { upmId }, body: fields });
};

export const deleteAddress = ({ upmId, id }: { upmId: string; id: string }) =>
  apiDelete('/addresses/v1/{upmId}/address/{id}', { auth: 'member', params: { upmId, id } });

/** Saving, deleting or changing the preferred address reloads the book. */
export function useAddressMutations(upmId: string) {
  const client = useQueryClient();
  const refresh = () => client.invalidateQueries({ queryKey: keys.book(upmId) });
  const save = useMutation({ mutationFn: saveAddress, onSuccess: refresh });
  const remove = useMutation({ mutationFn: deleteAddress, onSuccess: refresh });
  return { save, remove };
}
