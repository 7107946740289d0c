// vitest: isolate (the module draws into the page when it is imported)
import { messages } from 'virtual:first-paint-messages';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { CountryConfig } from '@/shared/config/country-config';
import {
  drawFirstPaint,
  FIRST_PAINT_ID,
  firstPaintFor,
  pageAt,
  type Drawn,
  type FirstPaintInput,
  type FirstPaintMessages,
} from './first-paint';

const member = { upmId: 'member-1', expiresAt: Date.now() + 3_600_000 };
const visitor = { email: 'guest@example.com' };

function strings(language: string): FirstPaintMessages {
  const found = messages[language];
  if (!found) throw new Error(`no first-paint messages for ${language}`);
  return found;
}

const input = (pathname: string, more: Partial<FirstPaintInput> = {}): FirstPaintInput => ({
  pathname,
  search: '',
  member: null,
  visitor: null,
  config: undefined,
  ...more,
});

/** Every text in the drawing, in order. */
const texts = (elements: Drawn[]): string[] =>
  elements.flatMap((element) => [...(element.text ? [element.text] : []), ...texts(element.children ?? [])]);
const find = (elements: Drawn[], tag: string): Drawn[] =>
  elements.flatMap((element) => [...(element.tag === tag ? [element] : []), ...find(element.children ?? [], tag)]);

describe('the pages the first paint draws', () => {
  it('knows the history, the guest lookup, an order and the return wizard, and no other page', () => {
    expect(pageAt('/orders')).toEqual({ kind: 'history' });
    expect(pageAt('/orders/')).toEqual({ kind: 'history' });
    expect(pageAt('/orders/details')).toEqual({ kind: 'guest-lookup' });
    expect(pageAt('/orders/details/C0001')).toEqual({ kind: 'guest-lookup' });
    expect(pageAt('/orders/sales/C%200001')).toEqual({ kind: 'order', orderNumber: 'C 0001', isReturn: false });
    expect(pageAt('/orders/returns/R0001')).toEqual({ kind: 'order', orderNumber: 'R0001', isReturn: true });
    expect(pageAt('/orders/return-items/C0001')).toEqual({ kind: 'return-wizard', orderNumber: 'C0001' });
    expect(pageAt('/orders/bag')).toBeNull();
    expect(pageAt('/orders/partner')).toBeNull();
  });
});

