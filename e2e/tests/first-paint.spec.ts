import { expect, test, type Page } from '@playwright/test';
import { historyRows, signIn } from './fixtures';

/** A box, rounded to the pixel. */
async function box(page: Page, selector: string) {
  const found = await page.locator(selector).first().boundingBox();
  return found && { x: Math.round(found.x), y: Math.round(found.y), width: Math.round(found.width), height: Math.round(found.height) };
}

// ADR 0032: while React and the page's code are on their way, the page's frame (header, heading, banner) is
// already drawn from the HTML's data, where the app then draws it: nothing moves when the app takes over.
test('the first paint draws the history where the app will, until the app shows it', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signIn(page, 'shopper@example.com');
  let release = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  // The app's libraries are held back: only the first paint can draw.
  await page.route('**/assets/vendor-*.js', async (route) => {
    await held;
    await route.continue().catch(() => undefined);
  });
  await page.goto('/orders', { waitUntil: 'commit' });

  const frame = page.locator('#first-paint');
  await expect(frame.locator('h1')).toHaveText('Orders');
  await expect(frame.locator('.history-banner')).toBeVisible();
  await expect(frame).toHaveAttribute('aria-hidden', 'true');
  await expect(page.locator('#root')).toBeHidden();
  // Hidden from assistive technology: no heading is announced until the app's own.
  await expect(page.getByRole('heading', { level: 1 })).toHaveCount(0);
  const drawn = { heading: await box(page, '#first-paint h1'), banner: await box(page, '#first-paint .history-banner') };

  release();
  await expect(historyRows(page).first()).toBeVisible();
  await expect(frame).toHaveCount(0);
  await expect(page.getByRole('heading', { level: 1, name: 'Orders' })).toBeVisible();
  expect({ heading: await box(page, '#root main h1'), banner: await box(page, '#root .history-banner') }).toEqual(drawn);
});
