import { screen, waitFor } from '@testing-library/react';
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
});
