import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { historyItem, historyPage, order } from '@/test/fixtures';
import { json, mockFetch } from '@/test/mock-fetch';
import { renderApp } from '@/test/render-app';

const historyRoutes = () =>
  mockFetch([
    { path: '/orders/history/v1', respond: () => json(historyPage([historyItem('C0012345678')])) },
    { path: /^\/orders\/history\/v1\/\w+$/, respond: () => json(order()) },
  ]);

describe('routes with the optional /:country/:locale prefix', () => {
  it('serves /orders in US English', async () => {
    const { requests } = historyRoutes();
    renderApp('/orders', { member: true });
    expect(await screen.findByRole('heading', { level: 1, name: 'Orders' })).toBeInTheDocument();
    expect(await screen.findByText('Ordered November 1, 2026')).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('Member Orders | US'));
    expect(document.documentElement.lang).toBe('en-US');
    expect(requests[0]?.url.searchParams.get('country')).toBe('US');
  });

  it('serves /gb/orders with the GB suffix and GB formats', async () => {
    const { requests } = historyRoutes();
    renderApp('/gb/orders', { member: true });
    expect(await screen.findByText('Ordered 1 November 2026')).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('Member Orders | GB'));
    expect(requests[0]?.url.searchParams.get('language')).toBe('en');
    // Links keep the prefix.
    expect(screen.getByRole('link', { name: 'Order C0012345678' })).toHaveAttribute(
      'href',
      '/gb/orders/sales/C0012345678',
    );
  });

  it('serves /fr/fr/orders in French', async () => {
    historyRoutes();
    renderApp('/fr/fr/orders', { member: true });
    expect(await screen.findByRole('heading', { level: 1, name: 'Commandes' })).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('Commandes des membres | FR'));
    expect(document.documentElement.lang).toBe('fr-FR');
  });

  it('picks the country default language when the prefix has no locale', async () => {
    historyRoutes();
    renderApp('/jp/orders', { member: true });
    expect(await screen.findByRole('heading', { level: 1, name: '注文' })).toBeInTheDocument();
    expect(document.documentElement.lang).toBe('ja-JP');
  });

  it('falls back to English messages for a language without a file, formatting for the locale', async () => {
    historyRoutes();
    renderApp('/dk/orders', { member: true });
    expect(await screen.findByText('Ordered 1. november 2026')).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('Member Orders | DK'));
  });

  it('reads German in Germany, with the German title and lang', async () => {
    historyRoutes();
    renderApp('/de/orders', { member: true });
    expect(await screen.findByText('Bestellt am 1. November 2026')).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('Mitgliederbestellungen | DE'));
    expect(document.documentElement.lang).toBe('de-DE');
    expect(document.documentElement.dir).toBe('ltr');
  });

  it('reads Arabic right to left in Egypt, Saudi Arabia and the Emirates', async () => {
    historyRoutes();
    renderApp('/ae/orders', { member: true });
    expect(await screen.findByRole('heading', { level: 1, name: 'الطلبات' })).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('طلبات الأعضاء | AE'));
    expect(document.documentElement.lang).toBe('ar-AE');
    expect(document.documentElement.dir).toBe('rtl');
  });

  it.each([
    ['/orders/sales/abc', '/orders'],
    ['/orders/sales/C001-2345', '/orders'],
    [`/orders/sales/${'A'.repeat(33)}`, '/orders'],
    ['/gb/orders/returns/x', '/gb/orders'],
    ['/fr/fr/orders/nowhere', '/fr/fr/orders'],
    ['/gb', '/gb/orders'],
    ['/', '/orders'],
  ])('redirects the unmatched %s to %s', async (from, to) => {
    historyRoutes();
    const { currentUrl } = renderApp(from, { member: true });
    await waitFor(() => {
      expect(currentUrl()).toBe(to);
    });
  });

  it('titles order detail pages "Order Details" with the order number and, without a brand, the product name', async () => {
    historyRoutes();
    renderApp('/gb/orders/sales/C0012345678', { member: true });
    expect(await screen.findByRole('heading', { level: 1, name: 'Order C0012345678' })).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('Order Details C0012345678 | Orders | GB'));
  });

  it("titles an order detail in the shopper's language", async () => {
    historyRoutes();
    renderApp('/de/orders/sales/C0012345678', { member: true });
    await waitFor(() => expect(document.title).toBe('Bestelldetails C0012345678 | Bestellungen | DE'));
  });

  it('titles the guest lookup "Guest Order Lookup"', async () => {
    renderApp('/orders/details');
    expect(await screen.findByRole('heading', { level: 1 })).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('Guest Order Lookup | US'));
  });

  it('sends a visitor without a token from /orders to sign in, and back after', async () => {
    historyRoutes();
    const { currentUrl } = renderApp('/gb/orders/partner');
    await waitFor(() => {
      expect(currentUrl()).toBe('/gb/orders/signin?redirectPath=%2Fgb%2Forders%2Fpartner');
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Sign in' })).toBeInTheDocument();
  });

  it('redirects the partner history to the own history when partner orders are off', async () => {
    historyRoutes();
    const { currentUrl } = renderApp('/orders/partner', { member: true, flags: { enablePartnerOrders: false } });
    await waitFor(() => {
      expect(currentUrl()).toBe('/orders');
    });
  });
});
