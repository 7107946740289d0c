import { mutationOptions, useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { apiGet } from '@/shared/api/client';
import { queryKeys } from '@/shared/api/query-keys';
import type { OrderDetail } from '@/shared/api/types';
import { browserTimeZone } from '@/shared/format/dates';
import { getSession, guestFilter, identityKey, rememberVisitor, type Visitor } from '@/shared/auth/session';
import { useI18n } from '@/shared/i18n/i18n-context';
import type { ShopperLocale } from '@/shared/i18n/locale-table';

export interface GuestLookupRequest {
  orderNumber: string;
  visitor: Visitor;
}

/** GET /orders/history/v1/{orderNumber}?filter=email(..)|phoneNumber(..): the order, as this guest. */
export const lookupGuestOrder = ({ orderNumber, visitor }: GuestLookupRequest, locale: ShopperLocale) =>
  apiGet('/orders/history/v1/{orderNumber}', {
    auth: 'none',
    params: { orderNumber },
    query: {
      filter: guestFilter(visitor),
      locale: locale.intlLocale,
      country: locale.country,
      language: locale.language,
      timezone: browserTimeZone(),
    },
  });

export const guestLookupMutationOptions = (queryClient: QueryClient, locale: ShopperLocale) =>
  mutationOptions({
    mutationKey: ['guest-lookup'],
    mutationFn: (request: GuestLookupRequest) => lookupGuestOrder(request, locale),
    onSuccess: (order, request) => {
      // The visitor is remembered for this tab, and the detail page starts from the order just fetched.
      rememberVisitor(request.visitor);
      queryClient.setQueryData<OrderDetail>(queryKeys.orderDetail(order.orderNumber, identityKey(getSession())), order);
    },
  });

export function useGuestLookup() {
  const queryClient = useQueryClient();
  const { locale } = useI18n();
  return useMutation(guestLookupMutationOptions(queryClient, locale));
}
