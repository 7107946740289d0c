import { type Locator, type Page, expect } from '@playwright/test';
import { DEMO_PASSWORD, expectNoAxeViolations } from './fixtures';

/*
 * Keyboard-only helpers (issue 31, "Every flow by keyboard alone"): a test that uses these never clicks and
 * never fills; it presses Tab, Shift+Tab, Enter, Space, arrows and Escape, and types with page.keyboard,
 * as a shopper without a mouse does.
 */

/** More presses than any page here needs to reach a control: a miss is a defect, not a slow page. */
const MAX_PRESSES = 60;

/** The focused element as a failure message shows it: tag, role and name. */
const describeFocus = (page: Page) =>
  page.evaluate(() => {
    const element = document.activeElement;
    if (!element || element === document.body) return '(nothing: body)';
    const role = element.getAttribute('role');
    const name = (element.getAttribute('aria-label') ?? element.textContent ?? '').trim().slice(0, 40);
    return `${element.tagName.toLowerCase()}${role ? `[role=${role}]` : ''} "${name}"`;
  });

/** Whether focus is on the target or inside it (a radio group, a dialog). */
const holdsFocus = (target: Locator) =>
  target.evaluate((element) => element === document.activeElement || element.contains(document.activeElement));

/**
 * Fails unless the focused element shows it: it matches :focus-visible and draws an outline or a shadow
 * that is not transparent. (The app's ring is a 3 px outline, global.css.)
 */
export async function expectFocusVisible(page: Page) {
  const ring = await page.evaluate(() => {
    const element = document.activeElement;
    if (!element || element === document.body) return { element: 'body', visible: false };
    const style = getComputedStyle(element);
    const name = (element.getAttribute('aria-label') ?? element.textContent ?? '').trim().slice(0, 30);
    const outline =
      style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) > 0 && style.outlineColor !== 'rgba(0, 0, 0, 0)';
    const shadow = style.boxShadow !== 'none';
    return {
      element: `${element.tagName.toLowerCase()} ${name}`,
      visible: element.matches(':focus-visible') && (outline || shadow),
      outline: `${style.outlineStyle} ${style.outlineWidth} ${style.outlineColor}`,
    };
  });
  expect(ring.visible, `focus ring on ${JSON.stringify(ring)}`).toBe(true);
}

/**
 * Presses Tab (or Shift+Tab) until the target holds focus, at most `max` times, then checks the focus ring.
 * Fails with the path focus took, so a trap or a skipped control reads in the message.
 */
export async function tabTo(target: Locator, options: { backwards?: boolean; max?: number } = {}) {
  const page = target.page();
  await expect(target, `tabTo: ${target.toString()} is on the page`).toBeVisible();
  const key = options.backwards ? 'Shift+Tab' : 'Tab';
  const max = options.max ?? MAX_PRESSES;
  const path: string[] = [];
  for (let press = 0; press <= max; press += 1) {
    // One round trip per press: whether the target holds focus, and what does (for the message).
    const { holds, focused } = await target.evaluate((element) => {
      const active = document.activeElement;
      const name = (active?.getAttribute('aria-label') ?? active?.textContent ?? '').trim().slice(0, 40);
      return {
        holds: element === active || element.contains(active),
        focused: !active || active === document.body ? '(nothing: body)' : `${active.tagName.toLowerCase()} "${name}"`,
      };
    });
    if (holds) {
      await expectFocusVisible(page);
      return;
    }
    if (press > 0) path.push(focused);
    if (press === max) break;
    await page.keyboard.press(key);
  }
  throw new Error(
    `${key} pressed ${String(max)} times never reached ${target.toString()}; focus went: ${path.join(' → ')}`,
  );
}

/** Tabs to the control and presses a key on it (Enter by default; Space for checkboxes and some buttons). */
export async function activate(target: Locator, key = 'Enter') {
  await tabTo(target);
  await target.page().keyboard.press(key);
}

/** Tabs to the field and types the text (clearing what was there first). */
export async function typeInto(target: Locator, text: string) {
  await tabTo(target);
  const page = target.page();
  await page.keyboard.press('ControlOrMeta+A');
  await page.keyboard.press('Backspace');
  await page.keyboard.type(text);
}

