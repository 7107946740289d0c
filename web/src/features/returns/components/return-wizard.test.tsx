import { act, screen, waitFor, within } from '@testing-library/react';
import axe from 'axe-core';
import { beforeEach, describe, expect, it } from 'vitest';
import { order, orderItem, returnLine, returnMethod, returnOptions } from '@/test/fixtures';
import { json, mockFetch, type RecordedRequest } from '@/test/mock-fetch';
import { configRoute, countryConfig } from '@/test/country-config';
import { renderApp } from '@/test/render-app';
import type { components } from '@/shared/api/schema';
import { signIn as signInMember } from '@/shared/auth/session';
import { saveMethod } from '../model/saved-method';

const ORDER = 'C0012345678';

const usd = (amount: string) => ({ amount, currency: 'USD' });

/** The API's answer as docs/returns-api.md §1 spells it. */
const options = (
  overrides: Partial<components['schemas']['ReturnOptions']> = {},
): components['schemas']['ReturnOptions'] => ({
  ...returnOptions({ orderNumber: ORDER }),
  orderLines: [
    returnLine({
      lineNumber: 1,
      gtin: '00012345678905',
      quantity: 2,
      returnableQuantity: 2,
      returnableFlag: true,
      unitRefund: usd('129.60'),
    }),
    returnLine({
      lineNumber: 2,
      gtin: '00099999999999',
      returnableQuantity: 0,
      returnableFlag: false,
      // As the server sends it: a site-relative link this app has no page for.
      returnDisableReason: {
        code: 'final-sale',
        text: 'Final sale items cannot be returned.',
        linkText: 'Return Policy',
        linkUrl: '/help/returns-policy',
      },
    }),
  ],
  methods: [
    returnMethod({ id: 'returnToStore', returnMethod: 'returnToStore', serviceType: 'STORE_DROP_OFF' }),
    returnMethod({ id: 'upsDropoff|ups', returnMethod: 'upsDropoff', carrierId: 'ups', carrierName: 'UPS' }),
  ],
  reasons: [
    { appCode: 'tooBig', reasonCode: '1', text: "Doesn't Fit" },
    { appCode: 'notAsExpected', reasonCode: '6', text: 'Not As Expected' },
  ],
  ...overrides,
});

const detail = () =>
  order({
    orderNumber: ORDER,
    groups: [
      {
        ...order().groups[0]!,
        orderItems: [
          orderItem({
            lineItemTransaction: {
              ...orderItem().lineItemTransaction,
              quantity: 2,
              lineItemChargedPrice: 240,
              lineItemTaxes: 19.2,
            },
          }),
          orderItem({
            lineNumber: 2,
            skuId: 'SKU-2',
            product: { ...orderItem().product, title: 'Club Tee', gtin: '00099999999999' },
          }),
        ],
      },
    ],
  });

const store = (id: string, name: string, isOpenNow: boolean) => ({
  id,
  name,
  isOpenNow,
  phone: '+1 212 555 0100',
  latitude: '40.7',
  longitude: '-73.9',
  timezone: 'America/New_York',
  storeServices: [],
  address: { address1: `${name} Street 1`, city: 'New York', postalCode: '10019', iso2Country: 'US' },
  operationalDetails: { hoursOfOperation: { regularHours: {} }, weekly: [], specialDays: [] },
});

/** Chooses a reason and the carrier drop-off, submits, and answers the Return Not Submitted dialog. */
async function submitDropOffUntilNotSubmitted(user: ReturnType<typeof renderApp>['user']) {
  await user.selectOptions(await screen.findByLabelText('Reason for return'), 'notAsExpected');
  await user.click(screen.getAllByRole('button', { name: 'Continue' })[0]!);
  await user.click(await screen.findByRole('radio', { name: /Carrier drop-off/ }));
  await user.click(screen.getAllByRole('button', { name: 'Submit return' })[0]!);
  return screen.findByRole('dialog', { name: 'Return not submitted' });
}

