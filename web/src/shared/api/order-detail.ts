import { queryOptions } from '@tanstack/react-query';
import { browserTimeZone } from '@/shared/format/dates';
import type { ShopperLocale } from '@/shared/i18n/locale-table';
import { apiGet } from './client';
import { RESULT_LIFETIME_MS } from './query-client';
import { queryKeys } from './query-keys';

/**
 * GET /orders/history/v1/{orderNumber}: as the member (the session) or else as the stored guest (filter). One
 * definition for every page that shows an order (the order pages, the return wizard) and for the request a
 * visit's first page starts before its code has arrived (app/page-start.ts): the same key and the same URL,
 * so none of them asks twice.
 */
export const orderDetailQueryOptions = (orderNumber: string, identity: string, locale: ShopperLocale) =>
  queryOptions({
    queryKey: queryKeys.orderDetail(orderNumber, identity),
    queryFn: ({ signal }) =>
      apiGet('/orders/history/v1/{orderNumber}', {
        auth: 'member-or-guest',
        params: { orderNumber },
        query: {
          locale: locale.intlLocale,
          country: locale.country,
          language: locale.language,
          timezone: browserTimeZone(),
        },
        signal,
      }),
    // A cached order is fetched again when the server flags it, otherwise after the result lifetime.
    staleTime: (query) => (query.state.data?.shouldRefresh ? 0 : RESULT_LIFETIME_MS),
  });
