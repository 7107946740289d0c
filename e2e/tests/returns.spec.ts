import { expect, test, type Browser, type Page } from '@playwright/test';
import { expectNoAxeViolations, shot, signIn } from './fixtures';

/*
 * The return wizard against the real server and its demo data (crates/server/src/seed/returns.rs):
 * shopper@example.com has a delivered, returnable order in every returns market (C9RM0000000n) and the
 * guest guest.returns@example.com has the same (C9RG0000000n); n = 1 US, 2 GB.
 */
const US_MEMBER_ORDER = 'C9RM00000001';
const GB_GUEST_ORDER = 'C9RG00000002';
const GUEST_EMAIL = 'guest.returns@example.com';

/** Screenshots of the step at phone and desktop widths, and axe on it. */
async function checkStep(page: Page, name: string) {
  await page.setViewportSize({ width: 390, height: 844 });
  await shot(page, `returns-${name}-390`);
  await expectNoAxeViolations(page, `${name} at 390 px`);
  await page.setViewportSize({ width: 1440, height: 900 });
  await shot(page, `returns-${name}-1440`);
  await expectNoAxeViolations(page, `${name} at 1440 px`);
}

/**
 * Issue 31: a return reopened later, in a new browser (no session storage, another day): the return's
 * detail shows what the one-time instructions page showed, read from the server.
 */
async function reopenInNewBrowser(
  browser: Browser,
  returnOrderNumber: string,
  check: (page: Page) => Promise<void>,
  sitePrefix = '',
) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await signIn(page, 'shopper@example.com');
  await page.goto(`${sitePrefix}/orders/returns/${returnOrderNumber}`);
  await expect(page.getByRole('heading', { level: 2, name: 'Your return', exact: true })).toBeVisible();
  await check(page);
  await page.setViewportSize({ width: 390, height: 844 });
  await shot(page, `returns-reopened-${returnOrderNumber}-390`);
  await page.setViewportSize({ width: 1440, height: 900 });
  await shot(page, `returns-reopened-${returnOrderNumber}-1440`);
  await expectNoAxeViolations(page, 'return detail reopened');
  await context.close();
}

const returnNumberOf = (page: Page) => new URL(page.url()).pathname.split('/').at(-1) ?? '';

/** The primary button of the step (the sidebar's; the mobile footer repeats it below 960 px). */
const primary = (page: Page, name: string) => page.getByRole('complementary', { name: 'Return summary' }).getByRole('button', { name });

test('a US member returns a shoe to a store, then finds its barcode again in a new browser', async ({ page, browser }) => {
  test.slow(); // the wizard, then a second browser
  await signIn(page, 'shopper@example.com');
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto(`/orders/sales/${US_MEMBER_ORDER}`);
  await page.getByRole('link', { name: 'Return item' }).first().click();
  await expect(page.getByRole('heading', { level: 1, name: 'Return items' })).toBeVisible();
  // The item the shopper came from is checked already.
  const first = page.getByRole('checkbox').first();
  await expect(first).toBeChecked();
  // No reason error until the shopper tries to go on; then it is said and the reason takes focus.
  await expect(page.getByText('Choose a reason for this item.')).toHaveCount(0);
  await primary(page, 'Continue').click();
  await expect(page.getByText('Choose a reason for this item.')).toBeVisible();
  await expect(page.getByLabel('Reason for return').first()).toBeFocused();
  await page.getByLabel('Reason for return').first().selectOption({ index: 1 });
  await page.getByLabel('Tell us more (optional)').first().fill('Half a size too big');
  await expect(primary(page, 'Continue')).toBeEnabled();
  await checkStep(page, 'us-items');

  await primary(page, 'Continue').click();
  await page.getByRole('radio', { name: /Return to a store/ }).check();
  await checkStep(page, 'us-method');

  await primary(page, 'Find a store').click();
  await expect(page.getByRole('heading', { level: 2, name: 'Choose a store' })).toBeVisible();
  await page.getByRole('group', { name: 'Choose a store' }).getByRole('radio').first().check();
  await checkStep(page, 'us-store');

  await primary(page, 'Submit return').click();
  await expect(page.getByText('Your return was submitted')).toBeVisible();
  await shot(page, 'returns-us-success-1440');
  // Analytics (issue 31): the wizard's events reached the tag manager's data layer, with no personal data.
  const events = await page.evaluate(() => (window as unknown as { dataLayer?: { event: string }[] }).dataLayer ?? []);
  expect(events.map((entry) => entry.event)).toEqual(
    expect.arrayContaining(['orders.return_click', 'orders.return_reason_chosen', 'orders.return_submitted']),
  );
  expect(events.find((entry) => entry.event === 'orders.return_submitted')).toMatchObject({
    method: expect.any(String), itemCount: 1, country: 'US',
  });
  expect(JSON.stringify(events)).not.toMatch(/@|shopper/);
  // Spec 001 §2.1: 3 s later, the instructions with pageView=true.
  await expect(page).toHaveURL(/\/orders\/return-instructions\/[A-Za-z0-9]+\?pageView=true/, { timeout: 15_000 });
  await expect(page.getByRole('heading', { level: 2, name: 'Your return number' })).toBeVisible();
  await checkStep(page, 'us-instructions');

  const returnOrderNumber = returnNumberOf(page);
  await reopenInNewBrowser(browser, returnOrderNumber, async (reopened) => {
    const barcode = reopened.getByRole('img', { name: `Barcode of return ${returnOrderNumber}` });
    await expect(barcode).toBeVisible();
    expect(await barcode.evaluate((image: HTMLImageElement) => image.naturalWidth)).toBeGreaterThan(100);
    // The instructions page works from its URL alone too.
    await reopened.getByRole('link', { name: 'Return instructions' }).click();
    await expect(reopened.getByRole('img', { name: `Barcode of return ${returnOrderNumber}` })).toBeVisible();
    await reopened.goBack();
  });
});

