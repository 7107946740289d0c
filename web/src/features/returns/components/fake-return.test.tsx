import { screen, within } from '@testing-library/react';
import { beforeEach, expect, it } from 'vitest';
import { order, orderItem, returnLine, returnMethod, returnOptions } from '@/test/fixtures';
import { json, mockFetch } from '@/test/mock-fetch';
import { configRoute, countryConfig } from '@/test/country-config';
import { renderApp } from '@/test/render-app';

const ORDER = 'C0012345678';

/** enableFakeReturn is decided by the server: on, the capture answers this mock (200, `fake`). */
function serve(fake: boolean) {
  return mockFetch([
    configRoute(countryConfig('us')),
    {
      path: `/orders/history/v1/${ORDER}`,
      respond: () =>
        json(order({ orderNumber: ORDER, groups: [{ ...order().groups[0]!, orderItems: [orderItem()] }] })),
    },
    {
      path: `/order_mgmt/return_options/v1/${ORDER}`,
      respond: () =>
        json({
          ...returnOptions({ orderNumber: ORDER }),
          orderLines: [returnLine({ lineNumber: 1, gtin: '00012345678905', returnableQuantity: 1 })],
          methods: [
            returnMethod({ id: 'upsDropoff|ups', returnMethod: 'upsDropoff', carrierId: 'ups', carrierName: 'UPS' }),
          ],
          reasons: [{ appCode: 'tooBig', reasonCode: '1', text: "Doesn't Fit" }],
        }),
    },
    {
      method: 'POST',
      path: '/order_mgmt/user_return_captures/v1',
      respond: () =>
        fake
          ? json({
              fake: true,
              returnOrder: {
                orderNumber: ORDER,
                returnMethod: 'upsDropoff',
                carrierName: 'UPS',
                lines: [{ universalProductCode: '00012345678905', quantity: 1, reasonCode: '1' }],
              },
            })
          : json({ jobId: 'J1', response: { returnOrderNumber: 'R0000000042' } }, 202),
    },
    {
      path: '/order_mgmt/user_return_captures_jobs/v1/J1',
      respond: () => json({ id: 'J1', status: 'COMPLETED', eta: 0, response: { returnOrderNumber: 'R0000000042' } }),
    },
  ]);
}

async function submitOneItem(fake: boolean) {
  const { requests } = serve(fake);
  const rendered = renderApp(`/orders/return-items/${ORDER}?selected=00012345678905`, { member: true });
  const { user } = rendered;
  expect(await screen.findByRole('heading', { level: 1, name: 'Return items' }, { timeout: 10_000 })).toBeVisible();
  await user.selectOptions(await screen.findByLabelText('Reason for return'), 'tooBig');
  await user.click(screen.getAllByRole('button', { name: 'Continue' })[0]!);
  await screen.findByRole('group', { name: 'Choose how to return' });
  await user.click(screen.getAllByRole('button', { name: 'Submit return' })[0]!);
  return { ...rendered, requests };
}

beforeEach(() => {
  localStorage.clear();
});

it('enableFakeReturn on: shows the mock return order, marked as a demo, and goes nowhere', async () => {
  const { requests, currentUrl } = await submitOneItem(true);
  expect(await screen.findByRole('heading', { level: 1, name: 'Demo return: nothing was created' })).toBeVisible();
  expect(screen.getByRole('alert')).toHaveTextContent('no return was made');
  const items = within(screen.getByRole('region', { name: 'Items in this demo return' }));
  expect(items.getByText('1 × Air Runner 2')).toBeVisible();
  expect(items.getByText(/Return method: Carrier drop-off · UPS/)).toBeVisible();
  expect(screen.getByRole('link', { name: 'Back to order details' })).toHaveAttribute('href', `/orders/sales/${ORDER}`);
  // No job is polled and there is no return to open.
  expect(requests.some((request) => request.url.pathname.includes('user_return_captures_jobs'))).toBe(false);
  // Still the wizard's last step (walk minor 2: the step is in the URL).
  expect(currentUrl()).toBe(`/orders/return-items/${ORDER}?selected=00012345678905&step=method`);
  expect(screen.queryByText('Your return was submitted')).not.toBeInTheDocument();
}, 20_000);

it('enableFakeReturn off: the same submit creates the return', async () => {
  await submitOneItem(false);
  expect(await screen.findByText('Your return was submitted')).toBeVisible();
  expect(screen.queryByText('Demo return: nothing was created')).not.toBeInTheDocument();
}, 20_000);
