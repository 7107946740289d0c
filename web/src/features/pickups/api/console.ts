import { useQuery } from '@tanstack/react-query';
import { apiGet, apiPost } from '@/shared/api/client';
import type { components } from '@/shared/api/schema';

export type ConsolePickup = components['schemas']['ConsolePickup'];
export type ConsolePickupList = components['schemas']['ConsolePickupList'];

/** Stands for a 304 answer: the list is the one the ETag names (compared by identity, never shown). */
const UNCHANGED: ConsolePickupList = Object.freeze({ objects: [] });

export type ListAnswer = { changed: true; list: ConsolePickupList; etag: string | null } | { changed: false };

/**
 * GET the open interactions as the store (its `X-Store-Key`, no shopper identity); `{changed:false}` when
 * the list is the one the ETag names (304).
 */
export async function listOpen(
  storeId: string,
  key: string,
  etag: string | null,
  signal?: AbortSignal,
): Promise<ListAnswer> {
  let answeredTag: string | null = null;
  const list = await apiGet('/ops/v1/stores/{storeId}/order_pickups', {
    auth: 'none',
    params: { storeId },
    headers: etag ? { 'X-Store-Key': key, 'If-None-Match': etag } : { 'X-Store-Key': key },
    fallbackOn: { 304: UNCHANGED },
    onHeaders: (headers) => {
      answeredTag = headers.get('ETag');
    },
    signal,
  });
  if (list === UNCHANGED) return { changed: false };
  return { changed: true, list, etag: answeredTag };
}

/** Claim or complete one interaction. */
export function advance(storeId: string, key: string, id: string, step: 'claim' | 'complete'): Promise<ConsolePickup> {
  const options = { auth: 'none' as const, params: { storeId, id }, headers: { 'X-Store-Key': key } };
  return step === 'claim'
    ? apiPost('/ops/v1/stores/{storeId}/order_pickups/{id}/claim', options)
    : apiPost('/ops/v1/stores/{storeId}/order_pickups/{id}/complete', options);
}

/** The store's name for the heading (the public store view; the key is not needed). */
export const useStoreName = (storeId: string) =>
  useQuery({
    queryKey: ['pickups', 'console-store', storeId],
    queryFn: ({ signal }) =>
      apiGet('/store/store_views/v1/{store_id}', { auth: 'none', params: { store_id: storeId }, signal }),
    select: (store) => store.name,
    staleTime: 10 * 60 * 1000,
    retry: false,
  });
