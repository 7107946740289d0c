import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '@/shared/api/client';

/** GET /orders/shopsimilar/v2/{colorWays}: products like the item, closest first. */
export const shopSimilarQueryOptions = (styleColor: string, currency: string) =>
  queryOptions({
    queryKey: ['services', 'shop-similar', styleColor, currency],
    queryFn: ({ signal }) =>
      apiGet('/orders/shopsimilar/v2/{colorWays}', { auth: 'none', params: { colorWays: styleColor }, query: { currency }, signal }),
    staleTime: 10 * 60 * 1000,
  });

/** Loads only once `enabled` (the slider was opened); the answer is kept for the next opening. */
export const useShopSimilar = (styleColor: string, currency: string, enabled: boolean) =>
  useQuery({ ...shopSimilarQueryOptions(styleColor, currency), enabled });
