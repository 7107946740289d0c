import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '@/shared/api/client';
import { useI18n } from '@/shared/i18n/i18n-context';
import { currencyCode } from '@/shared/api/currency';

/** GET /orders/shopsimilar/v2/{colorWays}: products like the item, closest first. */
export const shopSimilarQueryOptions = (styleColor: string, currency: string, country: string) =>
  queryOptions({
    queryKey: ['products', 'shop-similar', styleColor, currency, country],
    queryFn: ({ signal }) =>
      apiGet('/orders/shopsimilar/v2/{colorWays}', {
        auth: 'none',
        params: { colorWays: styleColor },
        // The country: where shop similar is off the server refuses the call, as the page hides it.
        query: { currency: currencyCode(currency), country },
        signal,
      }),
    staleTime: 10 * 60 * 1000,
  });

/** Loads only once `enabled` (the slider was opened); the answer is kept for the next opening. */
export function useShopSimilar(styleColor: string, currency: string, enabled: boolean) {
  const { locale } = useI18n();
  return useQuery({ ...shopSimilarQueryOptions(styleColor, currency, locale.country.toLowerCase()), enabled });
}