function serve({
  captureStatus = 202,
  captureCode = 'service-unavailable',
  jobs = [{ id: 'J1', status: 'COMPLETED', eta: 0, response: { returnOrderNumber: 'R0000000042' } }] as object[],
  wire = {},
  config = countryConfig('us'),
} = {}) {
  const polls = [...jobs];
  let captures = 0;
  return mockFetch([
    configRoute(config),
    { path: `/orders/history/v1/${ORDER}`, respond: () => json(detail()) },
    { path: `/order_mgmt/return_options/v1/${ORDER}`, respond: () => json(options(wire)) },
    {
      path: '/store/store_views/v1',
      respond: (request) =>
        json({
          objects:
            request.url.searchParams.get('page') === '2'
              ? [store('S4', 'Brooklyn', false)]
              : [store('S1', 'Fifth Avenue', true), store('S2', 'SoHo', false), store('S3', 'Harlem', true)],
          pages: { page: Number(request.url.searchParams.get('page')), totalPages: 2, totalResources: 4 },
        }),
    },
    {
      method: 'POST',
      path: '/order_mgmt/user_return_captures/v1',
      respond: () => {
        captures += 1;
        // The first capture fails when asked to; the retry succeeds.
        if (captureStatus !== 202 && captures === 1) return json({ code: captureCode, message: 'x' }, captureStatus);
        return json({ jobId: 'J1', response: { returnOrderNumber: 'R0000000042' } }, 202);
      },
    },
    {
      path: '/order_mgmt/user_return_captures_jobs/v1/J1',
      respond: () => json(polls.length > 1 ? polls.shift() : polls[0]),
    },
    { method: 'POST', path: '/order_mgmt/store_return_email/v1', respond: () => json({}) },
  ]);
}

/** jsdom has no layout, so colour contrast is checked in the browser (e2e), not here. */
async function violations() {
  const results = await axe.run(document, { rules: { 'color-contrast': { enabled: false } } });
  return results.violations.map(
    (violation) => `${violation.id}: ${violation.nodes.map((node) => node.html).join(' | ')}`,
  );
}

const captures = (requests: RecordedRequest[]) =>
  requests.filter((request) => request.url.pathname === '/order_mgmt/user_return_captures/v1');

