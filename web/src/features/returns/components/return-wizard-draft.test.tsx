import { screen, waitFor } from '@testing-library/react';
import { beforeEach, expect, it } from 'vitest';
import { order, orderItem, returnLine, returnMethod, returnOptions } from '@/test/fixtures';
import { json, mockFetch } from '@/test/mock-fetch';
import { renderApp } from '@/test/render-app';
import { draftKey } from '../model/wizard-draft';

/** Walk minor 2: the wizard's choices survive a reload in the same tab, until the return is submitted. */
const ORDER = 'C0012345678';
const GTIN = '00012345678905';

function serve() {
  const detail = order({
    orderNumber: ORDER,
    groups: [
      {
        ...order().groups[0]!,
        orderItems: [orderItem({ lineItemTransaction: { ...orderItem().lineItemTransaction, quantity: 2 } })],
      },
    ],
  });
  return mockFetch([
    { path: `/orders/history/v1/${ORDER}`, respond: () => json(detail) },
    {
      path: `/order_mgmt/return_options/v1/${ORDER}`,
      respond: () =>
        json({
          ...returnOptions({ orderNumber: ORDER }),
          orderLines: [returnLine({ lineNumber: 1, gtin: GTIN, quantity: 2, returnableQuantity: 2 })],
          methods: [
            returnMethod({ id: 'returnToStore', returnMethod: 'returnToStore', serviceType: 'STORE_DROP_OFF' }),
            returnMethod({ id: 'upsDropoff|ups', returnMethod: 'upsDropoff', carrierId: 'ups', carrierName: 'UPS' }),
          ],
          reasons: [
            { appCode: 'tooBig', reasonCode: '1', text: "Doesn't Fit" },
            { appCode: 'notAsExpected', reasonCode: '6', text: 'Not As Expected' },
          ],
        }),
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

const open = (url = `/orders/return-items/${ORDER}`) =>
  renderApp(url, { member: true, flags: { enableStoreSelector: false } });

beforeEach(() => {
  localStorage.clear();
});

it('keeps lines, quantity, reason, comment and method over a reload, and forgets them once submitted', async () => {
  serve();
  const first = open(`/orders/return-items/${ORDER}?selected=${GTIN}`);
  await first.user.selectOptions(await screen.findByLabelText('Reason for return', {}, { timeout: 10_000 }), 'tooBig');
  await first.user.selectOptions(screen.getByLabelText('Quantity'), '1');
  await first.user.type(screen.getByLabelText('Tell us more (optional)'), 'Half a size big');
  await first.user.click(screen.getAllByRole('button', { name: 'Continue' })[0]!);
  await first.user.click(await screen.findByRole('radio', { name: /Carrier drop-off/ }));
  const reloaded = first.currentUrl();
  expect(reloaded).toBe(`/orders/return-items/${ORDER}?selected=${GTIN}&step=method`);
  first.unmount();

  // The reload (here: the page opened again at its URL) starts on the method step, with the method kept.
  const { user } = open(reloaded);
  expect(await screen.findByRole('radio', { name: /Carrier drop-off/ }, { timeout: 10_000 })).toBeChecked();
  await user.click(screen.getByRole('link', { name: 'Back' }));
  expect(await screen.findByRole('checkbox')).toBeChecked();
  expect(screen.getByLabelText('Reason for return')).toHaveValue('tooBig');
  expect(screen.getByLabelText('Quantity')).toHaveValue('1');
  expect(screen.getByLabelText('Tell us more (optional)')).toHaveValue('Half a size big');

  await user.click(screen.getAllByRole('button', { name: 'Continue' })[0]!);
  await user.click(screen.getAllByRole('button', { name: 'Submit return' })[0]!);
  expect(await screen.findByText('Your return was submitted')).toBeInTheDocument();
  await waitFor(() => {
    expect(sessionStorage.getItem(draftKey(ORDER))).toBeNull();
  });
}, 20_000);

it('starts over where the kept choices no longer fit what the server offers', async () => {
  serve();
  sessionStorage.setItem(
    draftKey(ORDER),
    JSON.stringify({
      step: 'method',
      selection: { 1: { checked: true, quantity: 9, reason: 'noLongerOffered', comment: '' } },
      methodId: 'courierPickup|gone',
      storeId: null,
      pickup: {},
    }),
  );
  const { currentUrl } = open(`/orders/return-items/${ORDER}?step=method`);
  // A line without a reason cannot be past the items step; the kept quantity is more than may be returned.
  expect(await screen.findByRole('checkbox', {}, { timeout: 10_000 })).toBeChecked();
  // The URL says the step shown, so Back never returns to the one that could not open.
  await waitFor(() => {
    expect(currentUrl()).toBe(`/orders/return-items/${ORDER}`);
  });
  expect(screen.getByLabelText('Reason for return')).toHaveValue('');
  expect(screen.getByLabelText('Quantity')).toHaveValue('2');
});

it('ignores a kept entry that is not a draft', async () => {
  serve();
  sessionStorage.setItem(draftKey(ORDER), '{not json');
  open(`/orders/return-items/${ORDER}?selected=${GTIN}`);
  expect(await screen.findByRole('checkbox', {}, { timeout: 10_000 })).toBeChecked();
  expect(screen.getByLabelText('Reason for return')).toHaveValue('');
});
