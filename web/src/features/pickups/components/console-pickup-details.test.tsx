import { screen, within } from '@testing-library/react';
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
  itemCount: 3,
  items: [
    { lineNumber: 1, title: 'Air Runner 2', color: 'Black', size: '10', quantity: 2, imageUrl: '/images/ar2.svg' },
    { lineNumber: 2, title: 'Club Cap', color: 'Navy', size: '', quantity: 1, imageUrl: '' },
  ],
  createdAt: '2026-11-23T10:00:00.000Z',
};

const openConsole = (path = '/orders/store-console') => {
  sessionStorage.setItem('orders.storeConsole', JSON.stringify({ storeId: 'US-LAS-24H', key: 'sk_right' }));
  mockFetch([{ path: LIST, respond: () => json({ objects: [waiting] }) }]);
  return renderApp(path);
};

afterEach(() => {
  sessionStorage.clear();
});

describe("a pickup's entry on the store console", () => {
  it('lists what to bring out under the entry, each line with its picture, title, colour, size and quantity, axe clean', async () => {
    openConsole();
    const entry = (await screen.findByRole('heading', { level: 3, name: 'Order C00000000011' })).closest('li')!;
    // The count stays the summary.
    expect(entry).toHaveTextContent('3 items');
    const lines = within(within(entry).getByRole('list', { name: 'Items to bring out' })).getAllByRole('listitem');
    expect(lines).toHaveLength(2);
    expect(within(lines[0]!).getByRole('img', { name: 'Air Runner 2' })).toHaveAttribute('src', '/images/ar2.svg');
    expect(within(lines[0]!).getByText('Color: Black')).toBeInTheDocument();
    expect(within(lines[0]!).getByText('Size: 10')).toBeInTheDocument();
    expect(within(lines[0]!).getByText('Quantity: 2')).toBeInTheDocument();
    // No picture: the neutral drawing, still named; no size sent, none said.
    expect(within(lines[1]!).getByRole('img', { name: 'Club Cap' }).tagName).not.toBe('IMG');
    expect(within(lines[1]!).getByText('Color: Navy')).toBeInTheDocument();
    expect(lines[1]).not.toHaveTextContent('Size');
    expect(within(lines[1]!).getByText('Quantity: 1')).toBeInTheDocument();
    const results = await axe.run(entry, { rules: { 'color-contrast': { enabled: false } } });
    expect(results.violations.map((violation) => violation.id)).toEqual([]);
  });

  it('says the lines in German', async () => {
    openConsole('/de/de/orders/store-console');
    const list = await screen.findByRole('list', { name: 'Artikel zum Hinausbringen' });
    expect(within(list).getByText('Farbe: Black')).toBeInTheDocument();
    expect(within(list).getByText('Größe: 10')).toBeInTheDocument();
    expect(within(list).getByText('Menge: 2')).toBeInTheDocument();
  });
});
