import { expect, test, type Locator, type Page } from '@playwright/test';
import { giveKoreaOrder } from './fixtures';
import * as keyboard from './keyboard';

/*
 * Issue 31: a return with each method, by keyboard alone (store drop-off, carrier drop-off, a carrier's
 * pickup, the EMEA paperless code, the Korea courier pickup). The demo orders C9RM0000000n (shopper@) and
 * C9RG0000000n (guest.returns@) have a shoe and two tees each (README "Demo data"); returns.spec.ts returns
 * their shoes, so these return a tee and the two files never take each other's item.
 */
const GUEST_EMAIL = 'guest.returns@example.com';

// A whole return, pressed key by key with axe at each step, takes longer than the suite's 30 s default.
test.describe.configure({ timeout: 60_000 });

/** The primary button of the step (the sidebar's; the mobile footer repeats it below 960 px). */
const primary = (page: Page, name: string) =>
  page.getByRole('complementary', { name: 'Return summary' }).getByRole('button', { name });

/** Whether the dialog opens within 2 s (the log-in prompt is offered to some guests only). */
const shows = (dialog: Locator) =>
  dialog.waitFor({ timeout: 2000 }).then(
    () => true,
    () => false,
  );

const methods = (page: Page) => page.getByRole('group', { name: 'Choose how to return' });

/** From the order page: the tee's "Return item", then its reason, then Continue to the methods. */
async function startReturn(page: Page, title = 'Dri-Tech Training Tee') {
  const item = page
    .getByRole('listitem')
    .filter({ hasText: title })
    .filter({ has: page.getByRole('link', { name: 'Return item' }) });
  await keyboard.activate(item.getByRole('link', { name: 'Return item' }));
  await expect(page.getByRole('heading', { level: 1, name: 'Return items' })).toBeVisible();
  await expect(page.getByRole('checkbox', { name: new RegExp(title) })).toBeChecked();
  await keyboard.chooseOption(page.getByLabel('Reason for return'), 1);
  await keyboard.checkStep(page, 'return items');
  await keyboard.activate(primary(page, 'Continue'));
  await expect(methods(page)).toBeVisible();
  await keyboard.expectFocusKept(page, 'the method step opened');
}

/** Submits, waits for the notice and the instructions page (spec 001 §2.1: 3 s later). */
async function submitReturn(page: Page, instructions: RegExp) {
  await keyboard.activate(primary(page, 'Submit return'));
  await expect(page.getByText('Your return was submitted')).toBeVisible();
  await expect(page).toHaveURL(instructions, { timeout: 15_000 });
}

test('a US guest returns to a store by keyboard', async ({ page }) => {
  await keyboard.keyboardGuestLookup(page, 'C9RG00000001', GUEST_EMAIL);
  await startReturn(page);
  const prompt = page.getByRole('dialog', { name: 'Log in for free shipping' });
  if (await shows(prompt)) {
    await keyboard.expectDialogFocused(prompt, 'log-in prompt');
    await keyboard.activate(prompt.getByRole('button', { name: 'Proceed as guest' }));
    await keyboard.expectFocusKept(page, 'the log-in prompt closed');
  }
  await keyboard.chooseRadio(methods(page), page.getByRole('radio', { name: /Return to a store/ }));
  await keyboard.checkStep(page, 'store method');
  await keyboard.activate(primary(page, 'Find a store'));
  const stores = page.getByRole('group', { name: 'Choose a store' });
  await expect(stores).toBeVisible();
  await keyboard.chooseRadio(stores, stores.getByRole('radio').first());
  await keyboard.checkStep(page, 'store chosen');
  await submitReturn(page, /\/orders\/return-instructions\/[A-Za-z0-9]+\?pageView=true/);
  await expect(page.getByRole('img', { name: /Barcode of return/ })).toBeVisible();
  await keyboard.checkStep(page, 'store return instructions');
});

test('an Australian member returns by carrier drop-off by keyboard', async ({ page }) => {
  await keyboard.keyboardSignIn(page, 'shopper@example.com');
  await page.goto('/au/orders/sales/C9RM00000008');
  await startReturn(page);
  await keyboard.chooseRadio(methods(page), page.getByRole('radio', { name: /Carrier drop-off/ }));
  await keyboard.checkStep(page, 'carrier drop-off method');
  await submitReturn(page, /\/au\/orders\/return-instructions\/[A-Za-z0-9]+\?pageView=true/);
  await keyboard.checkStep(page, 'carrier drop-off instructions');
  await expect(page.getByRole('button', { name: 'Download label' })).toBeVisible();
});

