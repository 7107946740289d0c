import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet, apiPatch, apiPost } from '@/shared/api/client';
import type { components } from '@/shared/api/schema';

export type PickupView = components['schemas']['PickupView'];
export type StoreView = components['schemas']['StoreView'];
export type CurbsideOffer = components['schemas']['CurbsideOffer'];

/** Spec 002 §7: fetched results expire after 10 minutes. */
const FETCH_EXPIRY_MS = 10 * 60 * 1000;

/** GET /store/store_views/v1/{storeId}: the store's address, phone, hours and services (anyone). */
export const storeQueryOptions = (storeId: string) =>
  queryOptions({
    queryKey: ['curbside', 'store', storeId],
    queryFn: ({ signal }) =>
      apiGet('/store/store_views/v1/{store_id}', { auth: 'none', params: { store_id: storeId }, signal }),
    staleTime: FETCH_EXPIRY_MS,
    // The page's own retry button counts attempts (spec: retry below 3); no silent retries.
    retry: false,
  });

export const useStore = (storeId: string, enabled: boolean) => useQuery({ ...storeQueryOptions(storeId), enabled });

/** GET /store/curbside_offers/v1/{orderNumber}: the link data of an order ready for curbside pickup. */
export const offerQueryOptions = (orderNumber: string) =>
  queryOptions({
    queryKey: ['curbside', 'offer', orderNumber],
    queryFn: ({ signal }) =>
      apiGet('/store/curbside_offers/v1/{orderNumber}', { auth: 'member-or-guest', params: { orderNumber }, signal }),
    staleTime: FETCH_EXPIRY_MS,
    retry: false,
  });

export const useCurbsideOffer = (orderNumber: string, enabled: boolean) =>
  useQuery({ ...offerQueryOptions(orderNumber), enabled });

/**
 * The curbside page's read of the offer: asked again on every opening, whatever the cache holds, since
 * another tab or device may have said "I'm here" meanwhile (`openPickupId`).
 */
export const useFreshCurbsideOffer = (orderNumber: string, enabled: boolean) =>
  useQuery({ ...offerQueryOptions(orderNumber), enabled, refetchOnMount: 'always' });

export interface ImHere {
  orderNumber: string;
  storeId: string;
  qrId: string;
  vehicle: string;
}

/** POST /store/order_pickups/v1 with the spec's body: one note holding the vehicle description. */
export const createPickup = ({ orderNumber, storeId, qrId, vehicle }: ImHere) =>
  apiPost('/store/order_pickups/v1', {
    auth: 'member-or-guest',
    body: {
      notes: [{ text: vehicle.trim(), authorType: 'CONSUMER', target: 'ATHLETE' }],
      orderNumber,
      storeId,
      storeServiceId: 'curbside',
      validationCode: { type: 'STORE_CONSUMER_ORDER_CODE', code: qrId },
    },
  });

export const getPickup = (id: string, signal?: AbortSignal) =>
  apiGet('/store/order_pickups/v1/{id}', { auth: 'member-or-guest', params: { id }, signal });

/** The shopper's only change: withdraw the request. */
export const cancelPickup = (id: string) =>
  apiPatch('/store/order_pickups/v1/{id}', {
    auth: 'member-or-guest',
    params: { id },
    body: { status: 'CANCELLED_CONSUMER' },
  });
