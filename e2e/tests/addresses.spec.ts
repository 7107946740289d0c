import { expect, test, type Locator } from '@playwright/test';
import { expectNoAxeViolations, shot, signIn } from './fixtures';
import {
  activate,
  checkStep,
  chooseOption,
  expectDialogFocused,
  expectFocusKept,
  keyboardSignIn,
  tabTo,
  typeInto,
} from './keyboard';

const fieldOrder = (form: Locator) => form.locator('[data-field]').evaluateAll((nodes) => nodes.map((node) => node.getAttribute('data-field')));

// Demo data: shopper@example.com has three US addresses (one preferred) and the partner-sharing consent.
test('a member keeps saved addresses: US, JP and CN layouts, validation with a suggestion, preferred, delete', async ({ page }) => {
  await signIn(page, 'shopper@example.com');
  await expect(page.getByRole('navigation', { name: 'Order lists' })).toBeVisible();
  await page.getByRole('link', { name: 'Saved addresses' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Saved addresses' })).toBeVisible();
  await expect(page.getByText('Preferred address', { exact: true })).toHaveCount(1);
  await shot(page, 'addresses-list-1440');
  await expectNoAxeViolations(page, 'saved addresses');

  await page.getByRole('button', { name: 'Add an address' }).click();
  const form = page.getByRole('region', { name: 'Add an address' });
  await expect.poll(() => fieldOrder(form)).toEqual(['nameGiven', 'nameFamily', 'line1', 'line2', 'locality', 'province', 'code', 'phone']);
  await form.getByRole('button', { name: 'Save address' }).click();
  await expect(form.getByRole('textbox', { name: /First Name/ })).toBeFocused();
  await shot(page, 'addresses-form-us-errors');
  await expectNoAxeViolations(page, 'US address form with errors');

  await form.getByLabel('Country/Region').selectOption('JP');
  await expect.poll(() => fieldOrder(form)).toEqual(['nameGiven', 'nameFamily', 'code', 'province', 'locality', 'line1', 'line2', 'phone']);
  await shot(page, 'addresses-form-jp');
  await form.getByLabel('Country/Region').selectOption('CN');
  await expect.poll(() => fieldOrder(form)).toEqual(['nameFamily', 'nameGiven', 'province', 'locality', 'zone', 'line1', 'line2', 'code', 'phone']);
  await shot(page, 'addresses-form-cn');
  await expectNoAxeViolations(page, 'CN address form');

  await form.getByLabel('Country/Region').selectOption('US');
  await form.getByRole('textbox', { name: /First Name/ }).fill('Jane');
  await form.getByRole('textbox', { name: /Last Name/ }).fill('Carter');
  await form.getByRole('textbox', { name: /Street Address/ }).fill('1600 amphitheatre pkwy');
  await form.getByRole('textbox', { name: /City/ }).fill('mountain view');
  await form.getByRole('combobox', { name: /State/ }).selectOption('CA');
  await form.getByRole('textbox', { name: /ZIP Code/ }).fill('940431351');
  await form.getByRole('textbox', { name: /Phone Number/ }).fill('650 555 0100');
  await form.getByRole('button', { name: 'Save address' }).click();
  const dialog = page.getByRole('dialog', { name: 'Confirm your address' });
  await expect(dialog.getByText('1600 Amphitheatre Parkway')).toBeVisible();
  await expect(dialog.getByText('94043-1351')).toBeVisible();
  await shot(page, 'addresses-confirm');
  await expectNoAxeViolations(page, 'address confirm modal');
  await dialog.getByRole('button', { name: 'Use this address' }).click();
  const added = page.getByRole('listitem').filter({ hasText: '1600 Amphitheatre Parkway' });
  await expect(added).toBeVisible();

  await added.getByRole('button', { name: /Make the address of .* preferred/ }).click();
  await expect(added.getByText('Preferred address', { exact: true })).toBeVisible();
  await expect(page.getByText('Preferred address', { exact: true })).toHaveCount(1);

  // Walk minor 24: the preferred address is deleted only after another is made preferred (when others exist).
  const others = page
    .getByRole('listitem')
    .filter({ has: page.getByRole('button', { name: /Make the address of .* preferred/ }) });
  if ((await others.count()) > 0) {
    await expect(added.getByRole('button', { name: /Delete the address/ })).toHaveCount(0);
    await others.first().getByRole('button', { name: /Make the address of .* preferred/ }).click();
    await expect(added.getByText('Preferred address', { exact: true })).toHaveCount(0);
  }
  await added.getByRole('button', { name: /Delete the address/ }).click();
  await page.getByRole('dialog', { name: 'Delete this address?' }).getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText('1600 Amphitheatre Parkway')).toHaveCount(0);
});

// By keyboard, in this file rather than keyboard.spec.ts: both tests change shopper@example.com's saved
// addresses, and the browser tests run files on two workers at once; a file's tests run in order.
test('saved addresses by keyboard: add with the suggestion dialog, make preferred, delete', async ({ page }) => {
  await keyboardSignIn(page, 'shopper@example.com');
  // The header's navigation comes before the page: from the history, back up to it (Shift+Tab) rather than
  // through every order card.
  await tabTo(page.getByRole('link', { name: 'Saved addresses' }), { backwards: true });
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { level: 1, name: 'Saved addresses' })).toBeVisible();
  await checkStep(page, 'saved addresses');

  await activate(page.getByRole('button', { name: 'Add an address' }));
  const form = page.getByRole('region', { name: 'Add an address' });
  await expect(form).toBeVisible();
  await expectFocusKept(page, 'the form opened');
  await typeInto(form.getByRole('textbox', { name: /First Name/ }), 'Kim');
  await typeInto(form.getByRole('textbox', { name: /Last Name/ }), 'Keyboard');
  await typeInto(form.getByRole('textbox', { name: /Street Address/ }), '1600 amphitheatre pkwy');
  await typeInto(form.getByRole('textbox', { name: /City/ }), 'mountain view');
  await chooseOption(form.getByRole('combobox', { name: /State/ }), /California/);
  await typeInto(form.getByRole('textbox', { name: /ZIP Code/ }), '940431351');
  await typeInto(form.getByRole('textbox', { name: /Phone Number/ }), '650 555 0100');
  await checkStep(page, 'address form filled');
  await activate(form.getByRole('button', { name: 'Save address' }));

  const suggestion = page.getByRole('dialog', { name: 'Confirm your address' });
  await expectDialogFocused(suggestion, 'address suggestion');
  await activate(suggestion.getByRole('button', { name: 'Use this address' }));
  const added = page.getByRole('listitem').filter({ hasText: 'Kim Keyboard' });
  await expect(added).toBeVisible();
  await expectFocusKept(page, 'the suggestion dialog closed');

  await activate(added.getByRole('button', { name: /Make the address of .* preferred/ }));
  await expect(added.getByText('Preferred address', { exact: true })).toBeVisible();
  await expectFocusKept(page, 'the address became preferred');

  // Walk minor 24: the preferred address is deleted only after another is made preferred (when others exist).
  const others = page
    .getByRole('listitem')
    .filter({ has: page.getByRole('button', { name: /Make the address of .* preferred/ }) });
  if ((await others.count()) > 0) {
    await activate(others.first().getByRole('button', { name: /Make the address of .* preferred/ }));
    await expect(added.getByText('Preferred address', { exact: true })).toHaveCount(0);
  }
  await activate(added.getByRole('button', { name: /Delete the address/ }));
  const remove = page.getByRole('dialog', { name: 'Delete this address?' });
  await expectDialogFocused(remove, 'delete address dialog');
  await activate(remove.getByRole('button', { name: 'Delete' }));
  await expect(page.getByText('Kim Keyboard')).toHaveCount(0);
  await expectFocusKept(page, 'the address was deleted');
  await checkStep(page, 'saved addresses after delete');
});