describe('return wizard', () => {
  beforeEach(() => {
    localStorage.clear();
  });

  it("links a line that cannot be returned to the country's returns policy from the configuration", async () => {
    serve();
    renderApp(`/orders/return-items/${ORDER}`, { member: true, loadConfig: true });
    const reason = await screen.findByText('Final sale items cannot be returned.', {}, { timeout: 10_000 });
    expect(within(reason).getByRole('link', { name: 'Return Policy' })).toHaveAttribute(
      'href',
      countryConfig('us').help.returnsPolicy,
    );
  });

  it.each([
    [
      "the country's how-to-return article",
      { en: 'https://help.example.com/us/help/a/how-to-return' },
      'https://help.example.com/us/help/a/how-to-return',
    ],
    ['the generic help page without one', {}, 'https://help.example.com/help'],
  ])('links "Learn more about returns" to %s (001 §2.1)', async (_, howToReturn, href) => {
    const us = countryConfig('us');
    serve({ config: { ...us, help: { ...us.help, howToReturn } } });
    const { user } = renderApp(`/orders/return-items/${ORDER}?selected=00012345678905`, {
      member: true,
      loadConfig: true,
    });
    await user.selectOptions(await screen.findByLabelText('Reason for return', {}, { timeout: 10_000 }), 'tooBig');
    await user.click(screen.getAllByRole('button', { name: 'Continue' })[0]!);
    expect(await screen.findByRole('link', { name: 'Learn more about returns' })).toHaveAttribute('href', href);
  });

  it('takes a US member through items, method and submit, then to the instructions', async () => {
    const { requests } = serve();
    const { user, currentUrl } = renderApp(`/orders/return-items/${ORDER}?selected=00012345678905`, {
      member: true,
      flags: { enableStoreSelector: false, sendStoreReturnEmail: true, emeaPaperless: true },
    });
    // The first test loads the lazy page and the catalogue: give a busy machine time.
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Return items' }, { timeout: 10_000 }),
    ).toBeInTheDocument();
    // The pre-selected item is checked; the final-sale one cannot be, and says why.
    const boxes = await screen.findAllByRole('checkbox');
    expect(boxes[0]).toBeChecked();
    expect(boxes[1]).toBeDisabled();
    expect(screen.getByText('Final sale items cannot be returned.')).toBeInTheDocument();
    const continueButton = () => screen.getAllByRole('button', { name: 'Continue' })[0]!;
    // No reason yet, and no error either until the shopper tries to go on (walk minor 3).
    expect(screen.queryByText('Choose a reason for this item.')).not.toBeInTheDocument();
    await user.click(continueButton());
    expect(screen.getByText('Choose a reason for this item.')).toBeInTheDocument();
    expect(screen.getByLabelText('Reason for return')).toHaveFocus();
    expect(screen.getByLabelText('Reason for return')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.queryByRole('group', { name: 'Choose how to return' })).not.toBeInTheDocument();
    await user.selectOptions(screen.getByLabelText('Reason for return'), 'tooBig');
    expect(screen.queryByText('Choose a reason for this item.')).not.toBeInTheDocument();
    await user.selectOptions(screen.getByLabelText('Quantity'), '1');
    await user.type(screen.getByLabelText('Tell us more (optional)'), 'Half a size big');
    expect(screen.getByText('15 of 140 characters')).toBeInTheDocument();
    const summary = within(screen.getByRole('complementary', { name: 'Return summary' }));
    expect(summary.getByText('Estimated refund').parentElement).toHaveTextContent('$129.60');
    expect(await violations()).toEqual([]);
    await user.click(continueButton());

    expect(await screen.findByRole('group', { name: 'Choose how to return' })).toBeInTheDocument();
    expect(await violations()).toEqual([]);
    const submit = () => screen.getAllByRole('button', { name: 'Submit return' })[0]!;
    expect(submit()).toBeDisabled();
    await user.click(screen.getByRole('radio', { name: /Return to a store/ }));
    expect(
      screen.getByText('Refunded to your original payment method 2-5 business days after we receive your return.'),
    ).toBeInTheDocument();
    await user.click(submit());

    expect(await screen.findByText('Your return was submitted')).toBeInTheDocument();
    const [capture] = captures(requests);
    expect(capture?.headers.get('Idempotency-Key')).toBeTruthy();
    expect(capture?.body).toMatchObject({
      orderNumber: ORDER,
      captureSystem: 'nike.digital.web',
      methodId: 'returnToStore',
      orderLines: [
        {
          quantity: 1,
          reasonCode: '1',
          reasonText: "Doesn't Fit",
          comment: 'Half a size big',
          universalProductCode: '00012345678905',
        },
      ],
    });
    expect(capture?.body).not.toHaveProperty('returnMethod');
    await waitFor(
      () => {
        expect(currentUrl()).toBe('/orders/return-instructions/R0000000042?pageView=true&emailSent=true');
      },
      { timeout: 5000 },
    );
    // The choice is remembered for this order.
    expect(localStorage.getItem('orders.returnMethods')).toContain('"returnMethod":"returnToStore"');
  }, 15_000);

  it("says to take the items to a store, and sends nothing, where the server says the method creates no return online (Korea's store return, 001 §4.2)", async () => {
    const { requests } = serve({
      wire: {
        methods: [
          returnMethod({
            id: 'returnToStore',
            returnMethod: 'returnToStore',
            serviceType: 'STORE_DROP_OFF',
            createsReturn: false,
          }),
        ],
      },
    });
    const { user } = renderApp(`/orders/return-items/${ORDER}?selected=00012345678905`, {
      member: true,
      flags: { enableStoreSelector: false },
    });
    await user.selectOptions(await screen.findByLabelText('Reason for return', {}, { timeout: 10_000 }), 'tooBig');
    await user.click(screen.getAllByRole('button', { name: 'Continue' })[0]!);
    const submit = await screen.findAllByRole('button', { name: /Submit return|Get instructions/ });
    await user.click(submit[0]!);
    expect(await screen.findByRole('heading', { level: 1, name: 'Return it at a store' })).toBeInTheDocument();
    expect(screen.getByText(/The store takes the return from your order/)).toBeInTheDocument();
    expect(captures(requests)).toEqual([]);
  });

  it("says before a method is chosen when the order's refund arrives, as the server says (EMEA: up to 10 business days)", async () => {
    serve({ wire: { refundArrival: { destination: 'ORIGINAL_PAYMENT', businessDaysMin: 2, businessDaysMax: 10 } } });
    renderApp(`/orders/return-items/${ORDER}?selected=00012345678905`, { member: true });
    const summary = within(await screen.findByRole('complementary', { name: 'Return summary' }, { timeout: 10_000 }));
    expect(
      summary.getByText('Refunded to your original payment method 2-10 business days after we receive your return.'),
    ).toBeInTheDocument();
  });

  it('says the step count only once it is known, so it never jumps (walk minor 3)', async () => {
    serve();
    const { user } = renderApp(`/orders/return-items/${ORDER}?selected=00012345678905`, {
      member: true,
      flags: { enableStoreSelector: true },
    });
    await user.selectOptions(await screen.findByLabelText('Reason for return', {}, { timeout: 10_000 }), 'tooBig');
    // A store return takes three steps, a drop-off two: before the choice the count is not said.
    expect(screen.getByText(/Step 1$/)).toBeInTheDocument();
    expect(screen.queryByText(/Step \d of \d/)).not.toBeInTheDocument();
    await user.click(screen.getAllByRole('button', { name: 'Continue' })[0]!);
    await screen.findByRole('group', { name: 'Choose how to return' });
    expect(screen.getByText(/Step 2$/)).toBeInTheDocument();
    await user.click(screen.getByRole('radio', { name: /Return to a store/ }));
    expect(screen.getByText(/Step 2 of 3$/)).toBeInTheDocument();
    await user.click(screen.getByRole('radio', { name: /Carrier drop-off/ }));
    expect(screen.getByText(/Step 2 of 2$/)).toBeInTheDocument();
  });

  it("names a carrier's method by the carrier's selection title, else by the carrier (001 §3, L474)", async () => {
    serve({
      wire: {
        methods: [
          returnMethod({
            id: 'upsDropoff|ups',
            returnMethod: 'upsDropoff',
            carrierId: 'ups',
            carrierName: 'UPS',
            selectionTitle: 'Drop off at a UPS Access Point',
          }),
          returnMethod({ id: 'dropoff|usps', returnMethod: 'DROPOFF_RETURN', carrierId: 'usps', carrierName: 'USPS' }),
        ],
      },
    });
    const { user } = renderApp(`/orders/return-items/${ORDER}?selected=00012345678905`, { member: true });
    await user.selectOptions(await screen.findByLabelText('Reason for return', {}, { timeout: 10_000 }), 'tooBig');
    await user.click(screen.getAllByRole('button', { name: 'Continue' })[0]!);
    expect(await screen.findByRole('radio', { name: /Drop off at a UPS Access Point/ })).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: /USPS/ })).toBeInTheDocument();
  });

  it('shows Return Not Submitted, and the retry sends the same Idempotency-Key', async () => {
    const { requests } = serve({ captureStatus: 503 });
    const { user } = renderApp(`/orders/return-items/${ORDER}?selected=00012345678905`, {
      member: true,
      flags: { enableStoreSelector: false, sendStoreReturnEmail: true, emeaPaperless: true },
    });
    const dialog = await submitDropOffUntilNotSubmitted(user);
    expect(dialog).toHaveTextContent('We could not finalize your return because of a networking error.');
    await user.click(within(dialog).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('Your return was submitted')).toBeInTheDocument();
    const [first, second] = captures(requests);
    expect(second?.headers.get('Idempotency-Key')).toBe(first?.headers.get('Idempotency-Key'));
  }, 15_000);

  it('says a refusal by its code, with no Retry that cannot succeed (the item was returned from another tab)', async () => {
    serve({ captureStatus: 409, captureCode: 'return-quantity-exceeded' });
    const { user } = renderApp(`/orders/return-items/${ORDER}?selected=00012345678905`, {
      member: true,
      flags: { enableStoreSelector: false, sendStoreReturnEmail: true, emeaPaperless: true },
    });
    const dialog = await submitDropOffUntilNotSubmitted(user);
    expect(dialog).toHaveTextContent('These items have already been returned.');
    expect(dialog).not.toHaveTextContent('networking error');
    expect(within(dialog).queryByRole('button', { name: 'Retry' })).not.toBeInTheDocument();
  }, 15_000);

  it('says a carrier that never answered (job FAILED service-unavailable) and offers Retry', async () => {
    const error = { httpStatus: 503, code: 'service-unavailable', message: 'carrier API did not answer' };
    serve({ jobs: [{ id: 'J1', status: 'FAILED', error }] });
    const { user } = renderApp(`/orders/return-items/${ORDER}?selected=00012345678905`, {
      member: true,
      flags: { enableStoreSelector: false, sendStoreReturnEmail: true, emeaPaperless: true },
    });
    const dialog = await submitDropOffUntilNotSubmitted(user);
    expect(dialog).toHaveTextContent("A service your return needs isn't answering right now");
    expect(dialog).not.toHaveTextContent('networking error');
    expect(within(dialog).getByRole('button', { name: 'Retry' })).toBeInTheDocument();
  }, 15_000);

  it('gives up after 20 polls and offers a retry', async () => {
    serve({ jobs: [{ id: 'J1', status: 'PENDING', eta: 0, response: { returnOrderNumber: 'R0000000042' } }] });
    const { user } = renderApp(`/orders/return-items/${ORDER}?selected=00012345678905`, {
      member: true,
      flags: { enableStoreSelector: false, sendStoreReturnEmail: true, emeaPaperless: true },
    });
    await user.selectOptions(await screen.findByLabelText('Reason for return'), 'tooBig');
    await user.click(screen.getAllByRole('button', { name: 'Continue' })[0]!);
    await user.click(await screen.findByRole('radio', { name: /Carrier drop-off/ }));
    await user.click(screen.getAllByRole('button', { name: 'Submit return' })[0]!);
    expect(await screen.findByRole('dialog', { name: 'Return not submitted' })).toBeInTheDocument();
  }, 15_000);
});

