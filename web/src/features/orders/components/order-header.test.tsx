import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { OrderDetail } from '@/shared/api/types';
import { order } from '@/test/fixtures';
import { json, mockFetch } from '@/test/mock-fetch';
import { renderApp } from '@/test/render-app';

const serve = (detail: OrderDetail) =>
  mockFetch([{ path: `/orders/history/v1/${detail.orderNumber}`, respond: () => json(detail) }]);

const heading = () => screen.findByRole('heading', { level: 1, name: 'Order C0012345678' });

describe('order header', () => {
  it('shows the total in the alternate currency under the total, as the server computed it', async () => {
    const base = order({ currency: 'GBP', country: 'GB' });
    serve({ ...base, currencyAlt: 'EUR', transactionAlt: { orderTotal: 149.04, subTotal: 138 } });
    renderApp('/gb/orders/sales/C0012345678', { member: true });
    await heading();
    expect(screen.getByText('≈ €149.04')).toBeInTheDocument();
  });

  it('shows no alternate total without transactionAlt, or in the order currency itself', async () => {
    serve(order({ currency: 'GBP', country: 'GB', currencyAlt: 'EUR' }));
    const first = renderApp('/gb/orders/sales/C0012345678', { member: true });
    await heading();
    expect(screen.queryByText(/≈/)).not.toBeInTheDocument();
    first.unmount();
    serve(order({ currency: 'GBP', currencyAlt: 'gbp', transactionAlt: { orderTotal: 129.6 } }));
    renderApp('/gb/orders/sales/C0012345678', { member: true });
    await heading();
    expect(screen.queryByText(/≈/)).not.toBeInTheDocument();
  });

  it('shows the purchase-type sub status when the server sends one', async () => {
    const base = order();
    serve({ ...base, fullOrderStatus: { ...base.fullOrderStatus, subStatus: 'Gift purchase' } });
    renderApp('/orders/sales/C0012345678', { member: true });
    await heading();
    expect(screen.getByText('Gift purchase')).toHaveClass('order-header__sub-status');
  });

  it('labels the refund total as an estimate in Australia while the return is pending', async () => {
    const returned = (simpleStatus: OrderDetail['fullOrderStatus']['simpleStatus']) =>
      order({
        orderType: 'RETURN_ORDER',
        currency: 'AUD',
        country: 'AU',
        fullOrderStatus: { simpleStatus, statusColor: 'info' },
      });
    const open = async (detail: OrderDetail, isAustralia: boolean) => {
      serve(detail);
      const view = renderApp('/au/orders/returns/C0012345678', { member: true, flags: { isAustralia } });
      await screen.findByRole('heading', { level: 1, name: 'Return C0012345678' });
      const labels = [...document.querySelectorAll('.order-header__total > .muted, .price-summary__row--total dt')];
      view.unmount();
      return labels.map((label) => label.textContent);
    };
    expect(await open(returned('returnCreated'), true)).toEqual(['Estimated refund', 'Estimated refund']);
    expect(await open(returned('returnInProcess'), true)).toEqual(['Estimated refund', 'Estimated refund']);
    expect(await open(returned('returnCompleted'), true)).toEqual(['Refund total', 'Refund total']);
    expect(await open(returned('returnCreated'), false)).toEqual(['Refund total', 'Refund total']);
  });

  it("offers Get help as a quick action from the server's getHelp action, to the country's help link for a path", async () => {
    const quickActions = () => document.querySelector<HTMLElement>('.order-header__quick-actions');
    const open = async (actions: OrderDetail['actions'], url = '/orders/sales/C0012345678', quick = true) => {
      serve(order({ actions }));
      const view = renderApp(url, { member: true, flags: { useQuickActionCta: quick } });
      await heading();
      return view;
    };
    let view = await open({ getHelp: { enabled: true, webLink: '/help?country=US&orderNumber=C0012345678' } });
    const sidebarHelp = within(screen.getByRole('complementary')).getByRole('link', {
      name: 'Get help with this order',
    });
    expect(within(quickActions()!).getByRole('link', { name: 'Get help with this order' })).toHaveAttribute(
      'href',
      sidebarHelp.getAttribute('href'),
    );
    view.unmount();
    view = await open({ getHelp: { enabled: true, webLink: 'https://help.example.com/orders/C0012345678' } });
    expect(within(quickActions()!).getByRole('link')).toHaveAttribute(
      'href',
      'https://help.example.com/orders/C0012345678',
    );
    view.unmount();
    for (const [actions, url, quick] of [
      [{}, undefined, true],
      [{ getHelp: { enabled: true, webLink: '/help' } }, undefined, false],
      // Last: the tab remembers the standalone view.
      [{ getHelp: { enabled: true, webLink: '/help' } }, '/orders/sales/C0012345678?standalone=true', true],
    ] as const) {
      view = await open(actions, url, quick);
      expect(quickActions()?.querySelector('a') ?? null).toBeNull();
      view.unmount();
    }
  });
});
