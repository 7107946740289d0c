import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { order, orderItem } from '@/test/fixtures';
import { json, mockFetch } from '@/test/mock-fetch';
import { renderApp } from '@/test/render-app';

const delivered = order({
  orderNumber: 'C0012345678',
  groups: order().groups.map((group) => ({
    ...group,
    orderItems: [
      orderItem({
        lineItemStatus: { status: 'Delivered', simpleStatus: 'delivered', statusColor: 'success' },
        actions: { writeReview: { enabled: true, webLink: '/products/AR2-001/reviews/new' } },
      }),
    ],
  })),
});

function routes(detail = delivered) {
  return [
    { path: `/orders/history/v1/${detail.orderNumber}`, respond: () => json(detail) },
    { path: '/auth/v1/me', respond: () => json({ firstName: 'Jane', lastName: 'Doe', email: 'jane@example.com' }) },
    {
      method: 'POST',
      path: '/reviews/v1/registrations',
      respond: () => json({ link: 'https://reviews.example/write?sig=abc' }),
    },
  ];
}

/** A stand-in for the tab `window.open` gives back. */
function fakeTab() {
  const tab = { opener: window as unknown, closed: false, close: vi.fn(), location: { replace: vi.fn() } };
  const open = vi.spyOn(window, 'open').mockReturnValue(tab as unknown as Window);
  return { tab, open };
}

afterEach(() => {
  sessionStorage.clear();
  vi.restoreAllMocks();
});

describe('write a review (spec 000 §2: the flag, and enableWriteReview=false takes it away)', () => {
  it('is offered when the server offers it and the entry URL asks for it, and opens in a new tab', async () => {
    mockFetch(routes());
    const { tab, open } = fakeTab();
    const { user, currentUrl } = renderApp('/orders/sales/C0012345678?enableWriteReview=true', { member: true });
    const [button] = await screen.findAllByRole('button', { name: /^Write a review.*\(opens in a new tab\)$/ });
    await user.click(button!);
    expect(open).toHaveBeenCalledWith('', '_blank');
    await vi.waitFor(() =>
      expect(tab.location.replace).toHaveBeenCalledWith('https://reviews.example/write?sig=abc&title=Air%20Runner%202'),
    );
    expect(tab.opener).toBeNull();
    expect(currentUrl()).toBe('/orders/sales/C0012345678?enableWriteReview=true');
  });

  it('is offered by the flag alone, with no query parameter', async () => {
    mockFetch(routes());
    renderApp('/orders/sales/C0012345678', { member: true });
    expect(await screen.findAllByRole('button', { name: /^Write a review/ })).not.toHaveLength(0);
  });

  it('stays away on the next page of the tab once the entry URL said enableWriteReview=false', async () => {
    mockFetch(routes());
    const first = renderApp('/orders/sales/C0012345678?enableWriteReview=false', { member: true });
    expect(await screen.findByRole('heading', { level: 1, name: 'Order C0012345678' })).toBeInTheDocument();
    first.unmount();
    renderApp('/orders/sales/C0012345678', { member: true });
    expect(await screen.findByRole('heading', { level: 1, name: 'Order C0012345678' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Write a review/ })).not.toBeInTheDocument();
  });

  it('is not offered with enableWriteReview=false, even with the flag on', async () => {
    mockFetch(routes());
    renderApp('/orders/sales/C0012345678?enableWriteReview=false', { member: true });
    expect(await screen.findByRole('heading', { level: 1, name: 'Order C0012345678' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Write a review/ })).not.toBeInTheDocument();
  });

  it('is not offered with enableWriteReview=true where the server sends no writeReview action (flag off)', async () => {
    const withoutAction = order({
      groups: delivered.groups.map((group) => ({
        ...group,
        orderItems: group.orderItems.map((item) => ({ ...item, actions: {} })),
      })),
    });
    mockFetch(routes(withoutAction));
    renderApp('/orders/sales/C0012345678?enableWriteReview=true', { member: true });
    expect(await screen.findByRole('heading', { level: 1, name: 'Order C0012345678' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Write a review/ })).not.toBeInTheDocument();
  });

  it('closes the waiting tab and stays on the order when the provider refuses', async () => {
    mockFetch([
      ...routes().filter((route) => route.method !== 'POST'),
      { method: 'POST', path: '/reviews/v1/registrations', respond: () => json({ code: 'internal' }, 500) },
    ]);
    const { tab } = fakeTab();
    const { user, currentUrl } = renderApp('/orders/sales/C0012345678?enableWriteReview=true', { member: true });
    await user.click((await screen.findAllByRole('button', { name: /^Write a review/ }))[0]!);
    await vi.waitFor(() => expect(tab.close).toHaveBeenCalled());
    expect(tab.location.replace).not.toHaveBeenCalled();
    expect(currentUrl()).toBe('/orders/sales/C0012345678?enableWriteReview=true');
  });
});
