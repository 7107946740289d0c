import type { HistoryItem } from '@/shared/api/types';

/** One order of the history: what every one of its rows repeats about it, and its rows as items. */
export interface HistoryOrder {
  orderNumber: string;
  orderType: HistoryItem['orderType'];
  orderDate: string;
  currency: string;
  partnerName: string | null | undefined;
  /** The order's total as the server sends it on each row (`StoredOrder::totals`), never summed here. */
  orderTotal: number;
  fullOrderStatus: HistoryItem['fullOrderStatus'];
  items: HistoryItem[];
}

/**
 * The history's rows as orders, in the order the orders first appear (the server pages whole orders and
 * sends an order's rows together; a row that comes back later still joins its order's card).
 */
export function groupHistoryOrders(items: readonly HistoryItem[]): HistoryOrder[] {
  const byNumber = new Map<string, HistoryOrder>();
  for (const item of items) {
    const known = byNumber.get(item.orderNumber);
    if (known) {
      known.items.push(item);
      continue;
    }
    byNumber.set(item.orderNumber, {
      orderNumber: item.orderNumber,
      orderType: item.orderType,
      orderDate: item.orderDate,
      currency: item.currency,
      partnerName: item.partnerName,
      orderTotal: item.orderTotal,
      fullOrderStatus: item.fullOrderStatus,
      items: [item],
    });
  }
  return [...byNumber.values()];
}

/** A cancelled order was not charged: its card says so instead of a total. */
export const isUncharged = (order: HistoryOrder): boolean => order.fullOrderStatus.simpleStatus === 'cancelled';

/** The order's distinct tracking links (the line actions' `trackShipment`), in line order. */
export function trackingLinks(order: HistoryOrder): string[] {
  const links = order.items
    .map((item) => item.actions.trackShipment)
    .filter((action) => action?.enabled)
    .map((action) => action?.webLink ?? '')
    .filter((link) => link !== '');
  return [...new Set(links)];
}