/**
 * Chooses a radio in a group the keyboard way: Tab (or Shift+Tab) to the group's radios, then the arrow
 * keys (which check as they move) until the option is checked; Space checks the first one when the group
 * had nothing checked.
 */
export async function chooseRadio(group: Locator, option: Locator, options: { backwards?: boolean } = {}) {
  const page = group.page();
  await expect(option).toBeVisible();
  const key = options.backwards ? 'Shift+Tab' : 'Tab';
  const onRadio = () =>
    group.evaluate(
      (element) =>
        element.contains(document.activeElement) && document.activeElement?.matches('input[type="radio"]') === true,
    );
  const path: string[] = [];
  for (let press = 0; !(await onRadio()); press += 1) {
    if (press === MAX_PRESSES)
      throw new Error(`${key} never reached a radio of ${group.toString()}: ${path.join(' → ')}`);
    await page.keyboard.press(key);
    path.push(await describeFocus(page));
  }
  const count = await group.getByRole('radio').count();
  for (let press = 0; press <= count; press += 1) {
    if (await holdsFocus(option)) {
      if (!(await option.isChecked())) await page.keyboard.press('Space');
      await expect(option).toBeChecked();
      await expectFocusVisible(page);
      return;
    }
    await page.keyboard.press('ArrowDown');
  }
  throw new Error(`the arrow keys never reached ${option.toString()} in ${group.toString()}`);
}

/**
 * Chooses an option of a closed <select> with the arrow keys, which change it without opening the list:
 * by its text, or by its index (1 = the first after the placeholder).
 */
export async function chooseOption(select: Locator, wanted: string | RegExp | number) {
  await tabTo(select);
  const page = select.page();
  const count = await select.locator('option').count();
  const matches = () =>
    select.evaluate(
      (element: HTMLSelectElement, want) => {
        if (typeof want === 'number') return element.selectedIndex === want;
        const text = element.selectedOptions[0]?.textContent?.trim() ?? '';
        return typeof want === 'string' ? text === want : new RegExp(want.source, want.flags).test(text);
      },
      typeof wanted === 'object' ? { source: wanted.source, flags: wanted.flags } : wanted,
    );
  for (let press = 0; press <= count; press += 1) {
    if (await matches()) return;
    await page.keyboard.press('ArrowDown');
  }
  throw new Error(`ArrowDown never chose ${String(wanted)} in ${select.toString()}`);
}

/** Fails when focus fell back to the page body (the control that had it went away and nobody moved it). */
export async function expectFocusKept(page: Page, after: string) {
  expect(await describeFocus(page), `focus after ${after}`).not.toBe('(nothing: body)');
}

/** The dialog is open and holds focus, with its ring visible, and axe finds nothing. */
export async function expectDialogFocused(dialog: Locator, label: string) {
  await expect(dialog).toBeVisible();
  await expect.poll(() => holdsFocus(dialog), `${label}: focus moved into the dialog`).toBe(true);
  await expectNoAxeViolations(dialog.page(), label);
}

/** Axe on the page, in the words of the step. */
export const checkStep = expectNoAxeViolations;

/** Signs in with the keyboard alone: the sign-in page, its two fields and Enter. */
export async function keyboardSignIn(page: Page, email: string, password = DEMO_PASSWORD) {
  await page.context().clearCookies();
  await page.goto('/orders/signin');
  await page.evaluate(() => {
    sessionStorage.clear();
  });
  await page.goto('/orders/signin');
  await typeInto(page.getByLabel('Email'), email);
  await typeInto(page.getByLabel('Password'), password);
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { level: 1, name: 'Orders' })).toBeVisible();
}

/** The guest lookup by order number and e-mail, typed and submitted with Enter. */
export async function keyboardGuestLookup(page: Page, orderNumber: string, email: string, site = '') {
  await page.context().clearCookies();
  await page.goto(`${site}/orders/details`);
  await checkStep(page, 'guest lookup');
  await typeInto(page.getByLabel('Order number'), orderNumber);
  await typeInto(page.getByLabel('Email address'), email);
  await activate(page.getByRole('button', { name: 'Find order' }));
  await expect(page.getByRole('heading', { level: 1, name: `Order ${orderNumber}` })).toBeVisible();
}
