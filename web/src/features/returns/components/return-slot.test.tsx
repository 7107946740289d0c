import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { OrderDetail } from '@/shared/api/types';
import { historyItem, order, orderItem } from '@/test/fixtures';
import { json, mockFetch } from '@/test/mock-fetch';
import { renderApp } from '@/test/render-app';
import { ReturnHistorySlot, ReturnItemSlot, returnOffered } from './return-slot';

const slot = (item = orderItem(), detail = order()) =>
  render(<ReturnItemSlot item={item} order={detail} currency="USD" />);

describe('ReturnItemSlot', () => {
  it('offers the return for a returnable line, with the item pre-selected', () => {
    slot(orderItem({ returnableFlag: true, returnableQuantity: 1 }));
    expect(screen.getByRole('link')).toHaveAttribute(
      'href',
      '/orders/return-items/C0012345678?selected=00012345678905',
    );
  });

  it.each([
    ['not returnable', { returnableFlag: false, returnableQuantity: 1 }],
    ['nothing left to return', { returnableFlag: true, returnableQuantity: 0 }],
    ['no return facts', {}],
    [
      'a disabled return action',
      { returnableFlag: true, returnableQuantity: 1, actions: { return: { enabled: false } } },
    ],
  ])('is absent for %s', (_, overrides) => {
    slot(orderItem(overrides));
    expect(screen.queryByRole('link')).not.toBeInTheDocument();
  });

  it("leads to the site a global-store order is returned on, where the server's return action says so (001 §6)", () => {
    const elsewhere = 'https://global.example.com/returns';
    slot(
      orderItem({
        returnableFlag: true,
        returnableQuantity: 1,
        actions: { return: { enabled: true, webLink: elsewhere } },
      }),
      order({ isGlobalStoreOrder: true }),
    );
    expect(screen.getByRole('link')).toHaveAttribute('href', elsewhere);
  });

  it('keeps the wizard for a return action whose link is a path of this app', () => {
    slot(
      orderItem({
        returnableFlag: true,
        returnableQuantity: 1,
        actions: { return: { enabled: true, webLink: '/orders/return-items/C0012345678' } },
      }),
    );
    expect(screen.getByRole('link')).toHaveAttribute(
      'href',
      '/orders/return-items/C0012345678?selected=00012345678905',
    );
  });

  it('is absent on a return order', () => {
    slot(orderItem({ returnableFlag: true, returnableQuantity: 1 }), order({ orderType: 'RETURN_ORDER' }));
    expect(screen.queryByRole('link')).not.toBeInTheDocument();
  });
});

describe('the return action on history cards (000 §2)', () => {
  const FUTURE = '2999-01-01T00:00:00Z';
  const PAST = '2000-01-01T00:00:00Z';

  it('offers "Return item" while the server\'s return action lasts, with the item pre-selected', () => {
    const item = historyItem('C0000000101', { actions: { return: { enabled: true, deadline: FUTURE } } });
    render(<ReturnHistorySlot item={item} />);
    expect(screen.getByRole('link')).toHaveAttribute(
      'href',
      `/orders/return-items/C0000000101?selected=${item.product.gtin}`,
    );
  });

  it.each([
    ['no return action', {}],
    ['a passed deadline', { return: { enabled: true, deadline: PAST } }],
    ['a disabled action', { return: { enabled: false } }],
  ])('is absent with %s', (_, actions) => {
    render(<ReturnHistorySlot item={historyItem('C0000000101', { actions })} />);
    expect(screen.queryByRole('link')).not.toBeInTheDocument();
  });

  it('is absent on partner orders', () => {
    const item = historyItem('C0000000101', {
      orderType: 'PARTNER_SALES_ORDER',
      actions: { return: { enabled: true, deadline: FUTURE } },
    });
    render(<ReturnHistorySlot item={item} />);
    expect(screen.queryByRole('link')).not.toBeInTheDocument();
  });

  it('reads the deadline against the clock it is given', () => {
    const action = { enabled: true, deadline: '2026-12-01T00:00:00Z' };
    expect(returnOffered(action, Date.parse('2026-11-30T23:59:59Z'))).toBe(true);
    expect(returnOffered(action, Date.parse('2026-12-01T00:00:01Z'))).toBe(false);
    expect(returnOffered({ enabled: true })).toBe(true);
  });

  it("on the detail, the line's return facts decide over the action", () => {
    const action = { return: { enabled: true, deadline: FUTURE } };
    slot(orderItem({ returnableFlag: false, returnableQuantity: 0, actions: action }));
    expect(screen.queryByRole('link')).not.toBeInTheDocument();
  });
});

describe("the header's Return items quick action (000 §2)", () => {
  const show = async (actions: OrderDetail['actions'], quick: boolean) => {
    const detail = order({ actions });
    mockFetch([{ path: `/orders/history/v1/${detail.orderNumber}`, respond: () => json(detail) }]);
    const view = renderApp(`/orders/sales/${detail.orderNumber}`, {
      member: true,
      flags: { useQuickActionCta: quick },
    });
    await screen.findByRole('heading', { level: 1, name: /C0012345678/ });
    return view;
  };

  it("opens the wizard while the server's order-level return lasts, in quick-action mode only", async () => {
    const first = await show({ return: { enabled: true, deadline: '2999-01-01T00:00:00Z' } }, true);
    expect(await screen.findByRole('link', { name: 'Return items' })).toHaveAttribute(
      'href',
      '/orders/return-items/C0012345678',
    );
    first.unmount();
    const second = await show({ return: { enabled: true, deadline: '2999-01-01T00:00:00Z' } }, false);
    expect(screen.queryByRole('link', { name: 'Return items' })).not.toBeInTheDocument();
    second.unmount();
    await show({ return: { enabled: true, deadline: '2000-01-01T00:00:00Z' } }, true);
    expect(screen.queryByRole('link', { name: 'Return items' })).not.toBeInTheDocument();
  });

  it('leads a global-store order to the site it is returned on (001 §6)', async () => {
    await show({ return: { enabled: true, webLink: 'https://global.example.com/returns' } }, true);
    expect(await screen.findByRole('link', { name: 'Return items' })).toHaveAttribute(
      'href',
      'https://global.example.com/returns',
    );
  });
});
