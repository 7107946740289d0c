import { useQuery } from '@tanstack/react-query';
import { ApiError, PARSE_ERROR_MESSAGE } from '@/shared/api/api-error';
import { apiGet } from '@/shared/api/client';
import type { components } from '@/shared/api/schema';

export type ConsolePickup = components['schemas']['ConsolePickup'];
export type ConsolePickupList = components['schemas']['ConsolePickupList'];

/**
 * The console speaks as a store (its `X-Store-Key`), not as a shopper, so it does not use the shopper's
 * client (no session cookie identity, no guest filter); it also reads the list's ETag and its 304.
 */
async function send(method: 'GET' | 'POST', path: string, key: string, etag?: string | null, signal?: AbortSignal) {
  const headers: Record<string, string> = { Accept: 'application/json', 'X-Store-Key': key };
  if (etag) headers['If-None-Match'] = etag;
  let response: Response;
  try {
    response = await fetch(path, { method, headers, credentials: 'omit', signal, cache: 'no-store' });
  } catch (cause) {
    if (cause instanceof DOMException && cause.name === 'AbortError') throw cause;
    throw new ApiError({ status: 0, code: 'network-error', message: 'The server could not be reached' });
  }
  return response;
}

async function failure(response: Response): Promise<ApiError> {
  const body = (await response.json().catch(() => null)) as { code?: unknown; message?: unknown } | null;
  const code = typeof body?.code === 'string' ? body.code : 'unparseable-response';
  const message = typeof body?.message === 'string' ? body.message : PARSE_ERROR_MESSAGE;
  return new ApiError({ status: response.status, code, message });
}

const base = (storeId: string) => `/ops/v1/stores/${encodeURIComponent(storeId)}/order_pickups`;

export type ListAnswer = { changed: true; list: ConsolePickupList; etag: string | null } | { changed: false };

/** GET the open interactions; `{changed:false}` when the list is the one the ETag names (304). */
export async function listOpen(
  storeId: string,
  key: string,
  etag: string | null,
  signal?: AbortSignal,
): Promise<ListAnswer> {
  const response = await send('GET', base(storeId), key, etag, signal);
  if (response.status === 304) return { changed: false };
  if (!response.ok) throw await failure(response);
  const list = (await response.json()) as ConsolePickupList;
  return { changed: true, list, etag: response.headers.get('ETag') };
}

/** Claim or complete one interaction. */
export async function advance(
  storeId: string,
  key: string,
  id: string,
  step: 'claim' | 'complete',
): Promise<ConsolePickup> {
  const response = await send('POST', `${base(storeId)}/${encodeURIComponent(id)}/${step}`, key);
  if (!response.ok) throw await failure(response);
  return (await response.json()) as ConsolePickup;
}

/** The store's name for the heading (the public store view; the key is not needed). */
export const useStoreName = (storeId: string) =>
  useQuery({
    queryKey: ['store-console', 'store', storeId],
    queryFn: ({ signal }) =>
      apiGet('/store/store_views/v1/{store_id}', { auth: 'none', params: { store_id: storeId }, signal }),
    select: (store) => store.name,
    staleTime: 10 * 60 * 1000,
    retry: false,
  });
