import { render, screen } from '@testing-library/react';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { beforeEach, describe, expect, it } from 'vitest';
import { createQueryClient } from '@/shared/api/query-client';
import { signIn, signOut } from '@/shared/auth/session';
import { resolveLocale } from '@/shared/i18n/locale-table';
import { historyItem, historyPage, order } from '@/test/fixtures';
import { json, mockFetch } from '@/test/mock-fetch';
import { App } from './app';
import { startPage } from './routes';

const NUMBER = 'C0012345678';
const routes = () =>
  mockFetch([
    { path: '/orders/history/v1', respond: () => json(historyPage([historyItem(NUMBER)])) },
    { path: `/orders/history/v1/${NUMBER}`, respond: () => json(order({ orderNumber: NUMBER })) },
  ]);

/** The app on `url` with `client`, as main.tsx renders it (in memory, as the other app tests). */
function renderWith(url: string, client: ReturnType<typeof createQueryClient>) {
  const memory = memoryLocation({ path: url });
  render(
    <Router hook={memory.hook} searchHook={memory.searchHook}>
      <App queryClient={client} browserSession={false} loadConfig={false} />
    </Router>,
  );
}

// Issue 33 (LCP), ADR 0030: the first page's request leaves before the page's code has arrived, and the page
// then finds it (same key, same URL) instead of asking again.
describe('the page a visit opens on starts at once', () => {
  beforeEach(() => signOut());

  it('asks for the history page the URL names, and the history page uses that answer', async () => {
    const { requests } = routes();
    signIn({ accessToken: 'token-123', upmId: 'member-1', expiresIn: 3600 });
    const client = createQueryClient({ retries: false });
    startPage('/orders', 'status=delivered&sort=oldest', client, resolveLocale(null, null));
    // Asked before anything rendered: nothing of the page's code has run.
    expect(requests.map((request) => request.url.pathname)).toEqual(['/orders/history/v1']);
    const query = requests[0]?.url.searchParams;
    expect(query?.get('sort')).toBe('orderSubmitDateAsc');
    expect(query?.get('filter')).toContain('orderType(SALES_ORDER)');
    expect(query?.get('filter')).not.toBe('orderType(SALES_ORDER)');

    renderWith('/orders?status=delivered&sort=oldest', client);
    expect(await screen.findByRole('link', { name: `Order ${NUMBER}` })).toBeInTheDocument();
    expect(requests.filter((request) => request.url.pathname === '/orders/history/v1')).toHaveLength(1);
  });

  it('asks for the order an order page names, and the page uses that answer', async () => {
    const { requests } = routes();
    signIn({ accessToken: 'token-123', upmId: 'member-1', expiresIn: 3600 });
    const client = createQueryClient({ retries: false });
    startPage(`/orders/sales/${NUMBER}`, '', client, resolveLocale('gb', null));
    expect(requests.map((request) => request.url.pathname)).toEqual([`/orders/history/v1/${NUMBER}`]);
    expect(requests[0]?.url.searchParams.get('country')).toBe('GB');

    renderWith(`/gb/orders/sales/${NUMBER}`, client);
    expect((await screen.findAllByText(NUMBER, { exact: false })).length).toBeGreaterThan(0);
    expect(requests.filter((request) => request.url.pathname.startsWith('/orders/history/v1/'))).toHaveLength(1);
  });

  it('asks nothing for a visitor who is not signed in', () => {
    const { requests } = routes();
    const client = createQueryClient({ retries: false });
    startPage('/orders', '', client, resolveLocale(null, null));
    startPage(`/orders/sales/${NUMBER}`, '', client, resolveLocale(null, null));
    expect(requests).toHaveLength(0);
  });
});