it('prompts a guest to sign in, then picks a store in pages of 3 and sends it with the return', async () => {
  localStorage.clear();
  const { requests } = serve({ wire: { asMember: false, loginPrompt: true } });
  const { user } = renderApp(`/orders/return-items/${ORDER}?selected=00012345678905`, {
    visitor: { email: 'jane@example.com' },
  });
  await user.selectOptions(await screen.findByLabelText('Reason for return'), 'tooBig');
  await user.click(screen.getAllByRole('button', { name: 'Continue' })[0]!);
  const prompt = await screen.findByRole('dialog', { name: 'Log in for free shipping' });
  expect(within(prompt).getByRole('link', { name: 'Log in' })).toHaveAttribute(
    'href',
    expect.stringContaining('/orders/signin?redirectPath='),
  );
  await user.click(within(prompt).getByRole('button', { name: 'Proceed as guest' }));
  await user.click(screen.getByRole('radio', { name: /Return to a store/ }));
  await user.click(screen.getAllByRole('button', { name: 'Find a store' })[0]!);
  const stores = await screen.findByRole('group', { name: 'Choose a store' });
  expect(within(stores).getAllByRole('radio')).toHaveLength(3);
  expect(within(stores).getAllByText('Open now')).toHaveLength(2);
  await user.click(screen.getByRole('button', { name: 'Next' }));
  await user.click(await screen.findByRole('radio', { name: /Brooklyn/ }));
  await user.click(screen.getAllByRole('button', { name: 'Submit return' })[0]!);
  expect(await screen.findByText('Your return was submitted')).toBeInTheDocument();
  const capture = requests.find((request) => request.url.pathname === '/order_mgmt/user_return_captures/v1');
  expect(capture?.body).toMatchObject({ storeId: 'S4', methodId: 'returnToStore' });
  // A guest's calls carry the guest filter, POSTs too.
  expect(capture?.url.searchParams.get('filter')).toBe('email(jane@example.com)');
  expect(JSON.parse(localStorage.getItem('orders.returnMethods') ?? '[]')).toEqual([
    expect.objectContaining({ orderNumber: ORDER, returnMethod: 'returnToStore', selectedStore: 'S4' }),
  ]);
}, 20_000);

