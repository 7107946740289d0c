import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { order } from '@/test/fixtures';
import { configRoute, countryConfig, HELP_SITE as SITE, PRODUCT_COLORS } from '@/test/country-config';
import { deferred, json, mockFetch } from '@/test/mock-fetch';
import { renderApp } from '@/test/render-app';
import { defaultFlags, flagsFrom } from './flags';

const configRequests = (requests: { url: URL }[]) =>
  requests.filter((request) => request.url.pathname.startsWith('/config/v1/'));

describe('configuration from the server', () => {
  it('starts from the configuration inlined in the page, with no request, for its country only', async () => {
    const block = document.createElement('script');
    block.id = 'orders-config';
    block.type = 'application/json';
    block.textContent = JSON.stringify(countryConfig('gb', { disableGiftCardLookup: true }));
    document.head.append(block);
    try {
      const { requests } = mockFetch([configRoute(countryConfig('us'))]);
      // A member, so that the history the page sends them to stays (a visitor would go on to sign in).
      const app = renderApp('/gb/orders/gift-card-lookup', { loadConfig: true, member: true });
      // The inlined flags hold: the page that a flag turns off is left, with no request for them.
      await waitFor(() => expect(app.currentUrl()).toBe('/gb/orders'));
      expect(configRequests(requests)).toHaveLength(0);
      app.unmount();
      // Another country's page asks the server as before.
      renderApp('/orders/gift-card-lookup', { loadConfig: true });
      await screen.findByRole('heading', { level: 1, name: 'Check your gift card balance' });
      expect(configRequests(requests).map((request) => request.url.pathname)).toEqual(['/config/v1/us']);
    } finally {
      block.remove();
    }
  });

  it('loads the route country once, waits for it, and the page obeys its flags', async () => {
    const pending = deferred();
    const { requests } = mockFetch([{ path: '/config/v1/gb', respond: () => pending.promise }]);
    const app = renderApp('/gb/orders/gift-card-lookup', { loadConfig: true, member: true });
    // Until the configuration is there, nothing that a flag could hide is shown.
    expect(await screen.findByRole('status')).toBeInTheDocument();
    expect(screen.queryByRole('heading', { level: 1 })).not.toBeInTheDocument();
    pending.resolve(json(countryConfig('gb', { disableGiftCardLookup: true })));
    await waitFor(() => expect(app.currentUrl()).toBe('/gb/orders'));
    expect(screen.queryByRole('heading', { name: 'Check your gift card balance' })).not.toBeInTheDocument();
    expect(configRequests(requests)).toHaveLength(1);
  });

  it('shows the gift card page where the flag is off, and sends the country with the call', async () => {
    const { requests } = mockFetch([
      configRoute(countryConfig('gb')),
      { method: 'POST', path: '/payment/giftcard_balance/v1', respond: () => json({ balance: 50, currency: 'GBP' }) },
    ]);
    const { user } = renderApp('/gb/orders/gift-card-lookup', { loadConfig: true });
    await screen.findByRole('heading', { level: 1, name: 'Check your gift card balance' });
    await user.type(screen.getByRole('textbox', { name: 'Gift card number' }), '6060123456789012345');
    await user.type(screen.getByLabelText('PIN'), '123456');
    await user.click(screen.getByRole('button', { name: 'Check balance' }));
    await screen.findByText('£50.00');
    const call = requests.find((request) => request.url.pathname === '/payment/giftcard_balance/v1');
    expect(call?.url.searchParams.get('country')).toBe('gb');
    expect(call?.body).not.toHaveProperty('country');
  });

  it('falls back to the default flags when the configuration fails, never a blank page', async () => {
    const { requests } = mockFetch([
      { path: '/config/v1/de', respond: () => json({ code: 'internal', message: 'x' }, 500) },
    ]);
    renderApp('/de/orders/gift-card-lookup', { loadConfig: true });
    expect(await screen.findByRole('heading', { level: 1, name: /Geschenkkarte|gift card/i })).toBeInTheDocument();
    expect(configRequests(requests)).toHaveLength(1);
  });

  it('puts the country help articles, in the shopper language, and the help phone in the order sidebar', async () => {
    const detail = order();
    mockFetch([
      configRoute(countryConfig('ca')),
      { path: `/orders/history/v1/${detail.orderNumber}`, respond: () => json(detail) },
    ]);
    renderApp(`/ca/fr/orders/sales/${detail.orderNumber}`, { member: true, loadConfig: true });
    const heading = await screen.findByRole('heading', { level: 2, name: 'Besoin d’aide ?' });
    const card = within(heading.parentElement!);
    expect(card.getByRole('link', { name: 'Modifier ou annuler une commande' })).toHaveAttribute(
      'href',
      `${SITE}/ca/fr/help/a/change-cancel-order`,
    );
    // No French variant: the country's default language.
    expect(card.getByRole('link', { name: 'Comment effectuer un retour' })).toHaveAttribute(
      'href',
      `${SITE}/ca/help/a/returns-policy`,
    );
    expect(card.getByRole('link', { name: 'Appelez-nous : +1 800 555 0100' })).toHaveAttribute(
      'href',
      'tel:+18005550100',
    );
  });
});

