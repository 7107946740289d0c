import { readFileSync } from 'node:fs';
import { act, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { HistoryItem } from '@/shared/api/types';
import { historyItem, historyPage } from '@/test/fixtures';
import { deferred, json, mockFetch, type RecordedRequest } from '@/test/mock-fetch';
import { renderApp } from '@/test/render-app';

const NEXT = 'anchor=PAGE2&filter=orderType(SALES_ORDER)';
const isPartner = (request: RecordedRequest) => request.url.searchParams.get('filter')?.includes('PARTNER') ?? false;
/** One page of sales-order items; the partner tab empty. */
const serveSalesItems = (items: HistoryItem[]) =>
  mockFetch([{ path: '/orders/history/v1', respond: (request) => json(historyPage(isPartner(request) ? [] : items)) }]);
const isPage2 = (request: RecordedRequest) => request.url.searchParams.get('anchor') === 'PAGE2';

/** The item titles of every order card, in order. */
const rowTitles = () =>
  within(screen.getByRole('list', { name: 'Orders' }))
    .getAllByRole('heading', { level: 3 })
    .map((heading) => heading.textContent);

describe('order history paging', () => {
  it('appends the next page on "Show more", reading "Loading more" while it loads', async () => {
    const page2 = deferred();
    const { requests } = mockFetch([
      {
        path: '/orders/history/v1',
        respond: (request) => {
          if (isPartner(request)) return json(historyPage([]));
          if (isPage2(request)) return page2.promise;
          return json(historyPage([historyItem('A0000001'), historyItem('A0000002')], NEXT));
        },
      },
    ]);
    const { user } = renderApp('/orders', { member: true });
    await screen.findByText('Shoe A0000001');

    await user.click(screen.getByRole('button', { name: 'Show more' }));
    const loading = await screen.findByRole('button', { name: 'Loading more' });
    expect(loading).toBeDisabled();

    page2.resolve(json(historyPage([historyItem('A0000003')])));
    expect(await screen.findByText('Shoe A0000003')).toBeInTheDocument();
    expect(rowTitles()).toEqual(['Shoe A0000001', 'Shoe A0000002', 'Shoe A0000003']);
    // Last page: no more button.
    expect(screen.queryByRole('button', { name: /Show more|Loading more/ })).not.toBeInTheDocument();

    const nextRequest = requests.find(isPage2);
    expect(nextRequest?.url.searchParams.get('filter')).toBe('orderType(SALES_ORDER)');
    expect(nextRequest?.url.searchParams.get('country')).toBe('US');
    expect(nextRequest?.url.searchParams.get('language')).toBe('en');
    expect(nextRequest?.headers.get('Authorization')).toBe('Bearer token-123');
  });

  it('replaces the list when the first item of a new page repeats', async () => {
    mockFetch([
      {
        path: '/orders/history/v1',
        respond: (request) => {
          if (isPartner(request)) return json(historyPage([]));
          if (isPage2(request))
            return json(historyPage([historyItem('A0000001'), historyItem('A0000002'), historyItem('A0000003')]));
          return json(historyPage([historyItem('A0000001'), historyItem('A0000002')], NEXT));
        },
      },
    ]);
    const { user } = renderApp('/orders', { member: true });
    await screen.findByText('Shoe A0000001');
    await user.click(screen.getByRole('button', { name: 'Show more' }));
    await screen.findByText('Shoe A0000003');
    expect(rowTitles()).toEqual(['Shoe A0000001', 'Shoe A0000002', 'Shoe A0000003']);
  });

  it('offers Dismiss and Retry when loading more fails; Retry loads more again', async () => {
    let page2Calls = 0;
    mockFetch([
      {
        path: '/orders/history/v1',
        respond: (request) => {
          if (isPartner(request)) return json(historyPage([]));
          if (isPage2(request)) {
            page2Calls += 1;
            return page2Calls === 1
              ? json({ code: 'internal', message: 'boom' }, 500)
              : json(historyPage([historyItem('A0000003')]));
          }
          return json(historyPage([historyItem('A0000001')], NEXT));
        },
      },
    ]);
    const { user } = renderApp('/orders', { member: true });
    await screen.findByText('Shoe A0000001');
    await user.click(screen.getByRole('button', { name: 'Show more' }));

    const dialog = await screen.findByRole('dialog', { name: 'Oops... something went wrong.' });
    expect(dialog).toHaveAttribute('aria-modal', 'true');
    expect(within(dialog).getByRole('button', { name: 'Dismiss' })).toHaveFocus();
    // The list stays as it was.
    expect(rowTitles()).toEqual(['Shoe A0000001']);

    await user.click(within(dialog).getByRole('button', { name: 'Retry' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(await screen.findByText('Shoe A0000003')).toBeInTheDocument();
    expect(page2Calls).toBe(2);
  });

  it('closes the load-more error with Dismiss or Escape, keeping Show more', async () => {
    mockFetch([
      {
        path: '/orders/history/v1',
        respond: (request) => {
          if (isPartner(request)) return json(historyPage([]));
          if (isPage2(request)) return json({ code: 'internal', message: 'boom' }, 500);
          return json(historyPage([historyItem('A0000001')], NEXT));
        },
      },
    ]);
    const { user } = renderApp('/orders', { member: true });
    await screen.findByText('Shoe A0000001');
    await user.click(screen.getByRole('button', { name: 'Show more' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Dismiss' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Show more' }));
    await screen.findByRole('dialog');
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('shows the loading view with a dismissible error dialog when the first page fails', async () => {
    mockFetch([{ path: '/orders/history/v1', respond: () => json({ code: 'internal', message: 'boom' }, 500) }]);
    const { user } = renderApp('/orders', { member: true });
    const dialog = await screen.findByRole('dialog', { name: 'Oops... something went wrong.' });
    expect(dialog).toHaveTextContent("We couldn't load this page. Please refresh and try again.");
    expect(within(dialog).queryByRole('button', { name: 'Retry' })).not.toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('Loading');
    await user.click(within(dialog).getByRole('button', { name: 'Dismiss' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('does not leave the old list under the error when refreshing it fails (walk minor 27)', async () => {
    let failing = false;
    mockFetch([
      {
        path: '/orders/history/v1',
        respond: (request) =>
          failing
            ? json({ code: 'internal', message: 'boom' }, 500)
            : json(historyPage(isPartner(request) ? [] : [historyItem('A0000001')])),
      },
    ]);
    const { queryClient } = renderApp('/orders', { member: true });
    await screen.findByText('Shoe A0000001');
    failing = true;
    await act(() => queryClient.invalidateQueries());
    expect(await screen.findByRole('dialog', { name: 'Oops... something went wrong.' })).toBeInTheDocument();
    expect(screen.queryByText('Shoe A0000001')).not.toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('Loading');
  });

  it('shows the empty state', async () => {
    mockFetch([{ path: '/orders/history/v1', respond: () => json(historyPage([])) }]);
    renderApp('/orders', { member: true });
    expect(await screen.findByText("You haven't placed any orders yet.")).toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Order lists' })).not.toBeInTheDocument();
    // Not a dead end: the country's help link from the configuration (no shop link is configured).
    const help = screen.getByRole('link', { name: "Can't find an order? Get help" });
    expect(help.getAttribute('href')).toMatch(/^(https?:)?\/.+/);
  });

  it('treats a 404 history answer as no orders', async () => {
    mockFetch([{ path: '/orders/history/v1', respond: () => json({ code: 'not-found', message: '' }, 404) }]);
    renderApp('/orders', { member: true });
    expect(await screen.findByText("You haven't placed any orders yet.")).toBeInTheDocument();
  });
});

describe('order history: the return action', () => {
  it('offers "Return item" on a card\'s item while the server\'s return action lasts (000 §2)', async () => {
    serveSalesItems([
      historyItem('A0000001', { actions: { return: { enabled: true, deadline: '2999-01-01T00:00:00Z' } } }),
      historyItem('A0000002', { actions: { return: { enabled: true, deadline: '2000-01-01T00:00:00Z' } } }),
    ]);
    renderApp('/orders', { member: true });
    await screen.findByText('Shoe A0000001');
    const links = screen.getAllByRole('link', { name: 'Return item: Shoe A0000001' });
    expect(links).toHaveLength(1);
    expect(links[0]).toHaveAttribute('href', expect.stringContaining('/orders/return-items/A0000001?selected='));
  });
});

describe('order history: member-gated partner products', () => {
  it('labels a member-gated product "Members only", and no other', async () => {
    serveSalesItems([historyItem('A0000001', { memberGatedFlag: true }), historyItem('A0000002')]);
    renderApp('/orders', { member: true });
    await screen.findByText('Shoe A0000001');
    expect(screen.getAllByText('Members only')).toHaveLength(1);
  });
});

describe('order history banner', () => {
  it("offers viewing or managing orders under the heading (000 §2), in the shopper's language", async () => {
    serveSalesItems([historyItem('A0000001')]);
    renderApp('/orders', { member: true });
    await screen.findByText('Shoe A0000001');
    const heading = screen.getByRole('heading', { level: 1, name: 'Orders' });
    expect(heading.nextElementSibling).toHaveTextContent(
      'View or manage your orders: track a delivery, return items, cancel an order or buy again.',
    );
  });
});

describe('order history cards', () => {
  const cards = () =>
    within(screen.getByRole('list', { name: 'Orders' }))
      .getAllByRole('listitem')
      .filter((item) => item.classList.contains('history-order'));

  it('shows one card per order: number, date, status in its colour, total, and its items', async () => {
    serveSalesItems([
      historyItem('A0000001', { lineNumber: 1, orderTotal: 191.1 }),
      historyItem('A0000001', {
        lineNumber: 2,
        orderTotal: 191.1,
        product: { ...historyItem('x').product, title: 'Tee A0000001' },
        lineItemTransaction: { ...historyItem('x').lineItemTransaction, quantity: 3 },
        lineItemStatus: { status: 'PO RELEASED', simpleStatus: 'preparingShipment', statusColor: 'warning' },
      }),
      historyItem('A0000002', { orderTotal: 20 }),
    ]);
    renderApp('/orders', { member: true });
    await screen.findByText('Shoe A0000001');
    const [first, second] = cards();
    expect(cards()).toHaveLength(2);
    expect(within(first!).getByRole('heading', { level: 2, name: 'Order A0000001' })).toBeInTheDocument();
    expect(within(first!).getByRole('link', { name: 'Order A0000001' })).toHaveAttribute(
      'href',
      '/orders/sales/A0000001',
    );
    expect(within(first!).getByText('Ordered November 1, 2026')).toBeInTheDocument();
    expect(within(first!).getByText('$191.10')).toBeInTheDocument();
    expect(within(first!).getByText('Order total')).toBeInTheDocument();
    const items = within(first!)
      .getAllByRole('heading', { level: 3 })
      .map((heading) => heading.textContent);
    expect(items).toEqual(['Shoe A0000001', 'Tee A0000001']);
    expect(within(first!).getByRole('img', { name: 'Shoe A0000001' })).toBeInTheDocument();
    expect(within(first!).getAllByText('Color: Black/White')).toHaveLength(2);
    // Quantity only above 1.
    expect(
      within(first!)
        .getAllByText(/Quantity/)
        .map((node) => node.textContent),
    ).toEqual(['Quantity: 3']);
    const statuses = [...first!.querySelectorAll('.status-text')].map((status) => [
      status.textContent,
      status.getAttribute('data-status-color'),
    ]);
    expect(statuses).toEqual([
      ['Shipped', 'info'],
      ['Shipped', 'info'],
      ['Preparing shipment', 'warning'],
    ]);
    expect(screen.queryByText('PO RELEASED')).not.toBeInTheDocument();
    expect(within(second!).getByText('$20.00')).toBeInTheDocument();
  });

  it('says a cancelled order was not charged, in red, instead of its total', async () => {
    serveSalesItems([
      historyItem('A0000001', {
        orderTotal: 129.6,
        fullOrderStatus: { simpleStatus: 'cancelled', statusColor: 'error' },
        lineItemStatus: { status: 'CANCELLED', simpleStatus: 'cancelled', statusColor: 'error' },
        actions: {},
      }),
    ]);
    renderApp('/orders', { member: true });
    await screen.findByText('Shoe A0000001');
    const [card] = cards();
    expect(within(card!).getByText('Not charged')).toBeInTheDocument();
    expect(within(card!).queryByText('$129.60')).not.toBeInTheDocument();
    const orderStatus = card!.querySelector('.history-order__status');
    expect([orderStatus?.textContent, orderStatus?.getAttribute('data-status-color')]).toEqual(['Cancelled', 'error']);
    expect(within(card!).queryByRole('link', { name: /Track shipment/ })).not.toBeInTheDocument();
  });

  it("offers the order's actions as the server's actions say: view, track, view return, buy again", async () => {
    serveSalesItems([
      historyItem('A0000001', {
        lineNumber: 1,
        actions: {
          trackShipment: { enabled: true, webLink: 'https://track.example/S1' },
          viewReturn: { enabled: true, returnOrderId: 'R0000001' },
          buyItAgain: { enabled: true, webLink: '/products/AR2-001' },
        },
      }),
      historyItem('A0000001', {
        lineNumber: 2,
        skuId: 'SKU-2',
        product: { ...historyItem('x').product, title: 'Custom A0000001' },
        actions: {
          trackShipment: { enabled: true, webLink: 'https://track.example/S1' },
          buyItAgain: { enabled: false, reasonCode: 'customized-product' },
        },
      }),
    ]);
    renderApp('/orders', { member: true });
    await screen.findByText('Shoe A0000001');
    const [card] = cards();
    expect(within(card!).getByRole('link', { name: 'View order' })).toHaveAttribute('href', '/orders/sales/A0000001');
    const track = within(card!).getAllByRole('link', { name: /Track shipment/ });
    expect(track.map((link) => link.getAttribute('href'))).toEqual(['https://track.example/S1']);
    expect(within(card!).getByRole('link', { name: 'View return R0000001' })).toHaveAttribute(
      'href',
      '/orders/returns/R0000001',
    );
    // Buy again on the item whose action is enabled only (the customised one is refused by the server).
    const items = within(card!).getAllByRole('listitem');
    expect(await within(items[0]!).findByRole('button', { name: /Buy again/ })).toBeInTheDocument();
    expect(within(items[1]!).queryByRole('button', { name: /Buy again/ })).not.toBeInTheDocument();
  });
  it('lays a card out in two columns on a wide screen: items left, total and actions right (walk polish 13)', async () => {
    // jsdom has no layout: the sheet is read as the browser would apply it from 900px.
    const css = readFileSync('src/features/orders/components/order-history.css', 'utf8');
    const wide = css.slice(css.indexOf('@media (min-width: 900px)'));
    expect(wide).toMatch(
      /\.history-order \{[^}]*grid-template-areas:\s*'heading total'\s*'status actions'\s*'items actions';/,
    );
    expect(wide).toMatch(/\.history-order__header \{\s*display: contents;/);
    const areas = [...wide.matchAll(/\.(history-order__[\w-]+) \{[^}]*grid-area: (\w+);/g)].map(([, part, area]) => [
      part,
      area,
    ]);
    expect(Object.fromEntries(areas)).toEqual({
      'history-order__heading': 'heading',
      'history-order__status': 'status',
      'history-order__total': 'total',
      'history-order__items': 'items',
      'history-order__actions': 'actions',
    });
    // The parts the areas name are the card's: number and date, status, total, items, actions, in reading order.
    serveSalesItems([historyItem('A0000001', { orderTotal: 20 })]);
    renderApp('/orders', { member: true });
    await screen.findByText('Shoe A0000001');
    const [card] = cards();
    const parts = ['heading', 'status', 'total', 'items', 'actions'].map((area) =>
      card!.querySelector(`.history-order__${area}`),
    );
    expect(parts.map((part) => part?.textContent)).toEqual([
      expect.stringContaining('Order A0000001'),
      'Shipped',
      'Order total $20.00',
      expect.stringContaining('Shoe A0000001'),
      expect.stringContaining('View order'),
    ]);
    parts.slice(1).forEach((part, index) => {
      expect(parts[index]!.compareDocumentPosition(part!) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    });
  });
});

describe('partner orders', () => {
  const consents = (granted: boolean) => [
    { type: 'partnerOrderDataSharing', granted, updatedAt: '2026-11-01T00:00:00.000Z' },
  ];
  const routes = (partnerItems: ReturnType<typeof historyItem>[], consent: unknown = consents(true)) =>
    mockFetch([
      {
        path: '/orders/history/v1',
        respond: (request) => json(historyPage(isPartner(request) ? partnerItems : [historyItem('A0000001')])),
      },
      { path: '/consent/v1', respond: () => (consent === 500 ? json({ code: 'internal' }, 500) : json(consent)) },
    ]);

  it('shows the tabs on the own history when partner orders exist, and the partner list behind them', async () => {
    routes([historyItem('P0000001', { orderType: 'PARTNER_SALES_ORDER', partnerName: 'Runners Co' })]);
    const { user, currentUrl } = renderApp('/gb/orders?utm=x', { member: true });
    const tabs = await screen.findByRole('navigation', { name: 'Order lists' });
    expect(within(tabs).getByRole('link', { name: 'Your orders' })).toHaveAttribute('aria-current', 'page');

    await user.click(within(tabs).getByRole('link', { name: 'Partner orders' }));
    await waitFor(() => {
      expect(currentUrl()).toBe('/gb/orders/partner?utm=x');
    });
    expect(await screen.findByText('Sold by Runners Co')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Partner orders' })).toHaveAttribute('aria-current', 'page');
  });

  it('holds the list until it knows whether the partner tab shows, so that nothing moves under the shopper', async () => {
    const partner = deferred();
    mockFetch([
      {
        path: '/orders/history/v1',
        respond: (request) => (isPartner(request) ? partner.promise : json(historyPage([historyItem('A0000001')]))),
      },
      { path: '/consent/v1', respond: () => json(consents(true)) },
    ]);
    renderApp('/orders', { member: true });
    expect(await screen.findByRole('heading', { level: 1, name: 'Orders' })).toBeInTheDocument();
    // The own list has answered; the partner list has not: neither the toolbar nor the list is drawn yet.
    await waitFor(() => {
      expect(document.querySelector('.history-skeleton')).not.toBeNull();
    });
    expect(screen.queryByText('Shoe A0000001')).not.toBeInTheDocument();
    expect(screen.queryByRole('search')).not.toBeInTheDocument();

    await act(async () => {
      partner.resolve(json(historyPage([historyItem('P0000001', { orderType: 'PARTNER_SALES_ORDER' })])));
      await partner.promise;
    });
    // Tabs, toolbar and list arrive together.
    expect(await screen.findByText('Shoe A0000001')).toBeInTheDocument();
    expect(screen.getByRole('navigation', { name: 'Order lists' })).toBeInTheDocument();
  });

  it('hides the tabs when there are no partner orders', async () => {
    routes([]);
    renderApp('/orders', { member: true });
    await screen.findByText('Shoe A0000001');
    expect(screen.queryByRole('navigation', { name: 'Order lists' })).not.toBeInTheDocument();
  });

  it('shows the partner empty message', async () => {
    routes([]);
    renderApp('/orders/partner', { member: true });
    expect(await screen.findByText("You don't have any partner orders yet.")).toBeInTheDocument();
  });

  it('hides the tab and does not ask for partner orders without the partner-sharing consent', async () => {
    for (const consent of [consents(false), [], 500]) {
      const { requests } = routes([historyItem('P0000001', { partnerName: 'Runners Co' })], consent);
      const view = renderApp('/orders', { member: true });
      await screen.findByText('Shoe A0000001');
      await waitFor(() => {
        expect(requests.some((request) => request.url.pathname === '/consent/v1')).toBe(true);
      });
      expect(screen.queryByRole('navigation', { name: 'Order lists' })).not.toBeInTheDocument();
      expect(requests.some(isPartner)).toBe(false);
      view.unmount();
    }
  });

  it('does not ask for partner orders when the flag is off', async () => {
    const { requests } = routes([historyItem('P0000001', { partnerName: 'Runners Co' })]);
    renderApp('/orders', { member: true, flags: { enablePartnerOrders: false } });
    await screen.findByText('Shoe A0000001');
    expect(requests.some(isPartner)).toBe(false);
    expect(requests.some((request) => request.url.pathname === '/consent/v1')).toBe(false);
  });

  it('shows each status in the colour the server sends, not always green', async () => {
    serveSalesItems([
      historyItem('A0000001'),
      historyItem('A0000002', {
        fullOrderStatus: { simpleStatus: 'cancelled', statusColor: 'error' },
        lineItemStatus: { status: 'CANCELLED', simpleStatus: 'cancelled', statusColor: 'error' },
      }),
    ]);
    renderApp('/orders', { member: true });
    await screen.findByText('Shoe A0000001');
    const statuses = document.querySelectorAll('.status-text');
    expect([...statuses].map((status) => [status.textContent, status.getAttribute('data-status-color')])).toEqual([
      ['Shipped', 'info'],
      ['Shipped', 'info'],
      ['Cancelled', 'error'],
      ['Cancelled', 'error'],
    ]);
  });
});
