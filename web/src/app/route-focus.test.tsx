import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { historyItem, historyPage, order } from '@/test/fixtures';
import { deferred, json, mockFetch } from '@/test/mock-fetch';
import { renderApp } from '@/test/render-app';

const api = (detail: () => Response | Promise<Response> = () => json(order())) =>
  mockFetch([
    {
      path: '/orders/history/v1',
      respond: () => json(historyPage([historyItem('C0012345678'), historyItem('E0012345678')])),
    },
    { path: '/orders/history/v1/C0012345678', respond: detail },
    { path: '/orders/history/v1/E0012345678', respond: () => json({ code: 'internal', message: '' }, 500) },
  ]);

describe('focus on route changes', () => {
  it('leaves focus alone on the first load', async () => {
    api();
    renderApp('/orders/sales/C0012345678', { member: true });
    const heading = await screen.findByRole('heading', { level: 1, name: 'Order C0012345678' });
    expect(heading).not.toHaveFocus();
    expect(document.activeElement).toBe(document.body);
  });

  it('leaves focus alone on a redirect during the first load', async () => {
    api();
    const { currentUrl } = renderApp('/gb', { member: true });
    await waitFor(() => {
      expect(currentUrl()).toBe('/gb/orders');
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Orders' })).not.toHaveFocus();
    expect(document.activeElement).toBe(document.body);
  });

  it('moves focus to the new page heading, following the loading heading to the loaded one', async () => {
    const detail = deferred();
    api(() => detail.promise);
    const { user } = renderApp('/gb/orders', { member: true });
    await user.click(await screen.findByRole('link', { name: 'Order C0012345678' }));
    // While the order loads, the page's (visually hidden) heading has focus...
    await waitFor(() => {
      expect(screen.getByRole('heading', { level: 1, name: 'Order Details' })).toHaveFocus();
    });
    // ...and the order's heading takes it over when it replaces that one.
    detail.resolve(json(order({ country: 'GB' })));
    const heading = await screen.findByRole('heading', { level: 1, name: 'Order C0012345678' });
    await waitFor(() => {
      expect(heading).toHaveFocus();
    });
    expect(heading).toHaveAttribute('tabindex', '-1');
  });

  it('moves focus from a header link that stays on the page', async () => {
    api();
    const { user } = renderApp('/orders', { member: true });
    await screen.findByText('Shoe C0012345678');
    const nav = screen.getByRole('navigation', { name: 'Orders navigation' });
    await user.click(within(nav).getByRole('link', { name: 'Find an order' }));
    const heading = await screen.findByRole('heading', { level: 1, name: 'Find your order' });
    await waitFor(() => {
      expect(heading).toHaveFocus();
    });
  });

  it('does not take focus back from a dialog that opens on the new page', async () => {
    api();
    const { user } = renderApp('/orders', { member: true });
    await user.click(await screen.findByRole('link', { name: 'Order E0012345678' }));
    const dialog = await screen.findByRole('dialog');
    await waitFor(() => {
      expect(within(dialog).getByRole('link', { name: 'Contact us' })).toHaveFocus();
    });
    // Give the watcher a chance to react to later changes.
    await new Promise((done) => setTimeout(done, 50));
    expect(within(dialog).getByRole('link', { name: 'Contact us' })).toHaveFocus();
  });
});