describe('the country-mismatch prompt in the wizard (001 §5)', () => {
  const withShipFrom = (country: string) => () =>
    json({ ...detail(), shipFrom: { address: { country, lines: ['1 Main St'] }, recipient: { firstName: 'Jane' } } });

  it("says where returns are made and links the country's contact page, not a missing Profile page (walk minor 1)", async () => {
    const gb = countryConfig('gb');
    mockFetch([
      configRoute(gb),
      { path: `/orders/history/v1/${ORDER}`, respond: withShipFrom('US') },
      { path: `/order_mgmt/return_options/v1/${ORDER}`, respond: () => json(options()) },
    ]);
    renderApp(`/gb/orders/return-items/${ORDER}?selected=00012345678905`, { member: true, loadConfig: true });
    const banner = (await screen.findByText('Update your location', {}, { timeout: 10_000 })).parentElement!;
    expect(banner).toHaveTextContent('Returns must be made in the country where your order shipped.');
    expect(banner).not.toHaveTextContent('Profile');
    expect(within(banner).getByRole('link', { name: 'Contact us for help with this return' })).toHaveAttribute(
      'href',
      gb.help.contact ?? gb.help.generic,
    );
  });

  it('links this return on the site of the country the order shipped from (walk minor 1)', async () => {
    mockFetch([
      { path: `/orders/history/v1/${ORDER}`, respond: withShipFrom('US') },
      { path: `/order_mgmt/return_options/v1/${ORDER}`, respond: () => json(options()) },
    ]);
    renderApp(`/gb/orders/return-items/${ORDER}?selected=00012345678905`, { member: true });
    const banner = (await screen.findByText('Update your location')).parentElement!;
    expect(within(banner).getByRole('link', { name: 'Open this return on the United States site' })).toHaveAttribute(
      'href',
      `/us/orders/return-items/${ORDER}?selected=00012345678905`,
    );
  });

  it('offers the right of withdrawal in words that fit every country the server opens it for, the UK included', async () => {
    mockFetch([
      { path: `/orders/history/v1/${ORDER}`, respond: withShipFrom('GB') },
      {
        path: `/order_mgmt/return_options/v1/${ORDER}`,
        respond: () => json(options({ withdrawalAvailable: true, withdrawalDeadline: '2026-12-20T10:00:00Z' })),
      },
    ]);
    renderApp(`/gb/orders/return-items/${ORDER}?selected=00012345678905`, { member: true });
    const offer = await screen.findByText(/legal right to withdraw from this order within 14 days of delivery/);
    expect(offer).not.toHaveTextContent('EU');
    expect(within(offer).getByRole('link')).toHaveAttribute('href', `/gb/orders/withdrawal/${ORDER}`);
  });

  it('follows the ship-from country and the order-mismatch flag', async () => {
    // A US order shipped from Great Britain, opened on the GB site: same country, no prompt.
    mockFetch([
      { path: `/orders/history/v1/${ORDER}`, respond: withShipFrom('GB') },
      { path: `/order_mgmt/return_options/v1/${ORDER}`, respond: () => json(options()) },
    ]);
    const first = renderApp(`/gb/orders/return-items/${ORDER}?selected=00012345678905`, { member: true });
    await screen.findByLabelText('Reason for return');
    expect(screen.queryByText('Update your location')).not.toBeInTheDocument();
    first.unmount();

    // Shipped from the US, opened on the GB site: the prompt, unless the flag is off.
    mockFetch([
      { path: `/orders/history/v1/${ORDER}`, respond: withShipFrom('US') },
      { path: `/order_mgmt/return_options/v1/${ORDER}`, respond: () => json(options()) },
    ]);
    const second = renderApp(`/gb/orders/return-items/${ORDER}?selected=00012345678905`, { member: true });
    expect(await screen.findByText('Update your location')).toBeInTheDocument();
    second.unmount();
    renderApp(`/gb/orders/return-items/${ORDER}?selected=00012345678905`, {
      member: true,
      flags: { enableOrderMismatchModal: false },
    });
    await screen.findByLabelText('Reason for return');
    expect(screen.queryByText('Update your location')).not.toBeInTheDocument();
  });
});

