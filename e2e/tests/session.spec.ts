import { expect, test } from '@playwright/test';
import { historyRows, signIn } from './fixtures';

test('a member stays signed in across tabs and reloads, and signing out ends every tab', async ({ page, context }) => {
  await signIn(page, 'shopper@example.com');
  const cookies = await context.cookies();
  const session = cookies.find((cookie) => cookie.name === 'orders_session');
  expect(session?.httpOnly).toBe(true);
  expect(session?.sameSite).toBe('Lax');

  const second = await context.newPage();
  await second.goto('/orders');
  await expect(second.getByRole('heading', { level: 1, name: 'Orders' })).toBeVisible();
  await second.reload();
  await expect(second.getByRole('heading', { level: 1, name: 'Orders' })).toBeVisible();

  await page.getByRole('button', { name: 'Sign out' }).click();
  await expect(page).toHaveURL(/\/orders\/signin/);
  await second.goto('/orders');
  await expect(second).toHaveURL(/\/orders\/signin/);
});

test('a signed-out deep link to an order returns there after signing in', async ({ page }) => {
  await signIn(page, 'shopper@example.com');
  await historyRows(page).first().getByRole('heading', { level: 2 }).getByRole('link').click();
  const orderUrl = new URL(page.url()).pathname;
  await page.context().clearCookies();
  await page.evaluate(() => { sessionStorage.clear(); });
  await page.goto(orderUrl);
  await expect(page).toHaveURL(/\/orders\/(details|signin)/);
  if (page.url().includes('/orders/details')) {
    await page.getByRole('link', { name: /see all your orders/ }).click();
  }
  await page.getByLabel('Email').fill('shopper@example.com');
  await page.getByLabel('Password').fill('orders-demo');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(new RegExp(`${orderUrl.replace(/\/(sales|returns)\//, '/(sales|returns)/')}$`));
});
