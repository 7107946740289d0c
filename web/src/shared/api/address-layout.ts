import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from './client';
import type { components } from './schema';

export type AddressLayout = components['schemas']['LayoutView'];

/**
 * GET /addresses/v1/layouts/{country}: the form's fields, labels, postal masks and provinces. Shared, so
 * the address book and the Korea courier pickup write a saved address with the same province names.
 */
export const addressLayoutQueryOptions = (country: string) =>
  queryOptions({
    queryKey: ['addresses', 'layout', country.toUpperCase()] as const,
    queryFn: ({ signal }) => apiGet('/addresses/v1/layouts/{country}', { auth: 'none', params: { country }, signal }),
    staleTime: Infinity,
  });

export const useAddressLayout = (country: string) => useQuery(addressLayoutQueryOptions(country));
