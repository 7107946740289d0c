import { expect, test } from '@playwright/test';
import { expectNoAxeViolations, shot } from './fixtures';

// The demo data has gift card 6060 1234 5678 9012 345 with PIN 123456 and a USD 50.00 balance.
test('anyone checks a gift card balance; a wrong PIN shows the bad-PIN banner', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/orders/gift-card-lookup');
  await expect(page).toHaveTitle(/Check Your Gift Card Balance/);
  const number = page.getByRole('textbox', { name: 'Gift card number' });
  const pin = page.getByLabel('PIN');
  await expect(pin).toHaveAttribute('readonly', '');
  await number.fill('6060 1234 5678 9012 345');
  await expect(pin).not.toHaveAttribute('readonly', '');
  await pin.fill('000000');
  await page.getByRole('button', { name: 'Check balance' }).click();
  await expect(page.getByRole('alert')).toContainText("We couldn't find a gift card with those numbers.");
  await shot(page, 'gift-card-invalid-390');
  await expectNoAxeViolations(page, 'gift card, bad PIN');

  await pin.fill('123456');
  await page.getByRole('button', { name: 'Check balance' }).click();
  await expect(page.getByText('$50.00')).toBeVisible();
  await page.setViewportSize({ width: 1440, height: 900 });
  await shot(page, 'gift-card-balance-1440');
  await expectNoAxeViolations(page, 'gift card balance');
});
