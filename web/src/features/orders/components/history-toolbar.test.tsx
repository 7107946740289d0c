import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { historyItem, historyPage } from '@/test/fixtures';
import { json, mockFetch, type RecordedRequest } from '@/test/mock-fetch';
import { renderApp } from '@/test/render-app';
import { viewport } from '@/test/viewport';

const filterOf = (request: RecordedRequest) => request.url.searchParams.get('filter') ?? '';
const isPartner = (request: RecordedRequest) => filterOf(request).includes('PARTNER');

/** Answers the own history: orders A1 and A2 unfiltered, A2 alone for any narrowed call. */
function mockHistory(narrowed: (request: RecordedRequest) => ReturnType<typeof json> = () => json(historyPage([]))) {
  return mockFetch([
    {
      path: '/orders/history/v1',
      respond: (request) => {
        if (isPartner(request)) return json(historyPage([]));
        if (filterOf(request) !== 'orderType(SALES_ORDER)') return narrowed(request);
        return json({
          ...historyPage([historyItem('A0000001'), historyItem('A0000002')]),
          orderYears: [2026, 2025],
        });
      },
    },
  ]);
}

describe('history toolbar', () => {
  it('offers the status groups and the years the member has orders in', async () => {
    mockHistory();
    renderApp('/orders', { member: true });
    await screen.findByText('Shoe A0000001');
    const status = screen.getByRole('combobox', { name: 'Status' });
    expect([...status.querySelectorAll('option')].map((option) => option.textContent)).toEqual([
      'All',
      'In progress',
      'Delivered',
      'Cancelled',
      'Returned',
    ]);
    const year = screen.getByRole('combobox', { name: 'Year' });
    expect([...year.querySelectorAll('option')].map((option) => option.textContent)).toEqual([
      'All years',
      '2026',
      '2025',
    ]);
    expect(screen.getByRole('search', { name: 'Filter orders' })).toBeInTheDocument();
  });

  it('puts a status and a year in the URL and asks the server for them from page 1', async () => {
    const { requests } = mockHistory(() => json(historyPage([historyItem('A0000002')])));
    const { user, currentUrl } = renderApp('/orders', { member: true });
    await screen.findByText('Shoe A0000001');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Status' }), 'delivered');
    await waitFor(() => {
      expect(currentUrl()).toBe('/orders?status=delivered');
    });
    await user.selectOptions(screen.getByRole('combobox', { name: 'Year' }), '2025');
    await waitFor(() => {
      expect(currentUrl()).toBe('/orders?status=delivered&year=2025');
    });
    await waitFor(() => {
      expect(screen.queryByText('Shoe A0000001')).not.toBeInTheDocument();
    });
    expect(screen.getByText('Shoe A0000002')).toBeInTheDocument();
    const last = requests.filter((request) => !isPartner(request)).at(-1);
    expect(last && filterOf(last)).toBe('orderType(SALES_ORDER),status(delivered),year(2025)');
    expect(last?.url.searchParams.get('anchor')).toBeNull();
  });

  it('finds an order by number on Enter, and refuses a fragment the server would refuse', async () => {
    const { requests } = mockHistory(() => json(historyPage([historyItem('A0000002')])));
    const { user, currentUrl } = renderApp('/orders', { member: true });
    await screen.findByText('Shoe A0000001');
    const box = screen.getByRole('searchbox', { name: 'Find an order' });
    await user.type(box, '12{Enter}');
    expect(await screen.findByText('Enter 4 to 20 letters or digits of the order number.')).toBeInTheDocument();
    expect(box).toHaveAttribute('aria-invalid', 'true');
    expect(currentUrl()).toBe('/orders');

    await user.clear(box);
    await user.type(box, '0002{Enter}');
    await waitFor(() => {
      expect(currentUrl()).toBe('/orders?q=0002');
    });
    await waitFor(() => {
      expect(requests.some((request) => filterOf(request) === 'orderType(SALES_ORDER),orderNumber(0002)')).toBe(true);
    });
    expect(box).not.toHaveAttribute('aria-invalid');
  });

  it('says the search finds any part of the number, as the server matches it (walk minor 27)', async () => {
    const { requests } = mockHistory(() => json(historyPage([historyItem('A0000002')])));
    const { user } = renderApp('/orders', { member: true });
    await screen.findByText('Shoe A0000001');
    const box = screen.getByRole('searchbox', { name: 'Find an order' });
    expect(box).toHaveAccessibleDescription('Order or return number, or any part of it');
    expect(screen.queryByText(/last digits/)).not.toBeInTheDocument();
    // A part from the middle of the number goes to the server as typed: it matches it anywhere.
    await user.type(box, '0000{Enter}');
    await waitFor(() => {
      expect(requests.some((request) => filterOf(request) === 'orderType(SALES_ORDER),orderNumber(0000)')).toBe(true);
    });
  });

  it('does not leave the previous orders under a refused search (walk minor 27)', async () => {
    mockHistory(() => json(historyPage([historyItem('A0000002')])));
    const { user, currentUrl } = renderApp('/orders', { member: true });
    await screen.findByText('Shoe A0000001');
    const box = screen.getByRole('searchbox', { name: 'Find an order' });
    await user.type(box, '12{Enter}');
    expect(await screen.findByText('Enter 4 to 20 letters or digits of the order number.')).toBeInTheDocument();
    expect(screen.queryByText('Shoe A0000001')).not.toBeInTheDocument();
    expect(screen.queryByRole('list', { name: 'Orders' })).not.toBeInTheDocument();
    expect(currentUrl()).toBe('/orders');

    await user.clear(box);
    await user.type(box, '0002{Enter}');
    expect(await screen.findByText('Shoe A0000002')).toBeInTheDocument();
    expect(screen.queryByText('Enter 4 to 20 letters or digits of the order number.')).not.toBeInTheDocument();
  });

  it('sends a number typed with spaces or hyphens without them, keeping its case (a return number too)', async () => {
    const { requests } = mockHistory(() => json(historyPage([historyItem('A0000002')])));
    const { user, currentUrl } = renderApp('/orders', { member: true });
    await screen.findByText('Shoe A0000001');
    const box = screen.getByRole('searchbox', { name: 'Find an order' });
    await user.type(box, 'C 9rm-0002{Enter}');
    await waitFor(() => {
      expect(currentUrl()).toBe('/orders?q=C9rm0002');
    });
    await waitFor(() => {
      expect(requests.some((request) => filterOf(request) === 'orderType(SALES_ORDER),orderNumber(C9rm0002)')).toBe(
        true,
      );
    });
    await user.clear(box);
    await user.type(box, 'R0000 0000 202{Enter}');
    await waitFor(() => {
      expect(currentUrl()).toBe('/orders?q=R00000000202');
    });
  });

  it('sorts oldest first from the URL and asks the server for orderSubmitDateAsc', async () => {
    const { requests } = mockHistory();
    const { user, currentUrl } = renderApp('/orders', { member: true });
    await screen.findByText('Shoe A0000001');
    const sort = screen.getByRole('combobox', { name: 'Sort' });
    expect([...sort.querySelectorAll('option')].map((option) => option.textContent)).toEqual([
      'Newest first',
      'Oldest first',
    ]);
    expect(requests.filter((request) => !isPartner(request))[0]?.url.searchParams.get('sort')).toBe(
      'orderSubmitDateDesc',
    );
    await user.selectOptions(sort, 'oldest');
    await waitFor(() => {
      expect(currentUrl()).toBe('/orders?sort=oldest');
    });
    await waitFor(() => {
      expect(requests.some((request) => request.url.searchParams.get('sort') === 'orderSubmitDateAsc')).toBe(true);
    });
  });

  it('reads the filters from a shared link and clears them from the no-match state', async () => {
    const { requests } = mockHistory();
    const { user, currentUrl } = renderApp('/orders?q=9999&status=cancelled&year=2019', { member: true });
    expect(await screen.findByText('No orders match')).toBeInTheDocument();
    expect(screen.queryByText("You haven't placed any orders yet.")).not.toBeInTheDocument();
    expect(screen.getByRole('searchbox', { name: 'Find an order' })).toHaveValue('9999');
    expect(screen.getByRole('combobox', { name: 'Status' })).toHaveValue('cancelled');
    expect(screen.getByRole('combobox', { name: 'Year' })).toHaveValue('2019');
    expect(filterOf(requests[0] as RecordedRequest)).toBe(
      'orderType(SALES_ORDER),orderNumber(9999),status(cancelled),year(2019)',
    );

    await user.click(screen.getByRole('button', { name: 'Clear filters' }));
    await waitFor(() => {
      expect(currentUrl()).toBe('/orders');
    });
    expect(await screen.findByText('Shoe A0000001')).toBeInTheDocument();
    expect(screen.getByRole('searchbox', { name: 'Find an order' })).toHaveValue('');
  });

  it('shows the empty history, without the toolbar, to a member with no orders', async () => {
    mockFetch([{ path: '/orders/history/v1', respond: () => json(historyPage([])) }]);
    renderApp('/orders', { member: true });
    expect(await screen.findByText("You haven't placed any orders yet.")).toBeInTheDocument();
    expect(screen.queryByRole('search')).not.toBeInTheDocument();
  });

  it('folds status, year and sort behind a Filters button on a phone, showing the filters in force (walk polish 12)', async () => {
    viewport(390);
    mockHistory(() => json(historyPage([historyItem('A0000002')])));
    const { user, currentUrl } = renderApp('/orders?status=delivered&year=2025', { member: true });
    await screen.findByText('Shoe A0000002');
    expect(screen.getByRole('searchbox', { name: 'Find an order' })).toBeVisible();
    const toggle = screen.getByRole('button', { name: 'Filters' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('combobox', { name: 'Status' })).not.toBeInTheDocument();
    expect(screen.queryByRole('combobox', { name: 'Year' })).not.toBeInTheDocument();
    // Folded, the filters in force stay in view and describe the button.
    const active = within(screen.getByRole('search')).getByRole('list');
    expect(
      within(active)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Delivered', '2025']);
    expect(toggle).toHaveAccessibleDescription('Delivered 2025');

    // By keyboard: Tab from the search button reaches it, Enter opens it, and the selects follow it.
    screen.getByRole('button', { name: 'Search' }).focus();
    await user.tab();
    expect(toggle).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    expect(within(screen.getByRole('search')).queryByRole('list')).not.toBeInTheDocument();
    const status = screen.getByRole('combobox', { name: 'Status' });
    expect(status).toHaveValue('delivered');
    await user.tab();
    expect(status).toHaveFocus();
    await user.selectOptions(screen.getByRole('combobox', { name: 'Sort' }), 'oldest');
    await waitFor(() => {
      expect(currentUrl()).toBe('/orders?status=delivered&year=2025&sort=oldest');
    });
    expect(screen.getByRole('combobox', { name: 'Sort' })).toBeVisible();

    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(
      within(within(screen.getByRole('search')).getByRole('list'))
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Delivered', '2025', 'Oldest first']);
  });

  it('shows every filter on a wide screen, with no Filters button', async () => {
    viewport(1440);
    mockHistory();
    renderApp('/orders', { member: true });
    await screen.findByText('Shoe A0000001');
    expect(screen.getByRole('combobox', { name: 'Status' })).toBeVisible();
    expect(screen.getByRole('combobox', { name: 'Year' })).toBeVisible();
    expect(screen.getByRole('combobox', { name: 'Sort' })).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Filters' })).not.toBeInTheDocument();
  });
});
