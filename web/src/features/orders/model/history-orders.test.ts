import { describe, expect, it } from 'vitest';
import { historyItem } from '@/test/fixtures';
import { groupHistoryOrders, isUncharged, trackingLinks } from './history-orders';

describe('groupHistoryOrders', () => {
  it('makes one order per order number with its rows as items, in the order the orders come', () => {
    const orders = groupHistoryOrders([
      historyItem('A2', { lineNumber: 1, orderTotal: 50 }),
      historyItem('A2', { lineNumber: 2, orderTotal: 50 }),
      historyItem('A1', { lineNumber: 1, orderTotal: 20 }),
    ]);
    expect(orders.map((order) => [order.orderNumber, order.orderTotal, order.items.map((i) => i.lineNumber)])).toEqual([
      ['A2', 50, [1, 2]],
      ['A1', 20, [1]],
    ]);
  });

  it('says a cancelled order was not charged', () => {
    const [cancelled, shipped] = groupHistoryOrders([
      historyItem('A1', { fullOrderStatus: { simpleStatus: 'cancelled', statusColor: 'error' } }),
      historyItem('A2'),
    ]);
    expect(isUncharged(cancelled!)).toBe(true);
    expect(isUncharged(shipped!)).toBe(false);
  });

  it('lists each tracking link of the order once', () => {
    const link = (webLink: string) => ({ trackShipment: { enabled: true, webLink } });
    const [order] = groupHistoryOrders([
      historyItem('A1', { lineNumber: 1, actions: link('https://t.example/1') }),
      historyItem('A1', { lineNumber: 2, actions: link('https://t.example/1') }),
      historyItem('A1', { lineNumber: 3, actions: link('https://t.example/2') }),
      historyItem('A1', { lineNumber: 4, actions: {} }),
    ]);
    expect(trackingLinks(order!)).toEqual(['https://t.example/1', 'https://t.example/2']);
  });
});
