import { act, screen, waitFor } from '@testing-library/react';
import axe from 'axe-core';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { deferred, json, mockFetch } from '@/test/mock-fetch';
import { configRoute, countryConfig } from '@/test/country-config';
import { renderApp } from '@/test/render-app';

const ID = '0f8fad5b-d9cb-469f-a165-70867728950e';
const all = { startTime: '00:00', duration: '24' };
const store = (overrides: object = {}) => ({
  id: 'US-LAS-24H',
  name: 'Las Vegas Strip 24/7',
  phone: '+1 702 555 0199',
  address: {
    address1: '3500 Las Vegas Blvd S',
    city: 'Las Vegas',
    state: 'NV',
    postalCode: '89109',
    iso2Country: 'US',
  },
  timezone: 'America/Los_Angeles',
  latitude: '36.1',
  longitude: '-115.1',
  storeServices: ['pickup', 'curbside'],
  operationalDetails: {
    hoursOfOperation: {
      regularHours: {
        monday: all,
        tuesday: all,
        wednesday: all,
        thursday: all,
        friday: all,
        saturday: all,
        sunday: all,
      },
      specialHours: [],
    },
    // The same hours as the server reads them: open all day, every day.
    weekly: ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'].map((weekday) => ({
      weekday,
      hours: { opensMinutes: 0, closesMinutes: 1440 },
    })),
    specialDays: [],
  },
  isOpenNow: true,
  ...overrides,
});
const URL_READY = '/orders/curbside/C00000000009?storeId=US-LAS-24H&qrId=abc123';
const storeRoute = (body: object = store()) => ({
  path: '/store/store_views/v1/US-LAS-24H',
  respond: () => json(body),
});
const offerRoute = (openPickupId?: string) => ({
  path: '/store/curbside_offers/v1/C00000000009',
  respond: () =>
    json({
      orderNumber: 'C00000000009',
      storeId: 'US-LAS-24H',
      storeServiceId: 'curbside',
      qrId: 'abc123',
      validationCodeType: 'STORE_CONSUMER_ORDER_CODE',
      ...(openPickupId ? { openPickupId } : {}),
    }),
});
const pickup = (status: string) => ({
  id: ID,
  status,
  orderNumber: 'C00000000009',
  storeId: 'US-LAS-24H',
  storeServiceId: 'curbside',
  notes: [],
  createdAt: '',
  updatedAt: '',
});

/** jsdom has no layout: colour contrast is checked in the browser test. */
async function axeViolations() {
  const results = await axe.run(document, { rules: { 'color-contrast': { enabled: false } } });
  return results.violations.map(
    (violation) => `${violation.id}: ${violation.nodes.map((node) => node.html).join(' | ')}`,
  );
}

afterEach(() => {
  vi.useRealTimers();
  sessionStorage.clear();
});

