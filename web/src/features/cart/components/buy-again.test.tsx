import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { leaveApp } from '@/shared/routing/leave-app';
import { order } from '@/test/fixtures';
import { json, mockFetch } from '@/test/mock-fetch';
import { renderApp } from '@/test/render-app';

const detail = order();
const orderRoute = { path: `/orders/history/v1/${detail.orderNumber}`, respond: () => json(detail) };

vi.mock('@/shared/routing/leave-app', () => ({ leaveApp: vi.fn() }));

afterEach(() => {
  vi.mocked(leaveApp).mockClear();
});

describe('buy again on the item card', () => {
  it('buy again adds one unit, opens the mini-cart and becomes View in bag', async () => {
    const bag = {
      items: [
        { skuId: detail.groups[0]?.orderItems[0]?.skuId ?? '', quantity: 1, priceInfo: { price: 120, msrp: 130 } },
      ],
      currency: 'USD',
      totals: { quantity: 1 },
      addedItem: {
        skuId: 'x',
        category: "Men's Shoes",
        currency: 'USD',
        image: '/i.svg',
        msrp: 130,
        price: 120,
        size: '10',
        title: 'Air Runner 2',
        totalItemCount: 1,
      },
    };
    const { requests } = mockFetch([orderRoute, { method: 'POST', path: '/cart/v1/items', respond: () => json(bag) }]);
    const { user } = renderApp(`/orders/sales/${detail.orderNumber}`, { member: true });
    await user.click((await screen.findAllByRole('button', { name: /^Buy again/ }))[0]!);
    const dialog = await screen.findByRole('dialog', { name: 'Added to bag' });
    expect(dialog).toHaveTextContent('Size 10');
    expect(dialog).toHaveTextContent('$120.00');
    const post = requests.find((request) => request.method === 'POST');
    expect(post?.body).toEqual({ skuId: bag.items[0]?.skuId, quantity: 1 });
    await user.click(screen.getByRole('button', { name: 'Continue shopping' }));
    expect(screen.getAllByRole('link', { name: /^View in bag/ })).not.toHaveLength(0);
    // The pressed button became the link: focus goes there, not to the top of the page.
    expect(screen.getAllByRole('link', { name: /^View in bag/ })[0]).toHaveFocus();
  });

  it('buy again stays on the order and says why when the bag refuses', async () => {
    mockFetch([
      orderRoute,
      {
        method: 'POST',
        path: '/cart/v1/items',
        respond: () => json({ code: 'no-pricing-info', message: 'No pricing info' }, 422),
      },
    ]);
    const { user, currentUrl } = renderApp(`/orders/sales/${detail.orderNumber}`, { member: true });
    await user.click((await screen.findAllByRole('button', { name: /^Buy again/ }))[0]!);
    const dialog = await screen.findByRole('dialog', { name: "Couldn't add to bag" });
    expect(dialog).toHaveTextContent("This product can't be bought online at the moment.");
    expect(leaveApp).not.toHaveBeenCalled();
    expect(currentUrl()).toBe(`/orders/sales/${detail.orderNumber}`);
    await user.click(within(dialog).getByRole('button', { name: 'Dismiss' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getAllByRole('button', { name: /^Buy again/ })).not.toHaveLength(0);
  });

  it('sends a value-added service to its product page instead of the bag (002 §4)', async () => {
    const vas = order({
      groups: detail.groups.map((group) => ({
        ...group,
        orderItems: group.orderItems.map((item) => ({
          ...item,
          valueAddedServiceID: 'VAS-ENGRAVING',
          actions: { ...item.actions, buyItAgain: { enabled: true, webLink: '/products/AR2-001' } },
        })),
      })),
    });
    const { requests } = mockFetch([{ path: `/orders/history/v1/${vas.orderNumber}`, respond: () => json(vas) }]);
    const { user } = renderApp(`/orders/sales/${vas.orderNumber}`, { member: true });
    await user.click((await screen.findAllByRole('button', { name: /^Buy again/ }))[0]!);
    expect(leaveApp).toHaveBeenCalledWith('/products/AR2-001');
    expect(requests.some((request) => request.method === 'POST')).toBe(false);
  });
});
