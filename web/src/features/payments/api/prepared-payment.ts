import { useQuery } from '@tanstack/react-query';
import type { components } from '@/shared/api/schema';
import { startDeferredPayment, type Channel } from './deferred-payment';

type StartRequest = components['schemas']['DeferredPaymentFields'];

/**
 * The deferred payment's data (the provider's form or QR code), fetched as soon as the order page offers
 * the pay action, not on "Pay now" (002 §3: the order carries deferredPaymentData), so the click submits
 * or redirects at once. Kept for the spec's fetch lifetime (10 minutes, the query client's default):
 * coming back to the order within it reuses the payment the provider already made.
 */
export function usePreparedPayment(channel: Channel, request: StartRequest, enabled: boolean) {
  return useQuery({
    queryKey: ['payments', 'deferred', request.orderNumber, request.approvalId, channel] as const,
    queryFn: () => startDeferredPayment(channel, request),
    enabled,
    // Every try starts a payment at the provider: the shopper asks for another one, never a silent retry.
    retry: false,
  });
}
