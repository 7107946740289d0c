import { screen, waitFor } from '@testing-library/react';
import { beforeEach, expect, it } from 'vitest';
import { order, orderItem, returnLine, returnMethod, returnOptions } from '@/test/fixtures';
import { deferred, json, mockFetch } from '@/test/mock-fetch';
import { renderApp } from '@/test/render-app';

/**
 * Walk minor 2: each wizard step is a browser history entry (`?step=`), so the browser's Back and Forward
 * move between steps with the choices kept, and Back after submitting never reopens the submitted wizard.
 */
const ORDER = 'C0012345678';
const GTIN = '00012345678905';
const WIZARD = `/orders/return-items/${ORDER}?selected=${GTIN}`;

/**
 * The server's answers; once a return is captured the line has nothing left to return. With
 * `holdAfterCapture`, the options answered after the capture wait for `release()`.
 */
function serve({ holdAfterCapture = false } = {}) {
  let captured = false;
  const held = deferred();
  const detail = order({
    orderNumber: ORDER,
    groups: [
      {
        ...order().groups[0]!,
        orderItems: [orderItem({ lineItemTransaction: { ...orderItem().lineItemTransaction, quantity: 2 } })],
      },
    ],
  });
  const options = () =>
    json({
      ...returnOptions({ orderNumber: ORDER }),
      orderLines: [
        returnLine({
          lineNumber: 1,
          gtin: GTIN,
          quantity: 2,
          returnableQuantity: captured ? 0 : 2,
          returnableFlag: !captured,
        }),
      ],
      methods: [
        returnMethod({ id: 'returnToStore', returnMethod: 'returnToStore', serviceType: 'STORE_DROP_OFF' }),
        returnMethod({ id: 'upsDropoff|ups', returnMethod: 'upsDropoff', carrierId: 'ups', carrierName: 'UPS' }),
      ],
      reasons: [{ appCode: 'tooBig', reasonCode: '1', text: "Doesn't Fit" }],
    });
  const mock = mockFetch([
    { path: `/orders/history/v1/${ORDER}`, respond: () => json(detail) },
    {
      path: `/order_mgmt/return_options/v1/${ORDER}`,
      respond: () => (captured && holdAfterCapture ? held.promise : options()),
    },
    {
      method: 'POST',
      path: '/order_mgmt/user_return_captures/v1',
      respond: () => {
        captured = true;
        return json({ jobId: 'J1', response: { returnOrderNumber: 'R0000000042' } }, 202);
      },
    },
    {
      path: '/order_mgmt/user_return_captures_jobs/v1/J1',
      respond: () => json({ id: 'J1', status: 'COMPLETED', eta: 0, response: { returnOrderNumber: 'R0000000042' } }),
    },
  ]);
  return {
    ...mock,
    release: () => {
      held.resolve(options());
    },
  };
}

const open = (url = WIZARD) =>
  renderApp(url, { member: true, flags: { enableStoreSelector: false }, browserHistory: true });

const methodStep = () => screen.findByRole('group', { name: 'Choose how to return' });

/** Gives the preselected line its reason and goes on to the method step. */
async function toMethodStep(user: ReturnType<typeof open>['user']) {
  await user.selectOptions(await screen.findByLabelText('Reason for return', {}, { timeout: 10_000 }), 'tooBig');
  await user.click(screen.getAllByRole('button', { name: 'Continue' })[0]!);
  await methodStep();
}

beforeEach(() => {
  localStorage.clear();
});

it("goes back a step with the browser's Back and on again with Forward, keeping the choices", async () => {
  serve();
  const { user, currentUrl } = open();
  await toMethodStep(user);
  expect(currentUrl()).toBe(`${WIZARD}&step=method`);
  await user.click(screen.getByRole('radio', { name: /Carrier drop-off/ }));

  window.history.back();
  expect(await screen.findByLabelText('Reason for return')).toHaveValue('tooBig');
  expect(currentUrl()).toBe(WIZARD);
  expect(screen.queryByRole('group', { name: 'Choose how to return' })).not.toBeInTheDocument();

  window.history.forward();
  await methodStep();
  expect(screen.getByRole('radio', { name: /Carrier drop-off/ })).toBeChecked();
  expect(screen.getAllByRole('button', { name: 'Submit return' })[0]).toBeEnabled();
}, 20_000);

it("goes back one step with the page's Back link, and from the first step to the order (001 §2.1)", async () => {
  serve();
  const { user, currentUrl } = open();
  await toMethodStep(user);
  await user.click(screen.getByRole('link', { name: 'Back' }));
  expect(await screen.findByLabelText('Reason for return')).toHaveValue('tooBig');
  expect(currentUrl()).toBe(WIZARD);
  expect(screen.getByRole('link', { name: 'Back to order details' })).toHaveAttribute('href', `/orders/sales/${ORDER}`);
}, 20_000);

it('opens a step named in the URL only when the steps before it are complete', async () => {
  serve();
  const { currentUrl } = open(`${WIZARD}&step=method`);
  // Nothing kept: the preselected line has no reason yet, so the wizard starts at the items step.
  expect(await screen.findByLabelText('Reason for return', {}, { timeout: 10_000 })).toHaveValue('');
  expect(screen.queryByRole('group', { name: 'Choose how to return' })).not.toBeInTheDocument();
  await waitFor(() => {
    expect(currentUrl()).toBe(WIZARD);
  });
});

it('does not reopen the submitted wizard with Back from the instructions, but starts over', async () => {
  const { requests, release } = serve({ holdAfterCapture: true });
  const { user, currentUrl } = open();
  await toMethodStep(user);
  await user.click(screen.getByRole('radio', { name: /Carrier drop-off/ }));
  await user.click(screen.getAllByRole('button', { name: 'Submit return' })[0]!);
  expect(await screen.findByText('Your return was submitted')).toBeInTheDocument();
  await waitFor(
    () => {
      expect(currentUrl()).toBe('/orders/return-instructions/R0000000042?pageView=true');
    },
    { timeout: 5000 },
  );

  // The instructions took the submitted step's place: Back lands on the wizard's first step, not on it.
  const landedOn: string[] = [];
  const onPop = () => landedOn.push(currentUrl());
  window.addEventListener('popstate', onPop);
  window.history.back();
  await waitFor(() => {
    expect(landedOn).toEqual([WIZARD]);
  });
  window.removeEventListener('popstate', onPop);
  // What may be returned is asked again, and nothing of the old answer (the line still returnable) shows
  // while it is.
  await waitFor(() => {
    expect(requests.filter((request) => request.url.pathname.includes('return_options'))).toHaveLength(2);
  });
  expect(screen.queryByRole('checkbox')).not.toBeInTheDocument();
  release();
  expect(await screen.findByRole('checkbox')).toBeDisabled();
  expect(screen.queryByText('Your return was submitted')).not.toBeInTheDocument();
  expect(screen.queryByRole('group', { name: 'Choose how to return' })).not.toBeInTheDocument();
}, 20_000);
