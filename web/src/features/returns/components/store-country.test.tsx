import { screen, waitFor, within } from '@testing-library/react';
import axe from 'axe-core';
import { beforeEach, expect, it } from 'vitest';
import { order, orderItem, returnLine, returnMethod, returnOptions } from '@/test/fixtures';
import { json, mockFetch, type RecordedRequest } from '@/test/mock-fetch';
import { renderApp } from '@/test/render-app';
import { SAVED_METHODS_KEY } from '../model/saved-method';

/** Audit L553 (spec 001 §5): a stored store of another country is cleared, said, and never sent. */
const ORDER = 'C0012345678';
const GTIN = '00012345678905';

const store = (id: string, name: string, iso2Country: string) => ({
  id,
  name,
  isOpenNow: true,
  phone: '+1 212 555 0100',
  latitude: '40.7',
  longitude: '-73.9',
  timezone: 'America/New_York',
  storeServices: [],
  address: { address1: `${name} 1`, city: 'Somewhere', postalCode: '10019', iso2Country },
  operationalDetails: { hoursOfOperation: { regularHours: {} }, weekly: [], specialDays: [] },
});
const stores: Record<string, ReturnType<typeof store>> = {
  'S-DE': store('S-DE', 'Berlin Mitte', 'DE'),
  'S-US': store('S-US', 'Fifth Avenue', 'US'),
};

function serve() {
  const detail = order({
    orderNumber: ORDER,
    groups: [{ ...order().groups[0]!, orderItems: [orderItem()] }],
  });
  return mockFetch([
    { path: `/orders/history/v1/${ORDER}`, respond: () => json(detail) },
    {
      path: `/order_mgmt/return_options/v1/${ORDER}`,
      respond: () =>
        json({
          ...returnOptions({ orderNumber: ORDER }),
          orderLines: [returnLine({ lineNumber: 1, gtin: GTIN })],
          methods: [
            returnMethod({ id: 'returnToStore', returnMethod: 'returnToStore', serviceType: 'STORE_DROP_OFF' }),
            returnMethod({ id: 'upsDropoff|ups', returnMethod: 'upsDropoff', carrierId: 'ups', carrierName: 'UPS' }),
          ],
          reasons: [{ appCode: 'tooBig', reasonCode: '1', text: "Doesn't Fit" }],
        }),
    },
    {
      path: /^\/store\/store_views\/v1\/[^/]+$/,
      respond: (request) => {
        const found = stores[request.url.pathname.split('/').at(-1) ?? ''];
        return found ? json(found) : json({ code: 'not-found', message: 'no store' }, 404);
      },
    },
    {
      path: '/store/store_views/v1',
      respond: () => json({ objects: [stores['S-US']], pages: { page: 1, totalPages: 1, totalResources: 1 } }),
    },
    {
      method: 'POST',
      path: '/order_mgmt/user_return_captures/v1',
      respond: () => json({ jobId: 'J1', response: { returnOrderNumber: 'R0000000042' } }, 202),
    },
    {
      path: '/order_mgmt/user_return_captures_jobs/v1/J1',
      respond: () => json({ id: 'J1', status: 'COMPLETED', eta: 0, response: { returnOrderNumber: 'R0000000042' } }),
    },
  ]);
}

const captures = (requests: RecordedRequest[]) =>
  requests.filter((request) => request.url.pathname === '/order_mgmt/user_return_captures/v1');

const saveStore = (storeId: string) => {
  localStorage.setItem(
    SAVED_METHODS_KEY,
    JSON.stringify([
      { orderNumber: ORDER, returnMethod: 'returnToStore', selectedStore: storeId, timestamp: Date.now() },
    ]),
  );
};

beforeEach(() => {
  localStorage.clear();
});

