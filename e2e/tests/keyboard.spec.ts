import { expect, test } from '@playwright/test';
import { memberWithOrder } from './fixtures';
import {
  activate,
  checkStep,
  chooseRadio,
  expectDialogFocused,
  expectFocusKept,
  expectFocusVisible,
  keyboardGuestLookup,
  keyboardSignIn,
  tabTo,
  typeInto,
} from './keyboard';

/*
 * Issue 31, "Every flow by keyboard alone": each flow a shopper without a mouse must finish, with the
 * keyboard only (helpers in keyboard.ts), focus visible at every stop, moved into every dialog and back
 * out of it, and axe clean at each step. The returns, one per method, are in keyboard-returns.spec.ts.
 */

// Key by key with axe at each step: the longer flows take 20-30 s on a busy 2-core runner.
test.describe.configure({ timeout: 60_000 });

test('guest lookup by keyboard', async ({ page }) => {
  await keyboardGuestLookup(page, 'C00000000001', 'guest@example.com');
  await checkStep(page, 'guest order detail');
  // The track link of the order is reachable from the top of the page.
  await tabTo(page.getByRole('link', { name: /Track shipment/ }).first());
});

test('cancel an order by keyboard: into the dialog, confirm, close, focus back on the page', async ({
  page,
  request,
}) => {
  const email = await memberWithOrder(request, 'E2EKB00001', 60_000);
  await keyboardSignIn(page, email);
  await page.goto('/orders/sales/E2EKB00001');
  await checkStep(page, 'order to cancel');
  await activate(page.getByRole('button', { name: 'Cancel order' }));
  const confirm = page.getByRole('dialog', { name: 'Cancel order' });
  await expectDialogFocused(confirm, 'cancel dialog');
  // Escape closes it and focus goes back to the button that opened it.
  await page.keyboard.press('Escape');
  await expect(confirm).toBeHidden();
  await expect(page.getByRole('button', { name: 'Cancel order' })).toBeFocused();
  await expectFocusVisible(page);

  await page.keyboard.press('Enter');
  await expectDialogFocused(confirm, 'cancel dialog again');
  await activate(confirm.getByRole('button', { name: 'Yes, cancel order' }));
  const done = page.getByRole('dialog', { name: 'Order cancelled' });
  await expectDialogFocused(done, 'order cancelled dialog');
  await activate(done.getByRole('button', { name: 'Close' }));
  await expect(done).toBeHidden();
  await expect(page.getByText(/^Cancelled on /)).toBeVisible();
  await expectFocusKept(page, 'the cancelled dialog closed');
  await checkStep(page, 'cancelled order');
});

test('deferred payment by keyboard: Pay now, the QR code, the provider page, approve', async ({ page, request }) => {
  const email = await memberWithOrder(request, 'E2EKBP0001', 60_000, 'alipay');
  await keyboardSignIn(page, email);
  await page.goto('/orders/sales/E2EKBP0001');
  await activate(page.getByRole('button', { name: 'Pay now' }));
  await expect(page.getByRole('img', { name: 'QR code to pay for order E2EKBP0001' })).toBeVisible();
  await expectFocusKept(page, 'Pay now gave way to the QR code');
  await checkStep(page, 'deferred payment QR code');
  await activate(page.getByRole('link', { name: 'Open the payment page' }));
  await expect(page.getByRole('heading', { name: 'Sandbox payment provider' })).toBeVisible();
  await activate(page.getByRole('button', { name: 'Approve payment' }));
  await expect(page).toHaveURL(/\/orders\/sales\/E2EKBP0001\?payment=success$/);
  await expect(page.getByText('Payment received')).toBeVisible();
  await checkStep(page, 'deferred payment approved');
});

test('curbside by keyboard: a guest finds the order and says they are here', async ({ page }) => {
  await keyboardGuestLookup(page, 'C00000000012', 'guest.curbside@example.com');
  await activate(page.getByRole('link', { name: "Curbside pickup: I'm here" }));
  const vehicle = page.getByLabel('Vehicle description');
  await expect(vehicle).toBeVisible();
  await checkStep(page, 'curbside ready');
  await typeInto(vehicle, 'Blue Mini, bay 2');
  await activate(page.getByRole('button', { name: "I'm here" }));
  await expect(page.getByRole('heading', { name: "We've let the store know you're here" })).toBeVisible();
  await expectFocusKept(page, "I'm here was sent");
  await checkStep(page, 'curbside submitted');
});

test('gift card balance by keyboard', async ({ page }) => {
  await page.goto('/orders/gift-card-lookup');
  await checkStep(page, 'gift card lookup');
  await typeInto(page.getByRole('textbox', { name: 'Gift card number' }), '6060 1234 5678 9012 345');
  await typeInto(page.getByLabel('PIN'), '123456');
  await page.keyboard.press('Enter');
  await expect(page.getByText('$50.00')).toBeVisible();
  await expectFocusKept(page, 'the balance was shown');
  await checkStep(page, 'gift card balance');
});

test('e-invoice by keyboard: the dialog, a company invoice, the download link', async ({ page }) => {
  // shopper@example.com's delivered China order (demo returns data), on the China site in English.
  await keyboardSignIn(page, 'shopper@example.com');
  await page.goto('/cn/en/orders/sales/C9RM00000009');
  await activate(page.getByRole('button', { name: 'Request e-invoice' }));
  const dialog = page.getByRole('dialog', { name: 'Request an e-invoice' });
  await expectDialogFocused(dialog, 'e-invoice dialog');
  await chooseRadio(
    dialog.getByRole('group', { name: 'Invoice title' }),
    dialog.getByRole('radio', { name: 'Company' }),
  );
  await typeInto(dialog.getByLabel('Company name'), 'Shanghai Example Trading Co.');
  await typeInto(dialog.getByLabel('Taxpayer ID'), '91310000MA1FL4XQ3K');
  await checkStep(page, 'e-invoice dialog filled');
  await activate(dialog.getByRole('button', { name: 'Request invoice' }));
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('link', { name: 'Download e-invoice' })).toBeVisible();
  await expectFocusKept(page, 'the e-invoice dialog closed');
  await tabTo(page.getByRole('link', { name: 'Download e-invoice' }), { backwards: true });
  await checkStep(page, 'e-invoice issued');
});