test('a GB guest returns by scannable code and sees the QR code', async ({ page }) => {
  await page.context().clearCookies();
  await page.goto(`/gb/orders/details/${GB_GUEST_ORDER}`);
  await page.getByLabel('Email address').fill(GUEST_EMAIL);
  await page.getByRole('button', { name: 'Find order' }).click();
  await expect(page.getByRole('heading', { level: 1, name: `Order ${GB_GUEST_ORDER}` })).toBeVisible();

  await page.goto(`/gb/orders/return-items/${GB_GUEST_ORDER}`);
  await page.getByRole('checkbox').first().check();
  await page.getByLabel('Reason for return').first().selectOption({ index: 1 });
  await checkStep(page, 'gb-guest-items');

  await primary(page, 'Continue').click();
  // The server may ask to prompt the guest to sign in first (spec 001 §5): carry on as a guest.
  const prompt = page.getByRole('dialog', { name: 'Log in for free shipping' });
  if (await prompt.waitFor({ timeout: 3000 }).then(() => true, () => false)) {
    await shot(page, 'returns-gb-guest-login-prompt-390');
    await prompt.getByRole('button', { name: 'Proceed as guest' }).click();
  }
  // Guests pay return shipping and are offered the sign-in for free returns, in each carrier's box.
  await expect(page.getByRole('link', { name: 'Log in for free shipping' }).first()).toBeVisible();
  await page.getByRole('radio', { name: /Scannable code/ }).first().check();
  await checkStep(page, 'gb-guest-method');

  await primary(page, 'Submit return').click();
  await expect(page).toHaveURL(/\/gb\/orders\/return-instructions-emea\/[A-Za-z0-9]+\?pageView=true/, { timeout: 15_000 });
  const dialog = page.getByRole('dialog', { name: 'Your return code' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('img', { name: /QR code for return code/ })).toBeVisible();
  await expect(dialog).toContainText('Code:');
  await checkStep(page, 'gb-guest-code');
});

test('a DE member returns by carrier drop-off, e-mails the label, and finds the label again later', async ({ page, browser }) => {
  test.slow(); // the wizard, then a second browser
  await signIn(page, 'shopper@example.com');
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto('/de/en/orders/return-items/C9RM00000003?selected=00882000000001');
  await page.getByLabel('Reason for return').first().selectOption({ index: 1 });
  await primary(page, 'Continue').click();
  // The printable drop-off of the first carrier (the paperless method's sub-choice when it has one).
  const dropOff = page.getByRole('radio', { name: /Carrier drop-off/ }).first();
  if (!(await dropOff.isVisible())) await page.getByRole('radio').first().check();
  await dropOff.check();
  await primary(page, 'Submit return').click();
  await expect(page).toHaveURL(/\/de\/en\/orders\/return-instructions\/[A-Za-z0-9]+\?pageView=true/, { timeout: 15_000 });
  const code = page.getByRole('dialog', { name: 'Your return code' });
  if (await code.waitFor({ timeout: 5000 }).then(() => true, () => false)) await code.getByRole('button', { name: 'Close' }).click();
  await page.getByRole('button', { name: 'E-mail label' }).click();
  await page.getByRole('dialog', { name: 'E-mail your label?' }).getByRole('button', { name: 'Send' }).click();
  await expect(page.getByText("We've e-mailed your label.")).toBeVisible();
  await checkStep(page, 'de-label-sent');

  const returnOrderNumber = returnNumberOf(page);
  await reopenInNewBrowser(browser, returnOrderNumber, async (reopened) => {
    const download = reopened.waitForEvent('download');
    await reopened.getByRole('button', { name: 'Download label' }).click();
    expect((await download).suggestedFilename()).toBe(`return-label-${returnOrderNumber}.pdf`);
    await expect(reopened.getByRole('button', { name: 'E-mail label' })).toBeVisible();
  }, '/de/en');
});