it('clears a saved store of another country, says so in Choose another store, and sends only a store of the order country', async () => {
  const { requests } = serve();
  saveStore('S-DE');
  const { user } = renderApp(`/orders/return-items/${ORDER}?selected=${GTIN}`, {
    member: true,
    flags: { enableStoreSelector: true },
  });
  const dialog = await screen.findByRole('dialog', { name: 'Choose another store' }, { timeout: 10_000 });
  expect(dialog).toHaveTextContent('In-store returns must be made in the same country where your order was purchased.');
  const results = await axe.run(document, { rules: { 'color-contrast': { enabled: false } } });
  expect(results.violations.map((violation) => violation.id)).toEqual([]);
  // The stored selection keeps the method and loses the store.
  await waitFor(() => {
    expect(localStorage.getItem(SAVED_METHODS_KEY)).not.toContain('S-DE');
  });
  expect(localStorage.getItem(SAVED_METHODS_KEY)).toContain('"returnMethod":"returnToStore"');
  await user.click(within(dialog).getByRole('button', { name: 'Choose a store' }));
  expect(screen.queryByRole('dialog')).not.toBeInTheDocument();

  await user.selectOptions(screen.getByLabelText('Reason for return'), 'tooBig');
  await user.click(screen.getAllByRole('button', { name: 'Continue' })[0]!);
  await user.click(await screen.findAllByRole('button', { name: 'Find a store' }).then((buttons) => buttons[0]!));
  const submit = () => screen.getAllByRole('button', { name: 'Submit return' })[0]!;
  await screen.findByRole('radio', { name: /Fifth Avenue/ });
  expect(submit()).toBeDisabled();
  await user.click(screen.getByRole('radio', { name: /Fifth Avenue/ }));
  await waitFor(() => {
    expect(submit()).toBeEnabled();
  });
  await user.click(submit());
  expect(await screen.findByText('Your return was submitted')).toBeInTheDocument();
  expect(captures(requests)).toHaveLength(1);
  expect(captures(requests)[0]?.body).toMatchObject({ methodId: 'returnToStore', storeId: 'S-US' });
}, 20_000);

it('without the store step, submits no store from another country', async () => {
  const { requests } = serve();
  saveStore('S-DE');
  const { user } = renderApp(`/orders/return-items/${ORDER}?selected=${GTIN}`, {
    member: true,
    flags: { enableStoreSelector: false },
  });
  const dialog = await screen.findByRole('dialog', { name: 'Choose another store' }, { timeout: 10_000 });
  await user.click(within(dialog).getByRole('button', { name: 'Choose a store' }));
  await user.selectOptions(screen.getByLabelText('Reason for return'), 'tooBig');
  await user.click(screen.getAllByRole('button', { name: 'Continue' })[0]!);
  await user.click(await screen.findAllByRole('button', { name: 'Submit return' }).then((buttons) => buttons[0]!));
  expect(await screen.findByText('Your return was submitted')).toBeInTheDocument();
  expect(captures(requests)[0]?.body).not.toHaveProperty('storeId');
}, 20_000);

it('keeps a saved store of the order country, with no dialog', async () => {
  const { requests } = serve();
  saveStore('S-US');
  const { user } = renderApp(`/orders/return-items/${ORDER}?selected=${GTIN}`, {
    member: true,
    flags: { enableStoreSelector: false },
  });
  await user.selectOptions(await screen.findByLabelText('Reason for return', {}, { timeout: 10_000 }), 'tooBig');
  await user.click(screen.getAllByRole('button', { name: 'Continue' })[0]!);
  const submit = () => screen.getAllByRole('button', { name: 'Submit return' })[0]!;
  await waitFor(() => {
    expect(submit()).toBeEnabled();
  });
  await user.click(submit());
  expect(await screen.findByText('Your return was submitted')).toBeInTheDocument();
  expect(screen.queryByRole('dialog', { name: 'Choose another store' })).not.toBeInTheDocument();
  expect(captures(requests)[0]?.body).toMatchObject({ storeId: 'S-US' });
}, 20_000);
