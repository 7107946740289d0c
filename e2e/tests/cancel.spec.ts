import { expect, test } from '@playwright/test';
import { expectNoAxeViolations, memberWithOrder, shot, signIn } from './fixtures';

test('the cancel button counts down and goes away at the deadline without a reload', async ({ page, request }) => {
  // Placed 29 min 35 s ago: about 25 seconds of the 30-minute window are left. Creating the member, signing
  // in (two password hashes) and opening the page must fit in them; on a busy 2-core runner 8 seconds did
  // not always.
  test.setTimeout(90_000);
  const email = await memberWithOrder(request, 'E2EC000001', 30 * 60 * 1000 - 25_000);
  await signIn(page, email);
  await page.goto('/orders/sales/E2EC000001');
  const button = page.getByRole('button', { name: 'Cancel order' });
  await expect(button).toBeVisible();
  await expect(page.getByText(/You can cancel for another 0:[0-2]\d/)).toBeVisible();
  await shot(page, 'cancel-countdown');
  await expectNoAxeViolations(page, 'order with the cancel countdown');
  let reloaded = false;
  page.on('framenavigated', () => { reloaded = true; });
  await expect(button).toBeHidden({ timeout: 40_000 });
  expect(reloaded).toBe(false);
});

test('a member cancels an order in the dialog', async ({ page, request }) => {
  const email = await memberWithOrder(request, 'E2EC000002', 60_000);
  await signIn(page, email);
  await page.goto('/orders/sales/E2EC000002');
  await page.getByRole('button', { name: 'Cancel order' }).click();
  const confirm = page.getByRole('dialog', { name: 'Cancel order' });
  await expect(confirm).toBeVisible();
  await shot(page, 'cancel-confirming');
  await expectNoAxeViolations(page, 'cancel dialog, confirming');
  await confirm.getByRole('button', { name: 'Yes, cancel order' }).click();
  const done = page.getByRole('dialog', { name: 'Order cancelled' });
  await expect(done).toBeVisible();
  await shot(page, 'cancel-complete');
  await expectNoAxeViolations(page, 'cancel dialog, complete');
  await done.getByRole('button', { name: 'Close' }).click();
  await expect(page.getByText(/^Cancelled on /)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Cancel order' })).toBeHidden();
  await expect(page.getByRole('region', { name: 'Your money' })).toContainText('Released (order cancelled)');
  await shot(page, 'cancel-cancelled-with-money-timeline');
});

test('a deferred payment is approved, another declined, at the sandbox provider', async ({ page, request }) => {
  const email = await memberWithOrder(request, 'E2EP000001', 60_000, 'alipay');
  await signIn(page, email);
  await page.goto('/orders/sales/E2EP000001');
  await page.getByRole('button', { name: 'Pay now' }).click();
  await expect(page.getByRole('img', { name: 'QR code to pay for order E2EP000001' })).toBeVisible();
  await shot(page, 'deferred-payment-qr');
  await expectNoAxeViolations(page, 'deferred payment QR code');
  await page.getByRole('link', { name: 'Open the payment page' }).click();
  await expect(page.getByRole('heading', { name: 'Sandbox payment provider' })).toBeVisible();
  await page.getByRole('button', { name: 'Approve payment' }).click();
  await expect(page).toHaveURL(/\/orders\/sales\/E2EP000001\?payment=success$/);
  await expect(page.getByText('Payment received')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Pay now' })).toBeHidden();
  await shot(page, 'deferred-payment-approved');

  const other = await memberWithOrder(request, 'E2EP000002', 60_000, 'klarna');
  await signIn(page, other);
  await page.goto('/orders/sales/E2EP000002');
  await page.getByRole('button', { name: 'Pay now' }).click();
  await page.getByRole('link', { name: 'Open the payment page' }).click();
  await page.getByRole('button', { name: 'Decline payment' }).click();
  await expect(page).toHaveURL(/\/orders\/sales\/E2EP000002\?payment=failure$/);
  await expect(page.getByText("Your payment didn't go through", { exact: false })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Pay now' })).toBeVisible();
  await shot(page, 'deferred-payment-declined');
});
