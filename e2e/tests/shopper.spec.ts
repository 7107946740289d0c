import { expect, test } from '@playwright/test';
import { createReturnFixture, expectNoAxeViolations, historyRows, shot, signIn } from './fixtures';

test('a member signs in, opens the history, shows more and opens an order', async ({ page }) => {
  await signIn(page, 'shopper@example.com');
  await expect(page).toHaveTitle(/Member Orders/);
  const rows = historyRows(page);
  await expect(rows.first()).toBeVisible();
  const firstPage = await rows.count();
  expect(firstPage).toBeGreaterThan(5);
  await shot(page, 'history');
  await expectNoAxeViolations(page, 'order history');

  await page.getByRole('button', { name: 'Show more' }).click();
  await expect.poll(() => rows.count()).toBeGreaterThan(firstPage);
  await shot(page, 'history-show-more');

  await rows.first().getByRole('heading', { level: 2 }).getByRole('link').click();
  await expect(page).toHaveURL(/\/orders\/(sales|returns)\/[A-Za-z0-9]{4,32}$/);
  await expect(page.getByRole('heading', { level: 1, name: /^(Order|Return) [A-Z0-9]+/ })).toBeVisible();
  await expect(page.getByText('Order total').or(page.getByText('Refund total')).first()).toBeVisible();
  await expect(page).toHaveTitle(/Order Details/);
  await shot(page, 'sales-order-detail');
  await expectNoAxeViolations(page, 'sales order detail');
});

test('the partner list and a return order detail', async ({ page, request }) => {
  const fixture = await createReturnFixture(request);
  await signIn(page, fixture.email);
  await page.goto(`/gb/orders/returns/${fixture.returnOrder}`);
  await expect(page.getByRole('heading', { level: 1, name: `Return ${fixture.returnOrder}` })).toBeVisible();
  await expect(page.getByText('Return in progress').first()).toBeVisible();
  await expect(page.getByText(fixture.salesOrder)).toBeVisible();
  await shot(page, 'return-order-detail');
  await expectNoAxeViolations(page, 'return order detail');

  await signIn(page, 'shopper@example.com');
  await page.goto('/orders/partner');
  await expect(page.getByText(/Sold by/).first()).toBeVisible();
  await shot(page, 'partner-history');
  await expectNoAxeViolations(page, 'partner order history');
});

test('an empty history, and the French and Japanese pages', async ({ page }) => {
  await signIn(page, 'new.shopper@example.com');
  await expect(page.getByText("You haven't placed any orders yet.")).toBeVisible();
  await expectNoAxeViolations(page, 'empty history');

  await signIn(page, 'shopper.fr@example.com');
  await page.goto('/fr/fr/orders');
  await expect(page.locator('html')).toHaveAttribute('lang', /^fr/);
  await expect(page.getByRole('button', { name: /Afficher plus/i })).toBeVisible();
  // French words and a French long date, e.g. "Commandé le 3 novembre 2026".
  await expect(page.getByText(/Commandé le \d{1,2} [a-zéû]+\.? \d{4}/).first()).toBeVisible();
  await shot(page, 'history-fr');
  await expectNoAxeViolations(page, 'French history');

  await page.goto('/jp/ja/orders');
  await expect(page.locator('html')).toHaveAttribute('lang', /^ja/);
  await expect(historyRows(page).first()).toBeVisible();
  await expectNoAxeViolations(page, 'Japanese history');
});

test('unknown routes go to the history and a signed-out visitor goes to sign in', async ({ page }) => {
  await page.goto('/orders/not-a-page/at-all');
  await expect(page).toHaveURL(/\/orders\/signin/);
  // The page has loaded its country's configuration and shows its heading before it is checked.
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expectNoAxeViolations(page, 'sign in');
  await shot(page, 'sign-in');
  await page.getByLabel('Email').fill('shopper@example.com');
  await page.getByLabel('Password').fill('wrong-password');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('alert')).toContainText("doesn't match our records");
});

test('a store pickup order shows the store, its phone and opening hours', async ({ page, request }) => {
  const headers = { 'X-Ops-Key': 'e2e-ops-key' };
  const email = `pickup.${Date.now()}@example.com`;
  const member = await request.post('/ops/v1/members', {
    headers,
    data: { email, password: 'orders-demo', firstName: 'Pia', lastName: 'Pickup', country: 'US' },
  });
  const { upmId } = (await member.json()) as { upmId: string };
  const order = await request.post('/ops/v1/orders', {
    headers,
    data: {
      orderNumber: 'E2EPICKUP01', orderType: 'SALES_ORDER', country: 'US', currency: 'USD', upmId,
      orderDate: '2026-11-20T15:00:00Z', pickupStoreId: 'US-NYC-5TH', payments: [{ paymentType: 'credit_card', paymentDisplayNumber: '4242' }],
      lines: [{ lineNumber: 1, title: 'Club Cap', category: 'Unstructured Cap', color: 'Black', size: 'M', quantity: 2,
        unitPrice: 28, tax: 4.48, status: 'Ready for Pickup', imageUrl: '/images/products/cap/black/CLC233-001.svg' }],
    },
  });
  expect(order.status()).toBe(201);
  await signIn(page, email);
  await page.getByRole('link', { name: 'Order E2EPICKUP01' }).first().click();
  await expect(page.getByRole('heading', { level: 1, name: 'Order E2EPICKUP01' })).toBeVisible();
  await expect(page.getByText('Ready for pickup').first()).toBeVisible();
  await expect(page.getByText('Pickup store')).toBeVisible();
  await expect(page.getByText('Fifth Avenue')).toBeVisible();
  await expect(page.getByRole('link', { name: /212 555 0142/ })).toHaveAttribute('href', /^tel:/);
  await expect(page.getByText(/(Open|Closed) now/)).toBeVisible();
  await shot(page, 'pickup-order-detail');
  await expectNoAxeViolations(page, 'pickup order detail');
});
