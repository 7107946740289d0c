import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiDelete, apiGet, apiPost, apiPut } from '@/shared/api/client';
import type { components } from '@/shared/api/schema';

export { addressLayoutQueryOptions, useAddressLayout, type AddressLayout } from '@/shared/api/address-layout';

export type Address = components['schemas']['Address'];
export type ValidationAnswer = components['schemas']['ValidationAnswer'];

const keys = {
  book: (upmId: string) => ['addresses', 'book', upmId] as const,
};

/** GET /addresses/v1/{upmId}/address: the member's own addresses, preferred first. */
export const addressBookQueryOptions = (upmId: string) =>
  queryOptions({
    queryKey: keys.book(upmId),
    queryFn: ({ signal }) => apiGet('/addresses/v1/{upmId}/address', { auth: 'member', params: { upmId }, signal }),
  });

export const useAddressBook = (upmId: string) => useQuery(addressBookQueryOptions(upmId));

/** POST /address/validation/v1 (spec 002 §5): validated, and a suggestion when there is a close match. */
export const validateAddress = (address: Address, language: string) =>
  apiPost('/address/validation/v1', { auth: 'member', body: { address, language } });

export interface SaveRequest {
  upmId: string;
  address: Address;
}

/** The server saved an address but its answer has no id: the address could not be chosen or edited again. */
export class AddressWithoutIdError extends Error {
  constructor() {
    super('The saved address came back without an id.');
    this.name = 'AddressWithoutIdError';
  }
}

/**
 * POST for a new address; PUT for one with an id, where the server decides between adding and updating
 * (spec 002 §4, the domain's `save_action`: the ship-from address's id adds). A taken suggestion (id
 * `suggested`) is saved over the address it was suggested for (`originalId`). The answer must carry the
 * address's id (spec 002 §7: an add without one is a failure).
 */
export const saveAddress = async ({ upmId, address }: SaveRequest): Promise<Address> => {
  const { id, ...fields } = address;
  const target = id === 'suggested' ? address.originalId : id;
  const saved = target
    ? await apiPut('/addresses/v1/{upmId}/address/{id}', {
        auth: 'member',
        params: { upmId, id: target },
        body: fields,
      })
    : await apiPost('/addresses/v1/{upmId}/address', { auth: 'member', params: { upmId }, body: fields });
  if (!saved.id) throw new AddressWithoutIdError();
  return saved;
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
