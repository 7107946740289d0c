import { infiniteQueryOptions, useInfiniteQuery, type QueryClient } from '@tanstack/react-query';
import { apiGet } from '@/shared/api/client';
import { queryKeys } from '@/shared/api/query-keys';
import type { HistoryResponse } from '@/shared/api/types';
import { getSession, identityKey, useSession } from '@/shared/auth/session';
import { inlinedConfig } from '@/shared/config/inlined-config';
import { useI18n } from '@/shared/i18n/i18n-context';
import type { ShopperLocale } from '@/shared/i18n/locale-table';
import {
  historyFilterValues,
  historySortValue,
  NO_FILTERS,
  readHistoryFilters,
  type HistoryFilters,
} from '../model/history-filters';
import { consentsQueryOptions, grants } from './get-consents';

export type HistoryKind = 'own' | 'partner';

const FILTERS: Record<HistoryKind, string> = {
  own: 'orderType(SALES_ORDER)',
  partner: 'orderType(PARTNER_SALES_ORDER)',
};

/** Spec §7: the history call accepts 200 and 404; a 404 is an empty list. */
const EMPTY_PAGE: HistoryResponse = { orderItems: [], pages: { next: null } };

interface HistoryPageRequest {
  kind: HistoryKind;
  /** The previous page's `pages.next` query string, or null for the first page. */
  next: string | null;
  country: string;
  language: string;
  /** Applied to the first page; later pages carry them in `next`. */
  filters?: HistoryFilters;
  signal?: AbortSignal;
}

/** GET /orders/history/v1 (first page) or /orders/history/v1?{next}&country=..&language=.. (later pages). */
export const fetchOrderHistoryPage = ({
  kind,
  next,
  country,
  language,
  filters = NO_FILTERS,
  signal,
}: HistoryPageRequest) =>
  apiGet('/orders/history/v1', {
    auth: 'member',
    rawQuery: next,
    // The server takes several filters comma-separated in one `filter` parameter.
    query: next
      ? { country, language }
      : {
          filter: [FILTERS[kind], ...historyFilterValues(filters)].join(','),
          sort: historySortValue(filters),
          country,
          language,
        },
    fallbackOn: { 404: EMPTY_PAGE },
    signal,
  });

export const orderHistoryQueryOptions = (
  kind: HistoryKind,
  identity: string,
  country: string,
  language: string,
  filters: HistoryFilters = NO_FILTERS,
) =>
  infiniteQueryOptions({
    queryKey: [
      ...queryKeys.orderHistory(kind, identity, country, language),
      filters.q,
      filters.status,
      filters.year,
      filters.sort,
    ],
    queryFn: ({ pageParam, signal }) =>
      fetchOrderHistoryPage({ kind, next: pageParam, country, language, filters, signal }),
    initialPageParam: null as string | null,
    // The next-page link is read from the last successful response.
    getNextPageParam: (lastPage) => lastPage.pages.next ?? undefined,
  });

export function useOrderHistory(
  kind: HistoryKind,
  { enabled = true, filters = NO_FILTERS }: { enabled?: boolean; filters?: HistoryFilters } = {},
) {
  const session = useSession();
  const { locale } = useI18n();
  return useInfiniteQuery({
    ...orderHistoryQueryOptions(kind, identityKey(session), locale.country, locale.language, filters),
    enabled: enabled && session.member !== null,
  });
}

/**
 * The own history's first page for the filters in `search` (the page's URL), asked for when a visit opens on
 * /orders, before the page's code and the language's catalogue have arrived (app/page-start.ts): the key the
 * page's `useOrderHistory` then finds filled or on its way. Nothing without a signed-in member.
 */
export function prefetchOrderHistory(client: QueryClient, search: string, locale: ShopperLocale): void {
  const session = getSession();
  if (session.member === null) return;
  const filters = readHistoryFilters(search);
  // A failure is the page's to show: it asks again when it finds no answer.
  const identity = identityKey(session);
  client
    .infiniteQuery(orderHistoryQueryOptions('own', identity, locale.country, locale.language, filters))
    .catch(() => undefined);
  // The page waits to know whether it shows the partner tab (order-history-view.tsx): the consent, and with
  // it the partner list's first page, are asked for now too, when the configuration in the page turns the flag
  // on (without one, the page asks once its configuration is there).
  if (inlinedConfig(locale.country)?.flags.enablePartnerOrders !== true) return;
  client
    .query(consentsQueryOptions(session.member.upmId))
    .then((records) => {
      if (!grants(records, 'partnerOrderDataSharing')) return;
      return client.infiniteQuery(orderHistoryQueryOptions('partner', identity, locale.country, locale.language));
    })
    .catch(() => undefined);
}
