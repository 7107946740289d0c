import type { OrderDetail, SimpleStatus } from '@/shared/api/types';
import type { MessageKey } from '@/shared/i18n/messages';

/** A return whose refund is not made yet: created or on its way through the return centre. */
const PENDING: readonly SimpleStatus[] = ['returnCreated', 'returnInProcess'];

/**
 * How a return order's refund total is labelled (001 §2.2: "labelled differently in Australia while the
 * return is pending"). The spec does not show the Australian text; chosen: "Estimated refund", because
 * there the drop-off fee may still be taken from the refund (001 §1), so the amount is not final yet.
 */
export function refundTotalLabel(order: OrderDetail, isAustralia: boolean, fallback: MessageKey): MessageKey {
  return isAustralia && PENDING.includes(order.fullOrderStatus.simpleStatus)
    ? 'orders.detail.estimatedRefund'
    : fallback;
}