describe("the method's change-your-mind list (001 §2.1, audit L433)", () => {
  beforeEach(() => {
    localStorage.clear();
  });

  it("brings back the order's saved method with the other methods to switch to, and saves the switch", async () => {
    serve();
    saveMethod({ orderNumber: ORDER, returnMethod: 'upsDropoff|ups' });
    const { user } = renderApp(`/orders/return-items/${ORDER}?selected=00012345678905`, {
      member: true,
      flags: { enableStoreSelector: false },
    });
    await user.selectOptions(await screen.findByLabelText('Reason for return', {}, { timeout: 10_000 }), 'tooBig');
    await user.click(screen.getAllByRole('button', { name: 'Continue' })[0]!);
    expect(await screen.findByRole('radio', { name: /Carrier drop-off/ })).toBeChecked();
    // A method is chosen: Submit may be pressed, and the store return waits in the list.
    expect(screen.getAllByRole('button', { name: 'Submit return' })[0]).toBeEnabled();
    const list = screen.getByRole('region', { name: 'Changed your mind?' });
    expect(within(list).queryByRole('button', { name: /Carrier drop-off/ })).not.toBeInTheDocument();
    await user.click(within(list).getByRole('button', { name: /Return to a store/ }));

    expect(screen.getByRole('radio', { name: /Return to a store/ })).toBeChecked();
    expect(screen.getByRole('radio', { name: /Return to a store/ })).toHaveFocus();
    expect(within(list).getByRole('button', { name: /Carrier drop-off/ })).toBeInTheDocument();
    expect(JSON.parse(localStorage.getItem('orders.returnMethods') ?? '[]')).toEqual([
      expect.objectContaining({ orderNumber: ORDER, returnMethod: 'returnToStore' }),
    ]);
    expect(await violations()).toEqual([]);
  });

  it('offers every method with Submit off until one is chosen, and the list when the step opens again', async () => {
    serve();
    const { user } = renderApp(`/orders/return-items/${ORDER}?selected=00012345678905`, {
      member: true,
      flags: { enableStoreSelector: false },
    });
    await user.selectOptions(await screen.findByLabelText('Reason for return', {}, { timeout: 10_000 }), 'tooBig');
    await user.click(screen.getAllByRole('button', { name: 'Continue' })[0]!);
    await screen.findByRole('group', { name: 'Choose how to return' });
    expect(screen.getAllByRole('radio')).toHaveLength(2);
    expect(screen.queryByRole('region', { name: 'Changed your mind?' })).not.toBeInTheDocument();
    expect(screen.getAllByRole('button', { name: 'Submit return' })[0]).toBeDisabled();
    await user.click(screen.getByRole('radio', { name: /Carrier drop-off/ }));
    expect(screen.getAllByRole('button', { name: 'Submit return' })[0]).toBeEnabled();
    // While choosing, the boxes stay put (the arrow keys move through them).
    expect(screen.getAllByRole('radio')).toHaveLength(2);

    await user.click(screen.getByRole('link', { name: 'Back' }));
    await user.click((await screen.findAllByRole('button', { name: 'Continue' }))[0]!);
    const list = await screen.findByRole('region', { name: 'Changed your mind?' });
    expect(screen.getByRole('radio', { name: /Carrier drop-off/ })).toBeChecked();
    expect(within(list).getByRole('button', { name: /Return to a store/ })).toBeInTheDocument();
  });
});

