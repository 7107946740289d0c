import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
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
      currency: 'USD',
    },
  ],
};

describe('shop similar on the item card', () => {
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
    expect(await screen.findByText('Trail Pacer')).toBeInTheDocument();
    // The answer names no product page: the tile is no link to a path that is not a route (walk minor 13).
    expect(screen.queryByRole('link', { name: /Trail Pacer/ })).not.toBeInTheDocument();
    await user.click(toggle);
    await user.click(toggle);
    expect(similarCalls()).toBe(1);
  });

  it("shows each product's price in the order's currency, asked for in the request, and none when absent", async () => {
    const { requests } = mockFetch([
      orderRoute,
      {
        path: /^\/orders\/shopsimilar\/v2\//,
        respond: () =>
          json({
            objects: [
              { ...similar.objects[0]!, price: 89.99 },
              { ...similar.objects[0]!, styleColor: 'TPG-002', pid: 'P2', title: 'Road Glide' },
            ],
          }),
      },
    ]);
    const { user } = renderApp(`/orders/sales/${detail.orderNumber}`, { member: true });
    await user.click(await screen.findByRole('button', { name: 'Shop similar' }));
    const tiles = within(await screen.findByRole('list', { name: 'Similar products' })).getAllByRole('listitem');
    expect(tiles[0]).toHaveTextContent('Trail Pacer');
    expect(within(tiles[0]!).getByText('$89.99')).toBeInTheDocument();
    expect(tiles[1]).toHaveTextContent('Road Glide');
    expect(tiles[1]).not.toHaveTextContent('$');
    const call = requests.find((request) => request.url.pathname.startsWith('/orders/shopsimilar'));
    expect(call?.url.searchParams.get('currency')).toBe('USD');
  });

  it("formats the price for the shopper's language and the answer's currency", async () => {
    const euros = order({ country: 'DE', currency: 'EUR' });
    mockFetch([
      { path: `/orders/history/v1/${euros.orderNumber}`, respond: () => json(euros) },
      {
        path: /^\/orders\/shopsimilar\/v2\//,
        respond: () => json({ objects: [{ ...similar.objects[0]!, price: 1289.5, currency: 'EUR' }] }),
      },
    ]);
    const { user } = renderApp(`/de/de/orders/sales/${euros.orderNumber}`, { member: true });
    await user.click(await screen.findByRole('button', { name: 'Ähnliche Artikel' }));
    expect(await screen.findByText('1.289,50 €')).toBeInTheDocument();
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
});