test('a GB guest returns by scannable code by keyboard, and the code dialog takes and gives back focus', async ({
  page,
}) => {
  await keyboard.keyboardGuestLookup(page, 'C9RG00000002', GUEST_EMAIL, '/gb');
  await startReturn(page);
  const prompt = page.getByRole('dialog', { name: 'Log in for free shipping' });
  if (await shows(prompt)) {
    await keyboard.expectDialogFocused(prompt, 'log-in prompt');
    await page.keyboard.press('Escape');
    await expect(prompt).toBeHidden();
    await keyboard.expectFocusKept(page, 'Escape closed the log-in prompt');
  }
  await keyboard.chooseRadio(
    methods(page),
    methods(page)
      .getByRole('radio', { name: /Scannable code/ })
      .first(),
  );
  await keyboard.checkStep(page, 'paperless method');
  await submitReturn(page, /\/gb\/orders\/return-instructions-emea\/[A-Za-z0-9]+\?pageView=true/);
  const code = page.getByRole('dialog', { name: 'Your return code' });
  await keyboard.expectDialogFocused(code, 'return code dialog');
  await expect(code.getByRole('img', { name: /QR code for return code/ })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(code).toBeHidden();
  await keyboard.expectFocusKept(page, 'Escape closed the return code dialog');
  await keyboard.checkStep(page, 'paperless instructions');
});

test('a US member books a courier pickup by keyboard: address and window', async ({ page }) => {
  await keyboard.keyboardSignIn(page, 'shopper@example.com');
  await page.goto('/orders/sales/C9RM00000001');
  await startReturn(page);
  await keyboard.chooseRadio(methods(page), page.getByRole('radio', { name: /Courier pickup/ }));
  await keyboard.activate(primary(page, 'Continue'));
  await pickAddressAndWindow(
    page,
    page.getByRole('group', { name: 'Choose the pickup address' }).getByRole('radio').first(),
  );
  await submitReturn(page, /\/orders\/return-instructions\/[A-Za-z0-9]+\?pageView=true/);
  await keyboard.checkStep(page, 'pickup instructions');
});

test('a Korea member books the courier pickup by keyboard', async ({ page, request }) => {
  await keyboard.keyboardSignIn(page, 'shopper.kr@example.com');
  await giveKoreaOrder(page, request, 'E2EKRKB00001');
  await page.goto('/kr/en/orders/sales/E2EKRKB00001');
  await startReturn(page, 'Stride Runner 4');
  await keyboard.chooseRadio(methods(page), page.getByRole('radio', { name: /Courier pickup/ }));
  await keyboard.activate(primary(page, 'Continue'));
  await pickAddressAndWindow(
    page,
    page.getByRole('group', { name: 'Choose the pickup address' }).getByRole('radio', { name: /테헤란로 152/ }),
  );
  await submitReturn(page, /\/kr\/en\/orders\/return-instructions\/[A-Za-z0-9]+\?pageView=true/);
  await keyboard.checkStep(page, 'korea pickup instructions');
});

/** The pickup step: a saved address (a close match asks in a dialog first), then the first window. */
async function pickAddressAndWindow(page: Page, address: Locator) {
  const addresses = page.getByRole('group', { name: 'Choose the pickup address' });
  await expect(addresses).toBeVisible();
  await keyboard.chooseRadio(addresses, address);
  const confirm = page.getByRole('dialog', { name: 'Confirm your address' });
  const confirmed = page.getByText('The courier will pick up at this address.');
  await expect(confirm.or(confirmed)).toBeVisible();
  if (await confirm.isVisible()) {
    await keyboard.expectDialogFocused(confirm, 'pickup address confirm');
    await keyboard.activate(confirm.getByRole('button', { name: 'Use address as entered' }));
    await keyboard.expectFocusKept(page, 'the address dialog closed');
  }
  await expect(confirmed).toBeVisible();
  const windows = page.getByRole('group', { name: 'Choose a pickup time' });
  await keyboard.chooseRadio(windows, windows.getByRole('radio').first());
  await keyboard.checkStep(page, 'pickup address and window');
}
