import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { leaveApp } from '@/shared/routing/leave-app';
import { order } from '@/test/fixtures';
import { json, mockFetch } from '@/test/mock-fetch';
import { renderApp } from '@/test/render-app';

const detail = order();
const orderRoute = { path: `/orders/history/v1/${detail.orderNumber}`, respond: () => json(detail) };
const similar = {
  objects: [
    {
      image: '/images/a.svg',
      pid: 'P1',
      slug: 'trail-pacer/tpg-001',
      styleColor: 'TPG-001',
      subtitle: "Men's Trail",
      title: 'Trail Pacer',
    },
  ],
};

vi.mock('@/shared/routing/leave-app', () => ({ leaveApp: vi.fn() }));

afterEach(() => {
  vi.mocked(leaveApp).mockClear();
});

describe('services on the item card', () => {
  it('loads shop similar on first opening only and keeps it for the next', async () => {
    const { requests } = mockFetch([
      orderRoute,
      { path: /^\/orders\/shopsimilar\/v2\//, respond: () => json(similar) },
    ]);
    const { user } = renderApp(`/orders/sales/${detail.orderNumber}`, { member: true });
    const toggle = await screen.findByRole('button', { name: 'Shop similar' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    const similarCalls = () =>
      requests.filter((request) => request.url.pathname.startsWith('/orders/shopsimilar')).length;
    expect(similarCalls()).toBe(0);
    await user.click(toggle);
    expect(await screen.findByRole('link', { name: /Trail Pacer/ })).toBeInTheDocument();
    await user.click(toggle);
    await user.click(toggle);
    expect(similarCalls()).toBe(1);
  });

  it('says so when nothing similar is in stock', async () => {
    mockFetch([orderRoute, { path: /^\/orders\/shopsimilar\/v2\//, respond: () => json({ objects: [] }) }]);
    const { user } = renderApp(`/orders/sales/${detail.orderNumber}`, { member: true });
    await user.click(await screen.findByRole('button', { name: 'Shop similar' }));
    expect(
      await screen.findByText("Sorry! We don't have any similar products in stock at the moment."),
    ).toBeInTheDocument();
  });

  it('hides shop similar when its flag is off', async () => {
    mockFetch([orderRoute]);
    renderApp(`/orders/sales/${detail.orderNumber}`, { member: true, flags: { enableShopSimilar: false } });
    await screen.findByRole('heading', { level: 1 });
    expect(screen.queryByRole('button', { name: 'Shop similar' })).not.toBeInTheDocument();
  });

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
    await user.click((await screen.findAllByRole('button', { name: 'Buy again' }))[0]!);
    const dialog = await screen.findByRole('dialog', { name: 'Added to bag' });
    expect(dialog).toHaveTextContent('Size 10');
    expect(dialog).toHaveTextContent('$120.00');
    const post = requests.find((request) => request.method === 'POST');
    expect(post?.body).toEqual({ skuId: bag.items[0]?.skuId, quantity: 1 });
    await user.click(screen.getByRole('button', { name: 'Continue shopping' }));
    expect(screen.getAllByRole('link', { name: 'View in bag' })).not.toHaveLength(0);
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
    await user.click((await screen.findAllByRole('button', { name: 'Buy again' }))[0]!);
    const dialog = await screen.findByRole('dialog', { name: "Couldn't add to bag" });
    expect(dialog).toHaveTextContent("This product can't be bought online at the moment.");
    expect(leaveApp).not.toHaveBeenCalled();
    expect(currentUrl()).toBe(`/orders/sales/${detail.orderNumber}`);
    await user.click(within(dialog).getByRole('button', { name: 'Dismiss' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getAllByRole('button', { name: 'Buy again' })).not.toHaveLength(0);
  });

  it('offers neither buy again nor shop similar when the server disables buy it again (customised)', async () => {
    const firstGroup = detail.groups[0]!;
    const customised = order({
      groups: [
        {
          ...firstGroup,
          orderItems: [
            {
              ...firstGroup.orderItems[0]!,
              actions: {
                buyItAgain: {
                  enabled: false,
                  reasonCode: 'customized-product',
                  reasonText: 'A customised product cannot be bought again from here.',
                },
              },
            },
          ],
        },
      ],
    });
    mockFetch([{ path: `/orders/history/v1/${customised.orderNumber}`, respond: () => json(customised) }]);
    renderApp(`/orders/sales/${customised.orderNumber}`, { member: true });
    expect(await screen.findByRole('heading', { level: 2, name: 'Shipped' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Buy again' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Shop similar' })).not.toBeInTheDocument();
  });
});
