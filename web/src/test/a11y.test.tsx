import { screen, waitFor, within } from '@testing-library/react';
import axe from 'axe-core';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { historyItem, historyPage, order, pickupOrder, usAddressLayout } from '@/test/fixtures';
import { json, mockFetch } from '@/test/mock-fetch';
import { renderApp } from '@/test/render-app';
import { viewport } from '@/test/viewport';

/** jsdom has no layout, so colour contrast is checked in the browser (e2e), not here. */
async function violations() {
  // The page's title is set by an effect after the page has rendered (app/page-title.ts): a check that ran
  // between the two found the document untitled (document-title, about one whole run in four).
  await waitFor(() => {
    expect(document.title).not.toBe('');
  });
  const results = await axe.run(document, { rules: { 'color-contrast': { enabled: false } } });
  return results.violations.map(
    (violation) => `${violation.id}: ${violation.nodes.map((node) => node.html).join(' | ')}`,
  );
}

const api = () =>
  mockFetch([
    {
      path: '/orders/history/v1',
      respond: (request) =>
        json(
          request.url.searchParams.get('filter')?.includes('PARTNER')
            ? historyPage([historyItem('P0000001', { partnerName: 'Runners Co', orderType: 'PARTNER_SALES_ORDER' })])
            : historyPage([historyItem('A0000001'), historyItem('A0000002')], 'anchor=2'),
        ),
    },
    {
      path: '/consent/v1',
      respond: () => json([{ type: 'partnerOrderDataSharing', granted: true, updatedAt: '2026-11-01T00:00:00.000Z' }]),
    },
    {
      path: '/addresses/v1/member-1/address',
      respond: () =>
        json([
          {
            id: 'a1',
            country: 'US',
            name: 'Jane Carter',
            nameGiven: 'Jane',
            nameFamily: 'Carter',
            line1: '1 Market Street',
            locality: 'San Francisco',
            province: 'CA',
            code: '94105',
            phone: '4155550100',
            preferred: true,
          },
        ]),
    },
    {
      path: /^\/addresses\/v1\/layouts\/\w+$/,
      respond: () =>
        json(
          usAddressLayout({
            postalCodes: ['99999', '99999-9999'],
            provinces: [
              { code: 'CA', name: 'California' },
              { code: 'NY', name: 'New York' },
            ],
            fields: [
              { field: 'nameGiven', label: 'firstName', labelText: 'First Name', required: true },
              { field: 'line1', label: 'streetAddress', labelText: 'Street Address', required: true },
              { field: 'province', label: 'state', labelText: 'State', required: true },
              { field: 'code', label: 'zipCode', labelText: 'ZIP Code', required: true },
            ],
          }),
        ),
    },
    { path: '/orders/history/v1/C0012345678', respond: () => json(order()) },
    {
      path: '/orders/history/v1/R0012345678',
      respond: () => json(order({ orderNumber: 'R0012345678', orderType: 'RETURN_ORDER' })),
    },
    { path: '/orders/history/v1/E0012345678', respond: () => json({ code: 'internal', message: '' }, 500) },
    {
      path: '/orders/history/v1/P0012345678',
      respond: () => json(pickupOrder({ orderNumber: 'P0012345678', orderId: 'P0012345678' })),
    },
    {
      path: '/orders/history/v1/R0012345679',
      respond: () =>
        json(order({ orderNumber: 'R0012345679', orderType: 'RETURN_ORDER', parentSalesOrderNumber: 'C0012345678' })),
    },
  ]);

afterEach(() => {
  vi.useRealTimers();
});

