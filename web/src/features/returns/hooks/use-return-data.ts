import { queryOptions, useQuery } from '@tanstack/react-query';
import { orderDetailQueryOptions } from '@/shared/api/order-detail';
import type { OrderDetail } from '@/shared/api/types';
import { identityKey, useSession } from '@/shared/auth/session';
import { useI18n } from '@/shared/i18n/i18n-context';
import { getReturnInstructions, getReturnLabel, getReturnOptions } from '../api';
import type { ReturnableLine } from '../model/selection';

/**
 * The order as the detail page loads it (shared/api/order-detail: the same key and URL, so coming from the
 * order costs no request). Features do not import each other: this is the same query through shared/.
 */
export function useOrderForReturn(orderNumber: string, enabled = true) {
  const session = useSession();
  const { locale } = useI18n();
  const identity = identityKey(session);
  return useQuery({
    ...orderDetailQueryOptions(orderNumber, identity, locale),
    enabled: enabled && identity !== 'anonymous',
  });
}

/** The return options of an order, for every identity (the key's prefix). */
export const returnOptionsQueryKey = (orderNumber: string) => ['returns', 'options', orderNumber] as const;

export const returnOptionsQueryOptions = (orderNumber: string, identity: string) =>
  queryOptions({
    queryKey: [...returnOptionsQueryKey(orderNumber), identity] as const,
    queryFn: ({ signal }) => getReturnOptions(orderNumber, signal),
    // What may still be returned changes with every return: never reuse an old answer on a new visit.
    staleTime: 0,
  });

export function useReturnOptions(orderNumber: string, enabled = true) {
  const identity = identityKey(useSession());
  return useQuery({
    ...returnOptionsQueryOptions(orderNumber, identity),
    enabled: enabled && orderNumber !== '' && identity !== 'anonymous',
  });
}

/**
 * A created return as its instructions and detail show it (variant, label, barcode, code wait, bank
 * refund), from the server: the page works from its URL alone, in any tab, on any day.
 */
export function useReturnInstructions(returnOrderNumber: string) {
  const identity = identityKey(useSession());
  return useQuery({
    queryKey: ['returns', 'instructions', returnOrderNumber, identity] as const,
    queryFn: ({ signal }) => getReturnInstructions(returnOrderNumber, signal),
    enabled: returnOrderNumber !== '' && identity !== 'anonymous',
    retry: false,
  });
}

/** Spec 001 §4.3: the label loads at page start unless the country is China or Korea. */
export function useReturnLabel(returnOrderNumber: string, enabled: boolean) {
  const identity = identityKey(useSession());
  return useQuery({
    queryKey: ['returns', 'label', returnOrderNumber, identity] as const,
    queryFn: ({ signal }) => getReturnLabel(returnOrderNumber, signal),
    enabled: enabled && identity !== 'anonymous',
    retry: false,
  });
}

/** Every line of the sales order, with its return facts from the options call. */
export function returnableLines(
  order: OrderDetail,
  options: { lines: { lineNumber: number }[] } | undefined,
): ReturnableLine[] {
  const facts = new Map((options?.lines ?? []).map((line) => [line.lineNumber, line]));
  return order.groups.flatMap((group) =>
    group.orderItems.map((item) => ({ item, option: facts.get(item.lineNumber) as ReturnableLine['option'] })),
  );
}
