import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { order } from '@/test/fixtures';
import { json, mockFetch } from '@/test/mock-fetch';
import { renderApp } from '@/test/render-app';

describe('money timeline', () => {
  it('lists what happened to the money, with the expected arrival of money going back', async () => {
    const detail = order({
      moneyTimeline: [
        { kind: 'charged', amount: 129.6, currency: 'USD', method: 'credit_card', date: '2026-11-01T10:00:00Z' },
        {
          kind: 'released',
          amount: 129.6,
          currency: 'USD',
          method: 'credit_card',
          date: '2026-11-01T10:10:00Z',
          expectedArrival: '2026-11-06T10:10:00Z',
        },
      ],
    });
    mockFetch([{ path: `/orders/history/v1/${detail.orderNumber}`, respond: () => json(detail) }]);
    renderApp(`/orders/sales/${detail.orderNumber}`, { member: true });
    const section = await screen.findByRole('region', { name: 'Your money' });
    const items = within(section).getAllByRole('listitem');
    expect(items).toHaveLength(2);
    expect(items[0]).toHaveTextContent('Charged');
    expect(items[0]).toHaveTextContent('$129.60 by Credit card');
    expect(items[1]).toHaveTextContent('Released (order cancelled)');
    expect(items[1]).toHaveTextContent('Expected by November 6, 2026');
  });

  it("names the payment type as the order's payment method does, in every language: Alipay is 支付宝 on the China site", async () => {
    const detail = order({
      country: 'CN',
      currency: 'CNY',
      payment: [{ paymentType: 'alipay', paymentDisplayNumber: null }],
      moneyTimeline: [
        { kind: 'charged', amount: 899, currency: 'CNY', method: 'alipay', date: '2026-11-01T10:00:00Z' },
      ],
    });
    mockFetch([{ path: `/orders/history/v1/${detail.orderNumber}`, respond: () => json(detail) }]);
    renderApp(`/cn/orders/sales/${detail.orderNumber}`, { member: true });
    const section = await screen.findByRole('region', { name: '资金动态' });
    expect(within(section).getByRole('listitem')).toHaveTextContent('支付宝');
    expect(screen.getByText('支付方式').nextElementSibling).toHaveTextContent(/^支付宝$/);
    expect(document.body).not.toHaveTextContent('Alipay');
  });

  it('is not shown without events', async () => {
    const detail = order();
    mockFetch([{ path: `/orders/history/v1/${detail.orderNumber}`, respond: () => json(detail) }]);
    renderApp(`/orders/sales/${detail.orderNumber}`, { member: true });
    await screen.findByRole('heading', { level: 1 });
    expect(screen.queryByRole('region', { name: 'Your money' })).not.toBeInTheDocument();
  });
});