describe('what the first paint draws', () => {
  it("draws a member's history as the app does: the header with the member's links, the heading and banner", () => {
    const paint = firstPaintFor(input('/orders', { member }), strings('en'));
    expect(paint?.dir).toBe('ltr');
    const all = texts(paint?.elements ?? []);
    expect(all).toEqual([
      'Orders',
      'My orders',
      'Find an order',
      'Gift card balance',
      'Saved addresses',
      'Sign out',
      'Orders',
      'View or manage your orders: track a delivery, return items, cancel an order or buy again.',
    ]);
    const links = find(paint?.elements ?? [], 'a').map((link) => link.attributes?.href);
    expect(links).toEqual(['/orders', '/orders', '/orders/details', '/orders/gift-card-lookup', '/orders/addresses']);
  });

  it('writes the route’s language and keeps its prefix on the links', () => {
    const german = firstPaintFor(input('/de/orders', { member }), strings('de'));
    const english = firstPaintFor(input('/de/orders', { member }), strings('en'));
    expect(german?.lang).toBe('de-DE');
    expect(texts(german?.elements ?? [])).not.toEqual(texts(english?.elements ?? []));
    expect(find(german?.elements ?? [], 'a')[0]?.attributes?.href).toBe('/de/orders');
    const arabic = firstPaintFor(input('/ae/ar/orders', { member }), strings('ar'));
    expect(arabic?.dir).toBe('rtl');
  });

  it('draws nothing where the app would show something else first', () => {
    const en = strings('en');
    expect(firstPaintFor(input('/orders'), en)).toBeNull(); // not signed in: the app sends them to sign in
    expect(firstPaintFor(input('/orders/sales/C1'), en)).toBeNull();
    expect(firstPaintFor(input('/orders', { member, search: '?standalone=true' }), en)).toBeNull();
    expect(firstPaintFor(input('/us/xa/orders', { member }), en)).toBeNull();
    expect(firstPaintFor(input('/orders/bag', { member }), en)).toBeNull();
  });

  it("names the order in an order's heading, for a member or a guest who looked it up", () => {
    const en = strings('en');
    const sales = firstPaintFor(input('/orders/sales/C00000000101', { visitor }), en);
    expect(find(sales?.elements ?? [], 'h1')[0]?.text).toBe('Order C00000000101');
    expect(texts(sales?.elements ?? [])).toContain('End lookup');
    const wizard = firstPaintFor(input('/orders/return-items/C00000000101', { member }), en);
    expect(texts(wizard?.elements ?? [])).toContain('Choose the items to return');
    // The return steps show no member links (embed.ts, memberHeaderShown).
    expect(texts(wizard?.elements ?? [])).not.toContain('My orders');
  });

  it("follows the country's configuration: its brand, the phone lookup, a hidden member header", () => {
    const en = strings('en');
    const config = {
      country: 'US',
      brand: { name: 'Acme Outdoor', logoUrl: null, colors: null },
      flags: { enableSmsLookup: true, hideMemberHeader: true },
    } as unknown as CountryConfig;
    const guest = firstPaintFor(input('/orders/details', { config }), en);
    const drawn = texts(guest?.elements ?? []);
    expect(drawn[0]).toBe('Acme Outdoor');
    expect(drawn.at(-1)).toBe(en['guestLookup.introPhone']);
    const history = firstPaintFor(input('/orders', { member, config }), en);
    expect(texts(history?.elements ?? [])).not.toContain('My orders');
  });

  it('writes an order number from the URL as text, never as markup', () => {
    const paint = firstPaintFor(input('/orders/sales/%3Cimg%20src%3Dx%3E', { member }), strings('en'));
    expect(find(paint?.elements ?? [], 'h1')[0]?.text).toBe('Order <img src=x>');
  });
});

describe('the first paint in the page', () => {
  beforeEach(() => {
    const root = document.createElement('div');
    root.id = 'root';
    document.body.append(root);
    sessionStorage.setItem('orders.member', JSON.stringify(member));
    window.history.pushState({}, '', '/orders');
  });
  afterEach(() => {
    document.getElementById('root')?.remove();
    document.getElementById(FIRST_PAINT_ID)?.remove();
    sessionStorage.clear();
    window.history.pushState({}, '', '/');
  });

  it('stands before the app’s root, hidden from assistive technology, until the app shows a heading', async () => {
    drawFirstPaint(document);
    const frame = document.getElementById(FIRST_PAINT_ID);
    expect(frame?.getAttribute('aria-hidden')).toBe('true');
    expect(frame?.nextElementSibling?.id).toBe('root');
    expect(frame?.querySelector('h1')?.textContent).toBe('Orders');
    // Nothing in it takes focus from the keyboard.
    for (const control of frame?.querySelectorAll('a, button') ?? [])
      expect(control.getAttribute('tabindex')).toBe('-1');

    // The app's spinner is not its page: the frame stays.
    const root = document.getElementById('root');
    const spinner = document.createElement('div');
    spinner.setAttribute('role', 'status');
    root?.append(spinner);
    await Promise.resolve();
    expect(document.getElementById(FIRST_PAINT_ID)).not.toBeNull();

    const heading = document.createElement('h1');
    heading.textContent = 'Orders';
    root?.append(heading);
    await Promise.resolve();
    expect(document.getElementById(FIRST_PAINT_ID)).toBeNull();
  });

  it('draws nothing once the app has drawn first', () => {
    document.getElementById('root')?.append(document.createElement('h1'));
    drawFirstPaint(document);
    expect(document.getElementById(FIRST_PAINT_ID)).toBeNull();
  });
});
