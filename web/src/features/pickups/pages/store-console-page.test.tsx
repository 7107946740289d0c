import { screen, waitFor, within } from '@testing-library/react';
import axe from 'axe-core';
import { afterEach, describe, expect, it } from 'vitest';
import { json, mockFetch } from '@/test/mock-fetch';
import { renderApp } from '@/test/render-app';

const LIST = '/ops/v1/stores/US-LAS-24H/order_pickups';
const waiting = {
  id: '0f8fad5b-d9cb-469f-a165-70867728950e',
  status: 'SUBMITTED',
  orderNumber: 'C00000000011',
  vehicleDescription: 'Red Honda Civic',
  itemCount: 2,
  items: [
    { lineNumber: 1, title: 'Air Runner 2', color: 'Black', size: '10', quantity: 2, imageUrl: '/images/ar2.svg' },
  ],
  createdAt: '2026-11-23T10:00:00.000Z',
};

afterEach(() => {
  sessionStorage.clear();
});

describe('store console', () => {
  it('signs in with the store key, lists the car, claims it and sends If-None-Match after the first list', async () => {
    let status = 'SUBMITTED';
    const { requests } = mockFetch([
      {
        path: LIST,
        respond: (request) =>
          request.headers.get('X-Store-Key') === 'sk_right'
            ? json({ objects: [{ ...waiting, status }] }, 200, { ETag: `"${status}"` })
            : json({ code: 'store-key-invalid', message: 'no' }, 401),
      },
      {
        method: 'POST',
        path: `${LIST}/${waiting.id}/claim`,
        respond: () => {
          status = 'CLAIMED';
          return json({ ...waiting, status });
        },
      },
    ]);
    const { user } = renderApp('/orders/store-console');
    await user.type(await screen.findByLabelText('Store ID'), 'US-LAS-24H');
    await user.type(screen.getByLabelText('Store key'), 'sk_wrong');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByRole('alert')).toHaveTextContent("That store ID and key don't match.");
    await user.clear(screen.getByLabelText('Store key'));
    await user.type(screen.getByLabelText('Store key'), 'sk_right');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText('Red Honda Civic')).toBeInTheDocument();
    expect(screen.getByText(/2 items/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Claim' }));
    expect(await screen.findByRole('button', { name: 'Complete' })).toBeInTheDocument();
    await waitFor(() => {
      expect(
        requests.some(
          (request) => request.url.pathname === LIST && request.headers.get('If-None-Match') === '"SUBMITTED"',
        ),
      ).toBe(true);
    });
    expect(sessionStorage.getItem('orders.storeConsole')).toContain('US-LAS-24H');
  });

  it("gives staff a header with the brand and the store, without the shopper's navigation (walk minor 14)", async () => {
    sessionStorage.setItem('orders.storeConsole', JSON.stringify({ storeId: 'US-LAS-24H', key: 'sk_right' }));
    mockFetch([
      { path: LIST, respond: () => json({ objects: [waiting] }) },
      { path: '/store/store_views/v1/US-LAS-24H', respond: () => json({ name: 'Las Vegas Strip' }) },
    ]);
    // Even with a member signed in on this browser: the console is not the shopper's site.
    const { user } = renderApp('/orders/store-console', { member: true });
    expect(await screen.findByText('Red Honda Civic')).toBeInTheDocument();
    const header = within(screen.getByRole('banner'));
    expect(header.getByText('Orders')).toBeInTheDocument();
    expect(await header.findByText('Store: Las Vegas Strip')).toBeInTheDocument();
    expect(header.queryByRole('navigation')).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'My orders' })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Find an order' })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Gift card balance' })).not.toBeInTheDocument();
    // The console's own sign-out (the store key), not the member's.
    expect(screen.getAllByRole('button', { name: 'Sign out' })).toHaveLength(1);
    expect(within(screen.getByRole('main')).getByRole('button', { name: 'Sign out' })).toBeInTheDocument();
    const results = await axe.run(document, { rules: { 'color-contrast': { enabled: false } } });
    expect(results.violations.map((violation) => violation.id)).toEqual([]);

    // Signed out of the store: the header names no store.
    await user.click(screen.getByRole('button', { name: 'Sign out' }));
    expect(await screen.findByLabelText('Store ID')).toBeInTheDocument();
    expect(within(screen.getByRole('banner')).queryByText(/^Store:/)).not.toBeInTheDocument();
  });

  it('keeps the shopper header on shopper pages', async () => {
    mockFetch([]);
    renderApp('/orders/gift-card-lookup', { member: true });
    const header = within(await screen.findByRole('banner'));
    expect(await header.findByRole('navigation', { name: 'Orders navigation' })).toBeInTheDocument();
    expect(header.getByRole('link', { name: 'Gift card balance' })).toBeInTheDocument();
  });
});
