import { expect, test, type Page } from '@playwright/test';
import { type ChildProcess, spawn } from 'node:child_process';
import { rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expectNoAxeViolations, removeDatabase, shot, signIn, untilHealthy } from './fixtures';

/*
 * Issue 31 (ADR 0017) in the browser: a second `orders` process with demo data runs with enableFakeReturn on
 * in the US and enablePaperlessReturnConfirmation on in Great Britain (a configuration file), beside the
 * shared server that has both off (returns.spec.ts covers the off side: a real store return, the code modal).
 */
const BINARY = process.env.ORDERS_E2E_BINARY ?? '../target/release/orders';
const PORT = Number(process.env.E2E_FLAGGED_PORT ?? 18191);
const FLAGGED = `http://127.0.0.1:${String(PORT)}`;
const STAMP = `${String(process.pid)}-${String(Date.now())}`;
const DATABASE = join(tmpdir(), `orders-e2e-flags31-${STAMP}.db`);
const CONFIG = join(tmpdir(), `orders-e2e-flags31-${STAMP}.toml`);

let flagged: ChildProcess | undefined;

test.beforeAll(async () => {
  writeFileSync(
    CONFIG,
    '[countries.us.flags]\nenableFakeReturn = true\n[countries.gb.flags]\nenablePaperlessReturnConfirmation = true\n',
  );
  flagged = spawn(BINARY, ['serve', '--addr', `127.0.0.1:${String(PORT)}`, '--database-url', DATABASE, '--config-file', CONFIG], {
    stdio: ['ignore', 'ignore', 'ignore'],
  });
  await untilHealthy(FLAGGED, 60_000);
});

test.afterAll(() => {
  flagged?.kill('SIGTERM');
  removeDatabase(DATABASE);
  rmSync(CONFIG, { force: true });
});

async function both(page: Page, name: string) {
  await page.setViewportSize({ width: 390, height: 844 });
  await shot(page, `${name}-390`);
  await expectNoAxeViolations(page, `${name} at 390 px`);
  await page.setViewportSize({ width: 1440, height: 900 });
  await shot(page, `${name}-1440`);
  await expectNoAxeViolations(page, `${name} at 1440 px`);
}

const primary = (page: Page, name: string) =>
  page.getByRole('complementary', { name: 'Return summary' }).getByRole('button', { name });

test.describe('flags on (second process)', () => {
  test.use({ baseURL: FLAGGED });

  test('enableFakeReturn: a US member sees a mock return, and the item can still be returned', async ({ page }) => {
    test.slow();
    await signIn(page, 'shopper@example.com');
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.goto('/orders/return-items/C9RM00000001');
    await expect(page.getByRole('heading', { level: 1, name: 'Return items' })).toBeVisible();
    await page.getByRole('checkbox').first().check();
    await page.getByLabel('Reason for return').first().selectOption({ index: 1 });
    await primary(page, 'Continue').click();
    await page.getByRole('radio', { name: /Return to a store/ }).check();
    await primary(page, 'Find a store').click();
    await page.getByRole('group', { name: 'Choose a store' }).getByRole('radio').first().check();
    await primary(page, 'Submit return').click();
    await expect(page.getByRole('heading', { level: 1, name: 'Demo return: nothing was created' })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Items in this demo return' })).toContainText('Return to a store');
    await both(page, 'flags-fake-return');
    // Nothing was created: no redirect to instructions, and the order still offers the return.
    await expect(page).toHaveURL(/\/orders\/return-items\/C9RM00000001/);
    await page.getByRole('link', { name: 'Back to order details' }).click();
    await expect(page.getByRole('link', { name: 'Return item' }).first()).toBeVisible();
  });

  test('enablePaperlessReturnConfirmation: a GB guest sees the scannable code on the confirmation page', async ({ page }) => {
    await page.context().clearCookies();
    await page.goto('/gb/orders/details/C9RG00000002');
    await page.getByLabel('Email address').fill('guest.returns@example.com');
    await page.getByRole('button', { name: 'Find order' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Order C9RG00000002' })).toBeVisible();
    await page.goto('/gb/orders/return-items/C9RG00000002');
    await page.getByRole('checkbox').first().check();
    await page.getByLabel('Reason for return').first().selectOption({ index: 1 });
    await primary(page, 'Continue').click();
    const prompt = page.getByRole('dialog', { name: 'Log in for free shipping' });
    if (await prompt.waitFor({ timeout: 3000 }).then(() => true, () => false)) {
      await prompt.getByRole('button', { name: 'Proceed as guest' }).click();
    }
    await page.getByRole('radio', { name: /Scannable code/ }).first().check();
    await primary(page, 'Submit return').click();
    await expect(page).toHaveURL(/\/gb\/orders\/return-instructions-emea\/[A-Za-z0-9]+\?pageView=true/, { timeout: 15_000 });
    const code = page.getByRole('region', { name: 'Your return code' });
    await expect(code.getByRole('img', { name: /QR code for return code/ })).toBeVisible();
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await both(page, 'flags-paperless-confirmation');
  });
});

test('showSignin: the standalone view offers sign-in only when asked to', async ({ page }) => {
  const signInLink = page.getByRole('link', { name: /see all your orders/ });
  await page.context().clearCookies();
  await page.goto('/orders/details?standalone=true');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByRole('banner')).toHaveCount(0);
  await expect(signInLink).toHaveCount(0);
  await both(page, 'flags-standalone-no-signin');
  await page.goto('/orders/details?standalone=true&showSignin=true');
  await expect(signInLink).toBeVisible();
  await both(page, 'flags-standalone-show-signin');
  await page.goto('/orders/details?standalone=false');
  await expect(signInLink).toBeVisible();
});

test('disableChat off: the help card offers chat through the country contact link', async ({ page }) => {
  await signIn(page, 'shopper@example.com');
  await page.goto('/orders/sales/C9RM00000001');
  const chat = page.getByRole('link', { name: 'Chat with us' });
  await expect(chat).toBeVisible();
  const config = (await (await page.request.get('/config/v1/us')).json()) as { help: { contact?: string; generic: string } };
  await expect(chat).toHaveAttribute('href', config.help.contact ?? config.help.generic);
  await both(page, 'flags-chat-link');
});