describe('curbside pickup page', () => {
  it('sends the vehicle with the spec body, then follows the interaction to complete', async () => {
    let status = 'SUBMITTED';
    const { requests } = mockFetch([
      storeRoute(),
      { method: 'POST', path: '/store/order_pickups/v1', respond: () => json({ id: ID, status: 'SUBMITTED' }, 201) },
      { path: `/store/order_pickups/v1/${ID}`, respond: () => json(pickup(status)) },
    ]);
    const { user } = renderApp(URL_READY, { member: true, flags: { enableCurbsidePickup: true } });
    const field = await screen.findByLabelText('Vehicle description');
    const button = screen.getByRole('button', { name: "I'm here" });
    expect(button).toBeDisabled();
    expect(screen.getByText('100 characters remaining')).toBeInTheDocument();
    await user.type(field, 'Red Civic');
    expect(screen.getByText('91 characters remaining')).toBeInTheDocument();
    expect(screen.getByRole('complementary')).toHaveTextContent('C00000000009');
    expect(screen.getByRole('complementary')).toHaveTextContent('+1 702 555 0199');
    expect(screen.getByRole('complementary')).toHaveTextContent('Open 24 hours');
    expect(await axeViolations()).toEqual([]);
    await user.click(button);
    expect(await screen.findByRole('heading', { name: "We've let the store know you're here" })).toBeInTheDocument();
    expect(screen.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '50');
    expect(await axeViolations()).toEqual([]);
    const post = requests.find((request) => request.method === 'POST');
    expect(post?.body).toEqual({
      notes: [{ text: 'Red Civic', authorType: 'CONSUMER', target: 'ATHLETE' }],
      orderNumber: 'C00000000009',
      storeId: 'US-LAS-24H',
      storeServiceId: 'curbside',
      validationCode: { type: 'STORE_CONSUMER_ORDER_CODE', code: 'abc123' },
    });
    expect(JSON.parse(sessionStorage.getItem('orders.curbside.C00000000009') ?? '{}')).toEqual({
      id: ID,
      status: 'initial',
    });
    status = 'CLAIMED';
    expect(
      await screen.findByRole('heading', { name: 'A store associate is bringing your order out' }, { timeout: 3000 }),
    ).toBeInTheDocument();
    expect(screen.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '75');
    status = 'COMPLETE';
    expect(
      await screen.findByRole('heading', { name: 'Your order has been picked up. Enjoy!' }, { timeout: 3000 }),
    ).toBeInTheDocument();
    const polls = requests.filter((request) => request.url.pathname.endsWith(ID)).length;
    await new Promise((resolve) => setTimeout(resolve, 1300));
    expect(requests.filter((request) => request.url.pathname.endsWith(ID)).length, 'polling stops at completed').toBe(
      polls,
    );
  });

  it('follows the open interaction a 409 names, and restores it on reload', async () => {
    mockFetch([
      storeRoute(),
      {
        method: 'POST',
        path: '/store/order_pickups/v1',
        respond: () =>
          json({ code: 'pickup-duplicate', message: 'We are still processing your request!' }, 409, {
            Location: `/store/order_pickups/v1/${ID}`,
          }),
      },
      { path: `/store/order_pickups/v1/${ID}`, respond: () => json(pickup('CLAIMED')) },
    ]);
    const { user, unmount } = renderApp(URL_READY, { member: true, flags: { enableCurbsidePickup: true } });
    await user.type(await screen.findByLabelText('Vehicle description'), 'Blue van');
    await user.click(screen.getByRole('button', { name: "I'm here" }));
    expect(
      await screen.findByRole('heading', { name: 'A store associate is bringing your order out' }, { timeout: 3000 }),
    ).toBeInTheDocument();
    unmount();
    renderApp(URL_READY, { member: true, flags: { enableCurbsidePickup: true } });
    expect(
      await screen.findByRole('heading', { name: 'A store associate is bringing your order out' }),
    ).toBeInTheDocument();
    expect(screen.queryByLabelText('Vehicle description')).not.toBeInTheDocument();
  });

  it("follows the order's open request the server names (another tab's) instead of asking again, axe clean", async () => {
    const { requests } = mockFetch([
      storeRoute(),
      offerRoute(ID),
      { path: `/store/order_pickups/v1/${ID}`, respond: () => json(pickup('CLAIMED')) },
    ]);
    renderApp(URL_READY, { member: true, flags: { enableCurbsidePickup: true } });
    expect(
      await screen.findByRole('heading', { name: 'A store associate is bringing your order out' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '75');
    expect(screen.getByRole('button', { name: 'Cancel pickup request' })).toBeInTheDocument();
    expect(screen.queryByLabelText('Vehicle description')).not.toBeInTheDocument();
    expect(requests.some((request) => request.method === 'POST')).toBe(false);
    expect(await axeViolations()).toEqual([]);
  });

  it("lets the server's open request win over the one this tab kept, and waits for its answer before the form", async () => {
    const OLD = '7c9e6679-7425-40de-944b-e07fc1f90ae7';
    sessionStorage.setItem('orders.curbside.C00000000009', JSON.stringify({ id: OLD, status: 'completed' }));
    const answer = deferred();
    const { requests } = mockFetch([
      storeRoute(),
      { path: '/store/curbside_offers/v1/C00000000009', respond: () => answer.promise },
      { path: `/store/order_pickups/v1/${ID}`, respond: () => json(pickup('SUBMITTED')) },
      { path: `/store/order_pickups/v1/${OLD}`, respond: () => json({ ...pickup('COMPLETE'), id: OLD }) },
    ]);
    renderApp(URL_READY, { member: true, flags: { enableCurbsidePickup: true } });
    expect(await screen.findByRole('status')).toHaveTextContent('Loading store pick-up information');
    expect(screen.queryByRole('heading', { level: 2 })).not.toBeInTheDocument();
    answer.resolve(offerRoute(ID).respond());
    expect(await screen.findByRole('heading', { name: "We've let the store know you're here" })).toBeInTheDocument();
    await waitFor(() => {
      expect(requests.some((request) => request.url.pathname.endsWith(ID))).toBe(true);
    });
    expect(requests.some((request) => request.url.pathname.endsWith(OLD))).toBe(false);
    expect(screen.queryByRole('heading', { name: 'Your order has been picked up. Enjoy!' })).not.toBeInTheDocument();
  });

  it('offers the form again when the server says no request is open, though this tab kept a duplicate', async () => {
    sessionStorage.setItem(
      'orders.curbside.C00000000009',
      JSON.stringify({ id: 'duplicate', status: 'duplicateRequest' }),
    );
    mockFetch([storeRoute(), offerRoute()]);
    renderApp(URL_READY, { member: true, flags: { enableCurbsidePickup: true } });
    expect(await screen.findByLabelText('Vehicle description')).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'We are still processing your request!' })).not.toBeInTheDocument();
  });

  it('says the store is closed without retry or contact, and asks for the missing code', async () => {
    mockFetch([storeRoute(store({ isOpenNow: false })), configRoute(countryConfig('us'))]);
    const { unmount } = renderApp(URL_READY, { member: true, flags: { enableCurbsidePickup: true } });
    expect(await screen.findByRole('heading', { name: 'The store is closed right now' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Try again' })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Contact us' })).not.toBeInTheDocument();
    unmount();
    renderApp('/orders/curbside/C00000000009?storeId=US-LAS-24H', {
      member: true,
      flags: { enableCurbsidePickup: true },
      loadConfig: true,
    });
    expect(await screen.findByText(/missing the order number or pickup code/)).toBeInTheDocument();
    // The country's configured contact link, not a build-time template.
    expect(screen.getByRole('link', { name: 'Contact us' })).toHaveAttribute('href', countryConfig('us').help.contact);
  });

  it('offers retry below 3 attempts, then contact us', async () => {
    const { requests } = mockFetch([
      { path: '/store/store_views/v1/US-LAS-24H', respond: () => json({ code: 'internal', message: 'x' }, 500) },
    ]);
    const { user } = renderApp(URL_READY, { member: true, flags: { enableCurbsidePickup: true } });
    for (let attempt = 0; attempt < 3; attempt += 1) {
      await user.click(await screen.findByRole('button', { name: 'Try again' }));
    }
    await waitFor(() => {
      expect(screen.getByRole('link', { name: 'Contact us' })).toBeInTheDocument();
    });
    expect(screen.queryByRole('button', { name: 'Try again' })).not.toBeInTheDocument();
    expect(requests.filter((request) => request.url.pathname.startsWith('/store/store_views')).length).toBe(4);
  });

  it('shows the error view after 5 failed polls', async () => {
    sessionStorage.setItem('orders.curbside.C00000000009', JSON.stringify({ id: ID, status: 'initial' }));
    const { requests } = mockFetch([
      storeRoute(),
      { path: `/store/order_pickups/v1/${ID}`, respond: () => json({ code: 'internal', message: 'x' }, 500) },
    ]);
    vi.useFakeTimers({ shouldAdvanceTime: true });
    renderApp(URL_READY, { member: true, flags: { enableCurbsidePickup: true } });
    await screen.findByRole('progressbar');
    for (let step = 0; step < 8; step += 1) {
      await act(async () => {
        await vi.advanceTimersByTimeAsync(1600);
      });
    }
    expect(await screen.findByText("We couldn't load this page. Please refresh and try again.")).toBeInTheDocument();
    expect(requests.filter((request) => request.url.pathname.endsWith(ID)).length).toBe(5);
  });

  it('rotates the tips every 5 seconds until paused, and keeps one help box open at a time', async () => {
    mockFetch([storeRoute()]);
    const { user } = renderApp(URL_READY, { member: true, flags: { enableCurbsidePickup: true } });
    const tips = await screen.findByRole('region', { name: 'Curbside pickup tips' });
    expect(tips).toHaveTextContent('Tip 1 of 3: Park in a curbside pickup spot');
    await act(async () => {
      await new Promise((resolve) => setTimeout(resolve, 5200));
    });
    expect(tips).toHaveTextContent('Tip 2 of 3: If nobody has come out after 10 minutes');
    await user.click(screen.getByRole('button', { name: 'Pause tips' }));
    // The pointer left it (the click moved it there): paused, it stays on tip 2.
    await user.unhover(tips);
    await act(async () => {
      await new Promise((resolve) => setTimeout(resolve, 5200));
    });
    expect(tips).toHaveTextContent('Tip 2 of 3');
    await user.click(screen.getByRole('button', { name: 'Next tip' }));
    expect(tips).toHaveTextContent('Tip 3 of 3: Store orders are usually ready within two hours.');

    const how = screen.getByRole('button', { name: 'How curbside pickup works' });
    const bring = screen.getByRole('button', { name: 'What to bring' });
    await user.click(how);
    expect(how).toHaveAttribute('aria-expanded', 'true');
    await user.click(bring);
    expect(bring).toHaveAttribute('aria-expanded', 'true');
    expect(how).toHaveAttribute('aria-expanded', 'false');
    expect(screen.getByText(/a photo ID of the person named on the order/)).toBeVisible();
    expect(await axeViolations()).toEqual([]);
  }, 20_000);
});
