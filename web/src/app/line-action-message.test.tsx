import { screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ActionView, AppCallback } from '@/shared/api/types';
import type { CountryConfig } from '@/shared/config/country-config';
import { historyItem, historyPage, order, orderItem } from '@/test/fixtures';
import { configRoute, countryConfig } from '@/test/country-config';
import { json, mockFetch } from '@/test/mock-fetch';
import { renderApp } from '@/test/render-app';

/** The retailer's page that frames the portal, as /config names it. */
const PARENT = 'https://shop.example.com';
const ORDER = 'C0012345678';
const TRACK = 'https://track.example/S1';

const callback = (action: string, lineNumber: number, url?: string, orderNumber = ORDER): AppCallback => ({
  type: 'orders:action',
  action,
  orderNumber,
  lineNumber,
  ...(url ? { url } : {}),
});
const withCallback = (action: string, lineNumber: number, view: ActionView, orderNumber = ORDER): ActionView => ({
  ...view,
  appCallback: callback(action, lineNumber, view.webLink ?? undefined, orderNumber),
});

/** Line 2 of the order: trackable with its group's link, returnable, buyable again; each with its appCallback. */
const line = orderItem({
  lineNumber: 2,
  actions: {
    trackShipment: withCallback('trackShipment', 2, { enabled: true, webLink: TRACK }),
    return: withCallback('return', 2, { enabled: true, webLink: `/orders/return-items/${ORDER}` }),
    buyItAgain: withCallback('buyItAgain', 2, { enabled: true, webLink: '/products/AR2-001' }),
  },
});
const detail = order({ groups: [{ ...order().groups[0]!, orderItems: [line] }] });

function serve(config: CountryConfig = { ...countryConfig('us'), embedParentOrigin: PARENT }) {
  mockFetch([
    configRoute(config),
    { path: `/orders/history/v1/${ORDER}`, respond: () => json(detail) },
    { method: 'POST', path: '/cart/v1/items', respond: () => json({ code: 'out-of-stock', message: 'x' }, 409) },
    {
      path: '/orders/history/v1',
      respond: (request) =>
        json(
          historyPage(
            request.url.searchParams.get('filter')?.includes('PARTNER')
              ? []
              : [
                  historyItem('C0000000001', {
                    lineNumber: 3,
                    actions: {
                      trackShipment: withCallback('trackShipment', 3, { enabled: true, webLink: TRACK }, 'C0000000001'),
                      return: withCallback('return', 3, { enabled: true }, 'C0000000001'),
                    },
                  }),
                ],
          ),
        ),
    },
  ]);
}

/** Framed by another window: its postMessage, recorded. */
function framed() {
  const postMessage = vi.fn();
  vi.stubGlobal('top', { postMessage });
  return postMessage;
}
const actionMessages = (postMessage: ReturnType<typeof vi.fn>) =>
  postMessage.mock.calls.filter(([message]) => (message as { type?: string }).type === 'orders:action');

// Links that leave for the carrier's site stay put in jsdom.
const stayHere = (event: MouseEvent) => {
  if (event.target instanceof Element && event.target.closest('a[target="_blank"]')) event.preventDefault();
};
beforeEach(() => {
  document.addEventListener('click', stayHere, true);
});
afterEach(() => {
  document.removeEventListener('click', stayHere, true);
});

describe('a line action tells the framing retailer page its appCallback (000 §3)', () => {
  it('posts orders:action with the line action’s appCallback to the configured parent origin, on the order page', async () => {
    const postMessage = framed();
    serve();
    const { user } = renderApp(`/orders/sales/${ORDER}`, { member: true, loadConfig: true });
    await screen.findByRole('heading', { level: 1, name: `Order ${ORDER}` });

    await user.click(screen.getByRole('link', { name: /^Track shipment/ }));
    expect(actionMessages(postMessage)).toEqual([[callback('trackShipment', 2, TRACK), PARENT]]);

    await user.click(screen.getByRole('button', { name: 'Buy again: Air Runner 2' }));
    expect(actionMessages(postMessage).at(-1)).toEqual([callback('buyItAgain', 2, '/products/AR2-001'), PARENT]);

    await user.click(screen.getByRole('link', { name: 'Return item: Air Runner 2' }));
    expect(actionMessages(postMessage).at(-1)).toEqual([
      callback('return', 2, `/orders/return-items/${ORDER}`),
      PARENT,
    ]);
    expect(actionMessages(postMessage)).toHaveLength(3);
  });

  it('posts it from a history card too: the order’s Track shipment and an item’s Return item', async () => {
    const postMessage = framed();
    serve();
    const { user } = renderApp('/orders', { member: true, loadConfig: true });
    const card = within((await screen.findByText('Shoe C0000000001')).closest('li.history-order') as HTMLElement);
    await user.click(card.getByRole('link', { name: /^Track shipment/ }));
    await user.click(card.getByRole('link', { name: 'Return item: Shoe C0000000001' }));
    expect(actionMessages(postMessage)).toEqual([
      [callback('trackShipment', 3, TRACK, 'C0000000001'), PARENT],
      [callback('return', 3, undefined, 'C0000000001'), PARENT],
    ]);
  });

  it('posts nothing when the portal is not framed, or no parent origin is configured', async () => {
    // Not framed: the top window is the portal's own.
    const postMessage = vi.spyOn(window, 'postMessage').mockImplementation(() => undefined);
    serve();
    const first = renderApp(`/orders/sales/${ORDER}`, { member: true, loadConfig: true });
    await screen.findByRole('heading', { level: 1, name: `Order ${ORDER}` });
    await first.user.click(screen.getByRole('link', { name: 'Return item: Air Runner 2' }));
    expect(postMessage).not.toHaveBeenCalled();
    postMessage.mockRestore();
    first.unmount();

    const parent = framed();
    serve(countryConfig('us'));
    const second = renderApp(`/orders/sales/${ORDER}`, { member: true, loadConfig: true });
    await screen.findByRole('heading', { level: 1, name: `Order ${ORDER}` });
    await second.user.click(screen.getByRole('link', { name: /^Track shipment/ }));
    expect(parent).not.toHaveBeenCalled();
  });
});
