import { expect, test } from '@playwright/test';
import { expectNoAxeViolations, shot } from './fixtures';

test('a guest finds an order by number and e-mail', async ({ page }) => {
  await page.goto('/orders/details');
  await expect(page).toHaveTitle(/Guest Order Lookup/);
  await expectNoAxeViolations(page, 'guest lookup');
  const submit = page.getByRole('button', { name: 'Find order' });
  await expect(submit).toBeDisabled();
  await page.getByLabel('Order number').fill('C00000000001');
  await page.getByLabel('Email address').fill('guest@example.com');
  await expect(submit).toBeEnabled();
  await shot(page, 'guest-lookup');
  await submit.click();
  await expect(page.getByRole('heading', { level: 1, name: 'Order C00000000001' })).toBeVisible();
  await expect(page.getByRole('link', { name: /Track shipment/ }).first()).toBeVisible();
  await shot(page, 'guest-order-detail');
  await expectNoAxeViolations(page, 'guest order detail');
});

test('a guest with the wrong e-mail sees the service error and field rules', async ({ page }) => {
  await page.goto('/gb/orders/details/C00000000002');
  await expect(page.getByLabel('Order number')).toHaveValue('C00000000002');
  await page.getByLabel('Email address').fill('someone.else@example.com');
  await page.getByRole('button', { name: 'Find order' }).click();
  await expect(page.getByRole('alert')).toContainText("We couldn't find an order");
  await shot(page, 'guest-not-found');

  await page.getByLabel('Order number').fill('C0-1');
  await expect(page.getByText('Please enter a valid order number.')).toBeVisible();
  await expectNoAxeViolations(page, 'guest lookup with errors');
});

test('a guest finds an order by phone', async ({ page }) => {
  await page.goto('/gb/orders/details');
  await page.getByLabel('Order number').fill('C00000000002');
  await page.getByLabel('Country code').selectOption('44');
  await page.getByLabel('Phone number').fill('7700900123');
  await page.getByRole('button', { name: 'Find order' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Order C00000000002' })).toBeVisible();
});
