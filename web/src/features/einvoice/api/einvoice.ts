import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiGet, apiPost } from '@/shared/api/client';
import type { components } from '@/shared/api/schema';
import { getSession, guestFilter } from '@/shared/auth/session';

export type EinvoiceState = components['schemas']['EinvoiceState'];
export type EinvoiceBody = components['schemas']['EinvoiceBody'];

export const einvoiceQueryKey = (orderNumber: string) => ['einvoice', orderNumber] as const;

/**
 * GET /orders/einvoice/v1/{orderNumber}: the invoice's state. While it is being issued the query polls
 * with the server's eta (500 ms by default) and stops once ISSUED.
 */
export const useEinvoice = (orderNumber: string, enabled: boolean) =>
  useQuery({
    queryKey: einvoiceQueryKey(orderNumber),
    enabled,
    queryFn: ({ signal }) =>
      apiGet('/orders/einvoice/v1/{orderNumber}', { auth: 'member-or-guest', params: { orderNumber }, signal }),
    refetchInterval: (query) => (query.state.data?.status === 'REQUESTED' ? (query.state.data.eta ?? 500) : false),
  });

export const useRequestEinvoice = (orderNumber: string) => {
  const client = useQueryClient();
  return useMutation({
    mutationKey: ['einvoice', 'request', orderNumber],
    mutationFn: (body: EinvoiceBody) =>
      apiPost('/orders/einvoice/v1/{orderNumber}', { auth: 'member-or-guest', params: { orderNumber }, body }),
    onSuccess: () => client.invalidateQueries({ queryKey: einvoiceQueryKey(orderNumber) }),
  });
};

/**
 * The PDF's address: a plain link, so the browser downloads it with the session cookie; a guest's link
 * carries the order's e-mail or phone filter like every guest request.
 */
export function einvoicePdfUrl(orderNumber: string): string {
  const query = new URLSearchParams({ format: 'pdf' });
  const session = getSession();
  if (!session.member && session.visitor) query.set('filter', guestFilter(session.visitor));
  return `/orders/einvoice/v1/${encodeURIComponent(orderNumber)}?${query.toString()}`;
}