describe('sign-in for guests on the methods that cost them (001 §6, audit L572)', () => {
  const WIZARD = `/au/orders/return-items/${ORDER}?selected=00012345678905`;
  const aud = (amount: string) => ({ amount, currency: 'AUD' });

  /** An Australian order returned by a guest: the drop-off costs A$9.95, taken from the refund. */
  function serveAustralia() {
    return mockFetch([
      { path: `/orders/history/v1/${ORDER}`, respond: () => json({ ...detail(), country: 'AU', currency: 'AUD' }) },
      {
        path: `/order_mgmt/return_options/v1/${ORDER}`,
        respond: () =>
          json(
            options({
              country: 'AU',
              currency: 'AUD',
              asMember: false,
              methods: [
                returnMethod({ id: 'returnToStore', returnMethod: 'returnToStore', serviceType: 'STORE_DROP_OFF' }),
                returnMethod({
                  id: 'DROPOFF_RETURN|AUSPOST',
                  returnMethod: 'DROPOFF_RETURN',
                  carrierId: 'AUSPOST',
                  carrierName: 'Australia Post',
                  price: aud('9.95'),
                  refundDeduction: aud('9.95'),
                }),
              ],
            }),
          ),
      },
    ]);
  }

  it('puts a sign-in link on the drop-off and its fee, coming back to this step after signing in', async () => {
    serveAustralia();
    const { user, currentUrl } = renderApp(WIZARD, { visitor: { email: 'jane@example.com' } });
    await user.selectOptions(await screen.findByLabelText('Reason for return', {}, { timeout: 10_000 }), 'tooBig');
    await user.click(screen.getAllByRole('button', { name: 'Continue' })[0]!);
    const dropOff = (await screen.findByRole('radio', { name: /Carrier drop-off/ })).closest('.return-method')!;
    expect(dropOff).toHaveTextContent('$9.95 deducted from your refund');
    expect(dropOff).toHaveTextContent('Members return for free, with nothing deducted.');
    const signIn = within(dropOff as HTMLElement).getByRole('link', { name: 'Log in for free shipping' });
    const target = new URL(signIn.getAttribute('href') ?? '', 'http://localhost');
    expect(target.pathname).toBe('/au/orders/signin');
    expect(target.searchParams.get('redirectPath')).toBe(`${WIZARD}&step=method`);
    // The store return is free for everyone: no offer there, and no generic line above the boxes.
    const store = screen.getByRole('radio', { name: /Return to a store/ }).closest('.return-method')!;
    expect(within(store as HTMLElement).queryByRole('link')).not.toBeInTheDocument();
    expect(screen.queryByText(/Guests pay for return shipping/)).not.toBeInTheDocument();

    await user.click(signIn);
    await screen.findByRole('heading', { level: 1, name: 'Sign in' });
    act(() => {
      signInMember({ accessToken: 'token-123', upmId: 'member-1', expiresIn: 3600 });
    });
    // Signed in, the shopper is back on the method step with the reason kept.
    await waitFor(() => {
      expect(currentUrl()).toBe(`${WIZARD}&step=method`);
    });
    expect(await screen.findByRole('group', { name: 'Choose how to return' }, { timeout: 10_000 })).toBeVisible();
  }, 20_000);
});