describe('the brand', () => {
  const branded = {
    name: 'Trailhead Outfitters',
    logoUrl: '/config/v1/brand/logo?v=abc123',
    colors: { primary: '#1f5135', onPrimary: '#ffffff', accent: '#1d5a8a', background: '#f6f3ec' },
  };
  const root = document.documentElement;
  const property = (name: string) => root.style.getPropertyValue(name);

  it('shows the logo named by the brand and the name, sets the colours on the root and titles the page', async () => {
    mockFetch([configRoute({ ...countryConfig('gb'), brand: branded })]);
    renderApp('/gb/orders/gift-card-lookup', { loadConfig: true });
    const home = await screen.findByRole('link', { name: 'Trailhead Outfitters' });
    const logo = within(home).getByRole('img', { name: 'Trailhead Outfitters' });
    expect(logo).toHaveAttribute('src', branded.logoUrl);
    // The box is reserved before the image arrives.
    expect(logo).toHaveAttribute('width', '40');
    expect(logo).toHaveAttribute('height', '40');
    expect(home).toHaveTextContent('Trailhead Outfitters');
    await waitFor(() => expect(property('--color-primary')).toBe('#1f5135'));
    expect(property('--color-on-primary')).toBe('#ffffff');
    expect(property('--color-accent')).toBe('#1d5a8a');
    expect(property('--color-page')).toBe('#f6f3ec');
    expect(root).toHaveAttribute('data-brand');
    await waitFor(() => expect(document.title).toBe('Check Your Gift Card Balance | Trailhead Outfitters | GB'));
  });

  it('titles an order detail with the order number and the brand as its store name', async () => {
    mockFetch([
      configRoute({ ...countryConfig('gb'), brand: branded }),
      { path: '/orders/history/v1/R0012345678', respond: () => json(order({ orderNumber: 'R0012345678' })) },
    ]);
    renderApp('/gb/orders/returns/R0012345678', { loadConfig: true, member: true });
    await waitFor(() => expect(document.title).toBe('Order Details R0012345678 | Trailhead Outfitters | GB'));
  });

  it('without a brand keeps the product name and look, and refuses values that are not colours', async () => {
    mockFetch([
      configRoute({
        ...countryConfig('gb'),
        brand: { colors: { ...PRODUCT_COLORS, accent: 'red; background: url(x)' } },
      }),
    ]);
    renderApp('/gb/orders/gift-card-lookup', { loadConfig: true });
    const home = await screen.findByRole('link', { name: 'Orders' });
    expect(within(home).queryByRole('img')).not.toBeInTheDocument();
    await waitFor(() => expect(property('--color-primary')).toBe('#111111'));
    expect(property('--color-accent')).toBe('');
    expect(root).not.toHaveAttribute('data-brand');
    await waitFor(() => expect(document.title).toBe('Check Your Gift Card Balance | GB'));
  });
});

describe('flagsFrom', () => {
  it('takes known boolean flags over the defaults and ignores the rest', () => {
    const flags = flagsFrom({ enableEdd: false, isAustralia: true, enableTeleport: true, enableSmsLookup: 'yes' });
    expect(flags.enableEdd).toBe(false);
    expect(flags.isAustralia).toBe(true);
    expect(flags.enableSmsLookup).toBe(defaultFlags.enableSmsLookup);
    expect(flags).not.toHaveProperty('enableTeleport');
  });
});
