import { useQuery } from '@tanstack/react-query';
import { getStore } from '../api';

/** Whether a store may take this order's return: 'checking' while asked, 'unknown' when it cannot be read. */
export type StoreCountryCheck = 'checking' | 'same' | 'other' | 'unknown';

/** One store's query; the store step puts the stores it lists here, so a store chosen there is not asked again. */
export const storeQueryKey = (storeId: string | null) => ['returns', 'store', storeId] as const;

/**
 * Spec 001 §5: in-store returns are made in the order's country; a stored store of another country is
 * cleared and the Choose Another Store modal shows (audit L553). The store's country comes from the store
 * views (`GET /store/store_views/v1/{id}`); null when there is no store to check.
 */
export function useStoreCountry(storeId: string | null, orderCountry: string): StoreCountryCheck | null {
  const store = useQuery({
    queryKey: storeQueryKey(storeId),
    queryFn: ({ signal }) => getStore(storeId ?? '', signal),
    enabled: storeId !== null,
    staleTime: Infinity,
  });
  if (storeId === null) return null;
  if (store.isPending) return 'checking';
  if (!store.data) return 'unknown';
  return store.data.address.iso2Country.toUpperCase() === orderCountry.toUpperCase() ? 'same' : 'other';
}