describe('accessibility (axe)', () => {
  it('order history with tabs has no violations', async () => {
    api();
    renderApp('/gb/orders', { member: true });
    await screen.findByRole('navigation', { name: 'Order lists' });
    await screen.findByText('Shoe A0000001');
    expect(await violations()).toEqual([]);
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
    expect(screen.getByRole('banner')).toBeInTheDocument();
    expect(screen.getByRole('main')).toBeInTheDocument();
  });

  it('order history on a phone, its filters folded and open, has no violations (walk polish 12)', async () => {
    viewport(390);
    api();
    const { user } = renderApp('/orders?year=2026', { member: true });
    await screen.findByText('Shoe A0000001');
    const toggle = screen.getByRole('button', { name: 'Filters' });
    expect(await violations()).toEqual([]);
    await user.click(toggle);
    expect(screen.getByRole('combobox', { name: 'Year' })).toHaveValue('2026');
    expect(await violations()).toEqual([]);
  });

  it('partner order history with its FAQ, and the stop-sharing dialog, have no violations', async () => {
    api();
    const { user } = renderApp('/gb/orders/partner', { member: true });
    await screen.findByText('Sold by Runners Co');
    expect(screen.getByRole('region', { name: 'Partner orders: frequently asked questions' })).toBeInTheDocument();
    expect(await violations()).toEqual([]);

    await user.click(screen.getByRole('button', { name: 'Stop sharing partner orders' }));
    const dialog = screen.getByRole('dialog', { name: 'Stop sharing partner orders?' });
    expect(within(dialog).getByRole('button', { name: 'Keep sharing' })).toHaveFocus();
    expect(await violations()).toEqual([]);
  });

  it('saved addresses with the form showing errors has no violations', async () => {
    api();
    const { user } = renderApp('/orders/addresses', { member: true });
    await screen.findByText('1 Market Street');
    await user.click(screen.getByRole('button', { name: 'Add an address' }));
    await user.click(await screen.findByRole('button', { name: 'Save address' }));
    await screen.findByText('Please enter a valid postal code.');
    expect(await violations()).toEqual([]);
  });

  it('sales order detail has no violations', async () => {
    api();
    renderApp('/orders/sales/C0012345678', { member: true });
    await screen.findByRole('heading', { level: 1, name: 'Order C0012345678' });
    expect(await violations()).toEqual([]);
  });

  it('store-pickup order detail (store, hours, special hours) has no violations', async () => {
    // Christmas Eve in New York: the store is open and Christmas Day shows under special hours.
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-12-24T15:00:00Z'));
    api();
    renderApp('/orders/sales/P0012345678', { member: true });
    await screen.findByRole('heading', { level: 1, name: 'Order P0012345678' });
    expect(screen.getByRole('table', { name: 'Opening hours' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 3, name: 'Special hours' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '+1 212 555 0142' })).toBeInTheDocument();
    expect(await violations()).toEqual([]);
  });

  it('store-pickup order detail in French has no violations', async () => {
    api();
    renderApp('/fr/fr/orders/sales/P0012345678', { member: true });
    await screen.findByRole('heading', { level: 1, name: 'Commande P0012345678' });
    expect(screen.getByRole('table', { name: 'Horaires d’ouverture' })).toBeInTheDocument();
    expect(await violations()).toEqual([]);
  });

  it('return order detail with the original-order link has no violations', async () => {
    api();
    renderApp('/gb/orders/returns/R0012345679', { member: true });
    expect(await screen.findByRole('link', { name: 'C0012345678' })).toHaveAttribute(
      'href',
      '/gb/orders/sales/C0012345678',
    );
    expect(await violations()).toEqual([]);
  });

  it('return order detail in Japanese has no violations', async () => {
    api();
    renderApp('/jp/orders/returns/R0012345678', { member: true });
    await screen.findByRole('heading', { level: 1, name: '返品 R0012345678' });
    expect(document.documentElement.lang).toBe('ja-JP');
    expect(await violations()).toEqual([]);
  });

  it('the service error dialog has no violations', async () => {
    api();
    renderApp('/orders/sales/E0012345678', { member: true });
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByRole('link', { name: 'Contact us' })).toHaveFocus();
    expect(await violations()).toEqual([]);
  });

  it('guest lookup with errors showing has no violations', async () => {
    const { user } = renderApp('/fr/fr/orders/details');
    await user.type(await screen.findByRole('textbox', { name: 'Numéro de commande' }), 'x1');
    await user.type(screen.getByRole('textbox', { name: 'Adresse e-mail' }), 'nope');
    await user.click(screen.getByRole('button', { name: 'Trouver la commande' }));
    await screen.findByRole('alert');
    expect(await violations()).toEqual([]);
  });

  it('sign-in has no violations', async () => {
    renderApp('/orders/signin');
    await screen.findByRole('heading', { level: 1, name: 'Sign in' });
    expect(await violations()).toEqual([]);
  });
});
