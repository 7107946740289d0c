import { type Page, expect, test } from '@playwright/test';
import { expectNoAxeViolations, shot, signIn } from './fixtures';

// The demo orders of crates/server/src/seed/modals.rs (README, "Order modals"), all of shopper@example.com.
const TWO_SHIPMENTS = 'C00000000201';
const WITH_RETURNS = 'C00000000202';
const PLACED_IN_GB = 'C00000000204';

/** Whether the focused element is inside the open dialog. */
const focusInDialog = (page: Page) => page.evaluate(() => !!document.activeElement?.closest('[role="dialog"]'));

test('track shipments: carriers and links, focus trapped, Escape closes and focus returns', async ({ page }) => {
  await signIn(page, 'shopper@example.com');
  await page.goto(`/orders/sales/${TWO_SHIPMENTS}`);
  const opener = page.getByRole('button', { name: 'Track shipments (2)' });
  await opener.click();
  const dialog = page.getByRole('dialog', { name: 'Track your shipments' });
  await expect(dialog).toBeVisible();
  const links = dialog.getByRole('link', { name: /^Track shipment [12]/ });
  await expect(links).toHaveCount(2);
  const hrefs = await links.evaluateAll((anchors) => anchors.map((a) => a.getAttribute('href') ?? ''));
  expect(hrefs.some((href) => href.includes('/ups/'))).toBe(true);
  expect(hrefs.some((href) => href.includes('/fedex/'))).toBe(true);
  await expect(dialog.getByText('Stride Runner 4')).toBeVisible();
  await expect(dialog.getByText('Dri-Tech Training Tee')).toBeVisible();
  await expectNoAxeViolations(page, 'track shipments modal');
  await shot(page, 'modal-track-shipments');

  // Tab and Shift+Tab go round the dialog's controls and never leave it.
  expect(await focusInDialog(page)).toBe(true);
  for (let step = 0; step < 6; step += 1) {
    await page.keyboard.press('Tab');
    expect(await focusInDialog(page), `Tab ${String(step + 1)}`).toBe(true);
  }
  for (let step = 0; step < 6; step += 1) {
    await page.keyboard.press('Shift+Tab');
    expect(await focusInDialog(page), `Shift+Tab ${String(step + 1)}`).toBe(true);
  }
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(opener).toBeFocused();
});

test('view returns: lists the order\'s returns and links to them', async ({ page }) => {
  await signIn(page, 'shopper@example.com');
  await page.goto(`/orders/sales/${WITH_RETURNS}`);
  await page.getByRole('button', { name: 'View returns (2)' }).click();
  const dialog = page.getByRole('dialog', { name: 'Returns for this order' });
  await expect(dialog.getByRole('heading', { name: 'Return R00000000202' })).toBeVisible();
  await expect(dialog.getByRole('heading', { name: 'Return R00000000203' })).toBeVisible();
  await expectNoAxeViolations(page, 'view returns modal');
  await shot(page, 'modal-view-returns');
  await dialog.getByRole('link', { name: 'View return R00000000203' }).click();
  await expect(page).toHaveURL(/\/orders\/returns\/R00000000203$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Return R00000000203' })).toBeVisible();
});

test('country mismatch: shown once, dismissed for the session, shown again in a new one', async ({ page, browser, baseURL }) => {
  await signIn(page, 'shopper@example.com');
  // The order was placed on the UK site; /orders is the US site.
  await page.goto(`/orders/sales/${PLACED_IN_GB}`);
  const dialog = page.getByRole('dialog', { name: 'This order is from another country' });
  await expect(dialog).toContainText('United Kingdom');
  await expect(dialog.getByRole('link', { name: 'Open on the United Kingdom site' })).toHaveAttribute(
    'href',
    `/gb/orders/sales/${PLACED_IN_GB}`,
  );
  await expectNoAxeViolations(page, 'country mismatch modal');
  await shot(page, 'modal-country-mismatch');
  await dialog.getByRole('button', { name: 'Stay here' }).click();
  await expect(dialog).toBeHidden();

  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: `Order ${PLACED_IN_GB}` })).toBeVisible();
  await expect(page.getByText('Order total')).toBeVisible();
  await expect(page.getByRole('dialog')).toHaveCount(0);

  // A new browser session (its own cookies and session storage) asks again.
  const context = await browser.newContext({ baseURL });
  const fresh = await context.newPage();
  await signIn(fresh, 'shopper@example.com');
  await fresh.goto(`/orders/sales/${PLACED_IN_GB}`);
  await expect(fresh.getByRole('dialog', { name: 'This order is from another country' })).toBeVisible();
  await context.close();
});
