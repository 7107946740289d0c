import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '@/shared/api/client';
import { RESULT_LIFETIME_MS } from '@/shared/api/query-client';
import { queryKeys } from '@/shared/api/query-keys';
import { identityKey, useSession } from '@/shared/auth/session';
import { useI18n } from '@/shared/i18n/i18n-context';
import type { ShopperLocale } from '@/shared/i18n/locale-table';

const timeZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone;

/** GET /orders/history/v1/{orderNumber}: as the member (token) or else as the stored guest (filter). */
export const fetchOrderDetail = (orderNumber: string, locale: ShopperLocale, signal?: AbortSignal) =>
  apiGet('/orders/history/v1/{orderNumber}', {
    auth: 'member-or-guest',
    params: { orderNumber },
    query: { locale: locale.intlLocale, country: locale.country, language: locale.language, timezone: timeZone() },
    signal,
  });

export const orderDetailQueryOptions = (orderNumber: string, identity: string, locale: ShopperLocale) =>
  queryOptions({
    queryKey: queryKeys.orderDetail(orderNumber, identity),
    queryFn: ({ signal }) => fetchOrderDetail(orderNumber, locale, signal),
    // A cached order is fetched again when the server flags it, otherwise after the result lifetime.
    staleTime: (query) => (query.state.data?.shouldRefresh ? 0 : RESULT_LIFETIME_MS),
  });

export function useOrderDetail(orderNumber: string) {
  const session = useSession();
  const { locale } = useI18n();
  const identity = identityKey(session);
  return useQuery({ ...orderDetailQueryOptions(orderNumber, identity, locale), enabled: identity !== 'anonymous' });
}
