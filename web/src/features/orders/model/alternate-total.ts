import type { OrderDetail } from '@/shared/api/types';

/**
 * The order total in the alternate display currency (000 §2 header, §3 currencyAlt/transactionAlt), as the
 * order system computed it: shown only when both are sent and the currency differs from the order's own.
 */
export function alternateTotal(order: OrderDetail): { amount: number; currency: string } | null {
  const currency = order.currencyAlt?.trim().toUpperCase();
  const amount = order.transactionAlt?.orderTotal;
  if (!currency || amount === null || amount === undefined || currency === order.currency) return null;
  return { amount, currency };
}
