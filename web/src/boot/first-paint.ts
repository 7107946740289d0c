/**
 * The first paint (ADR 0032): the page's frame, drawn from the HTML's own data before the app's code has
 * arrived. A new tab's page otherwise shows nothing until React (80 KB) has downloaded and run, the language's
 * catalogue has arrived and the page has rendered: on a phone on a slow network that is 2 to 3 seconds.
 *
 * This small script (its own chunk, loaded beside the app's) draws what the app's first page will show at the
 * top: the site header as `app/layout.tsx` draws it, then the page's heading and leading text, in the
 * shopper's language (the route's locale, as `app/app.tsx` resolves it), with the page's own classes and the
 * entry's style sheet (`shared/ui/first-paint.css` holds the page rules it needs). It is hidden from
 * assistive technology (`aria-hidden`, nothing in it can take focus) and the app's root stays hidden while it
 * is there; it goes the moment the app has put a heading or a dialog into its root (the app's page is then
 * on screen), or after `GIVE_UP_MS` if the app never does.
 *
 * Only the pages a visit most often opens on are drawn (the history, the guest lookup, an order, the return
 * wizard), and only when the app will show them: the member pages need a member (or, for an order and the
 * wizard, a guest's lookup) in this tab; an embedded (standalone) view or the pseudo-locale gets none.
 */
import { messages } from 'virtual:first-paint-messages';
import type { MemberSession, Visitor } from '@/shared/auth/session';
import { startingSession } from '@/shared/auth/session-start';
import { applyBrand, brandOf } from '@/shared/config/brand-of';
import type { CountryConfig } from '@/shared/config/country-config';
import { flagsFrom } from '@/shared/config/flags-of';
import { inlinedConfig } from '@/shared/config/inlined-config';
import { isStandalone, memberHeaderShown } from '@/shared/embed/embed';
import type { CompiledMessage } from '@/shared/i18n/messages';
import { messageLanguage, PSEUDO_SEGMENT, resolveLocale, textDirection } from '@/shared/i18n/locale-table';
import { paths } from '@/shared/routing/paths';
import { parseRoutePrefix } from '@/shared/routing/route-prefix';
import { firstPaintSettled } from './first-paint-gate';
import type { FirstPaintKey } from './first-paint-keys';
import { PAGE_FILES_ID } from './page-files-id';

export const FIRST_PAINT_ID = 'first-paint';
/** The app is given this long to put its page on screen; then the frame goes anyway (the app's root shows). */
export const GIVE_UP_MS = 10_000;

type Page =
  | { kind: 'history' }
  | { kind: 'guest-lookup' }
  | { kind: 'order'; orderNumber: string; isReturn: boolean }
  | { kind: 'return-wizard'; orderNumber: string };

/** The page a path inside the prefix opens on, when it is one the first paint draws (routes.tsx's patterns). */
export function pageAt(rest: string): Page | null {
  const path = rest.length > 1 ? rest.replace(/\/+$/, '') : rest;
  if (path === paths.history()) return { kind: 'history' };
  if (path === paths.guestLookup() || path.startsWith(`${paths.guestLookup()}/`)) return { kind: 'guest-lookup' };
  const order = /^\/orders\/(sales|returns)\/([^/]+)$/.exec(path);
  if (order?.[1] && order[2]) {
    return { kind: 'order', orderNumber: safeDecode(order[2]), isReturn: order[1] === 'returns' };
  }
  const wizard = /^\/orders\/return-items\/([^/]+)$/.exec(path);
  if (wizard?.[1]) return { kind: 'return-wizard', orderNumber: safeDecode(wizard[1]) };
  return null;
}

function safeDecode(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

const LITERAL = 0;
const ARGUMENT = 1;

/** A message with its arguments; null for a message the first paint cannot format (plurals, dates). */
function format(message: CompiledMessage | undefined, values: Record<string, string> = {}): string | null {
  if (message === undefined) return null;
  if (typeof message === 'string') return message;
  let text = '';
  for (const element of message) {
    // The AST's element kinds (FormatJS's TYPE, not imported: its module would bring the vendor chunk along).
    const kind = element.type as number;
    if (kind === LITERAL && 'value' in element) {
      text += element.value;
      continue;
    }
    const value = kind === ARGUMENT && 'value' in element ? values[element.value] : undefined;
    // Anything else (a plural, a date) is left to the app.
    if (value === undefined) return null;
    text += value;
  }
  return text;
}

export interface FirstPaintInput {
  pathname: string;
  search: string;
  member: MemberSession | null;
  visitor: Visitor | null;
  config: CountryConfig | undefined;
}

/** The first paint's messages in one catalogue language. */
export type FirstPaintMessages = Partial<Record<FirstPaintKey, CompiledMessage>>;

/** One element of the frame: a tag, its classes and attributes, and its text or children. */
export interface Drawn {
  tag: string;
  className?: string;
  attributes?: Record<string, string>;
  text?: string;
  children?: Drawn[];
}

export interface FirstPaint {
  lang: string;
  dir: 'ltr' | 'rtl';
  /** The header and the page's top, as the app will draw them. */
  elements: Drawn[];
}

interface Plan {
  page: Page;
  base: string;
  rest: string;
  locale: ReturnType<typeof resolveLocale>;
  /** The catalogue language whose messages it draws. */
  catalogue: string;
}

/** Whether the first paint draws this page, and in which language; null when the app's own first paint holds. */
export function firstPaintPlan({ pathname, search, member, visitor }: FirstPaintInput): Plan | null {
  const { country, language, base, rest } = parseRoutePrefix(pathname);
  if (language === PSEUDO_SEGMENT || new URLSearchParams(search).get('pseudo') === '1') return null;
  if (isStandalone(search)) return null;
  const page = pageAt(rest);
  if (!page) return null;
  if (page.kind === 'history' && !member) return null;
  if ((page.kind === 'order' || page.kind === 'return-wizard') && !member && !visitor) return null;
  const locale = resolveLocale(country, language);
  return { page, base, rest, locale, catalogue: messageLanguage(locale) };
}

/** What the first paint draws for this page with its language's messages, or null (as `firstPaintPlan`). */
export function firstPaintFor(input: FirstPaintInput, strings: FirstPaintMessages): FirstPaint | null {
  const plan = firstPaintPlan(input);
  if (!plan) return null;
  const { page, base, rest, locale, catalogue } = plan;
  const { member, visitor, config } = input;
  const t = (key: FirstPaintKey, values?: Record<string, string>) => format(strings[key], values);
  const countryConfig = config?.country.toLowerCase() === locale.country.toLowerCase() ? config : undefined;
  const flags = flagsFrom(countryConfig?.flags);
  const brand = brandOf(countryConfig ?? null);

  const main = pageTop(page, t, flags.enableSmsLookup);
  if (!main) return null;
  const memberNav = memberHeaderShown({
    path: rest,
    standalone: false,
    member: Boolean(member),
    hidden: flags.hideMemberHeader,
  });
  const link = (href: string, key: FirstPaintKey): Drawn => ({
    tag: 'li',
    children: [{ tag: 'a', attributes: { href: `${base}${href}`, tabindex: '-1' }, text: t(key) ?? '' }],
  });
  const brandMark: Drawn[] =
    brand.logoUrl && brand.name
      ? [
          {
            tag: 'img',
            className: 'site-header__logo',
            attributes: { src: brand.logoUrl, alt: '', width: '40', height: '40' },
          },
          { tag: 'span', className: 'site-header__name site-header__name--with-logo', text: brand.name },
        ]
      : [{ tag: 'span', className: 'site-header__name', text: brand.name ?? t('app.brand') ?? '' }];
  const signOut = member ? t('auth.signOut') : visitor ? t('auth.endLookup') : null;
  const header: Drawn = {
    tag: 'header',
    className: 'site-header',
    children: [
      {
        tag: 'div',
        className: 'site-header__inner',
        children: [
          {
            tag: 'a',
            className: 'site-header__brand',
            attributes: { href: `${base}${paths.history()}`, tabindex: '-1' },
            children: brandMark,
          },
          {
            tag: 'nav',
            className: 'site-header__nav',
            children: [
              {
                tag: 'ul',
                children: [
                  ...(memberNav ? [link(paths.history(), 'app.nav.history')] : []),
                  link(paths.guestLookup(), 'app.nav.lookup'),
                  link(paths.giftCardLookup(), 'app.nav.giftCard'),
                  ...(memberNav ? [link(paths.addresses(), 'app.nav.addresses')] : []),
                ],
              },
            ],
          },
          ...(signOut
            ? [
                {
                  tag: 'button',
                  className: 'button button--secondary header__sign-out',
                  attributes: { type: 'button', tabindex: '-1' },
                  text: signOut,
                },
              ]
            : []),
        ],
      },
    ],
  };
  return {
    lang: locale.intlLocale,
    dir: textDirection(catalogue),
    elements: [header, { tag: 'main', className: 'site-main', children: [main] }],
  };
}

/** The top of each page as its component draws it (the classes are the page's own). */
function pageTop(
  page: Page,
  t: (key: FirstPaintKey, values?: Record<string, string>) => string | null,
  smsLookup: boolean,
): Drawn | null {
  const texts = (...parts: [string, string | null, string?][]): Drawn[] | null => {
    const drawn: Drawn[] = [];
    for (const [tag, text, className] of parts) {
      if (text === null) return null;
      drawn.push({ tag, text, ...(className ? { className } : {}) });
    }
    return drawn;
  };
  let children: Drawn[] | null;
  switch (page.kind) {
    case 'history':
      // features/orders/components/order-history-view.tsx
      children = texts(['h1', t('orders.history.heading')], ['p', t('orders.history.banner'), 'history-banner']);
      return children && { tag: 'div', className: 'history-page', children };
    case 'guest-lookup':
      // features/guest-lookup/pages/guest-lookup-page.tsx
      children = texts(
        ['h1', t('guestLookup.heading')],
        ['p', t(smsLookup ? 'guestLookup.introPhone' : 'guestLookup.intro'), 'muted'],
      );
      return children && { tag: 'div', className: 'narrow-page', children };
    case 'order': {
      // features/orders/components/order-header.tsx
      const heading = t(page.isReturn ? 'orders.detail.returnHeading' : 'orders.detail.salesHeading', {
        orderNumber: page.orderNumber,
      });
      children = texts(['h1', heading]);
      return (
        children && {
          tag: 'div',
          className: 'order-detail',
          children: [{ tag: 'div', className: 'order-header', children: [{ tag: 'div', children }] }],
        }
      );
    }
    case 'return-wizard':
      // features/returns/components/return-wizard.tsx and items-step.tsx
      children = texts(['h1', t('returns.heading')], ['p', t('returns.items.heading'), 'return-step__legend']);
      return children && { tag: 'div', className: 'return-page', children };
  }
}

function build(doc: Document, drawn: Drawn): HTMLElement {
  const element = doc.createElement(drawn.tag);
  if (drawn.className) element.className = drawn.className;
  for (const [name, value] of Object.entries(drawn.attributes ?? {})) element.setAttribute(name, value);
  if (drawn.text !== undefined) element.textContent = drawn.text;
  for (const child of drawn.children ?? []) element.append(build(doc, child));
  return element;
}

/**
 * The app's page is on screen once its root holds a heading or a dialog. A loading state's heading for screen
 * readers counts too (the return wizard's): the page's skeleton then stands in, and the document never holds
 * two first-level headings at once.
 */
const appShows = (root: HTMLElement) =>
  root.querySelector('h1, [role="dialog"], [role="alertdialog"], dialog') !== null;

/**
 * Draws the first paint before `#root`, and takes it away once the app shows its page. Once the frame is on
 * screen, the page's own files are asked for (./page-files.ts), then the app may render.
 */
export function drawFirstPaint(doc: Document = document): void {
  const drawn = draw(doc);
  const files = doc.getElementById(PAGE_FILES_ID) !== null;
  // The app renders once the frame is on screen (first-paint-gate.ts): a frame, then a task after it; and, on a
  // first page, once the page's files are linked (the app starts the page as it renders). Those are asked for
  // only after the frame's paint, which they would otherwise share a slow link with, and so is the code that
  // links them (its own chunk: nothing the frame waits for).
  if (drawn && files) afterContentfulPaint(() => linkPageFiles(doc));
  else if (files) afterFrame(() => linkPageFiles(doc));
  else if (drawn) afterFrame(firstPaintSettled);
  else firstPaintSettled();
}

/** Links the page's files (./page-files.ts), then settles; settles all the same should its chunk not load. */
function linkPageFiles(doc: Document): void {
  import('./page-files')
    .then(({ insertPageFiles, pageFilesOf }) => {
      const files = pageFilesOf(doc);
      if (files) insertPageFiles(doc, files, firstPaintSettled);
      else firstPaintSettled();
    })
    .catch(firstPaintSettled);
}

/** Runs `task` in a task after the next frame (at once where there are no frames). */
function afterFrame(task: () => void): void {
  if (typeof requestAnimationFrame === 'function') requestAnimationFrame(() => setTimeout(task, 0));
  else task();
}

/** How long `afterContentfulPaint` waits for the browser to report the paint (a tab in the background paints none). */
const PAINT_WAIT_MS = 1_000;

/**
 * Runs `task` once the browser reports the first contentful paint (the frame's): a task after the frame is not yet
 * after its paint, which the browser reports when the frame is on the screen. After the next frame where the
 * browser does not report paints.
 */
function afterContentfulPaint(task: () => void): void {
  if (typeof PerformanceObserver === 'undefined' || !PerformanceObserver.supportedEntryTypes.includes('paint')) {
    afterFrame(task);
    return;
  }
  let ran = false;
  const run = () => {
    if (ran) return;
    ran = true;
    observer.disconnect();
    clearTimeout(timer);
    task();
  };
  const observer = new PerformanceObserver((list) => {
    if (list.getEntriesByName('first-contentful-paint').length > 0) run();
  });
  observer.observe({ type: 'paint', buffered: true });
  const timer = setTimeout(run, PAINT_WAIT_MS);
}

/** Draws the frame; false when it draws none (the page is not one it draws, or the app was quicker). */
function draw(doc: Document): boolean {
  const root = doc.getElementById('root');
  if (!root) return false;
  const { member, visitor } = startingSession(Date.now(), { takeBlock: false });
  const { pathname, search } = doc.location;
  const input: FirstPaintInput = { pathname, search, member, visitor, config: inlinedConfigOf(pathname) };
  const plan = firstPaintPlan(input);
  if (!plan) return false;
  const strings = messages[plan.catalogue] ?? messages.en;
  if (!strings) return false;
  const paint = firstPaintFor(input, strings);
  if (!paint || root.childElementCount > 0 || doc.getElementById(FIRST_PAINT_ID)) return false;
  applyBrand(doc.documentElement, brandOf(input.config ?? null));
  doc.documentElement.lang = paint.lang;
  doc.documentElement.dir = paint.dir;
  const frame = doc.createElement('div');
  frame.id = FIRST_PAINT_ID;
  frame.setAttribute('aria-hidden', 'true');
  frame.append(...paint.elements.map((drawn) => build(doc, drawn)));
  root.before(frame);

  const done = () => {
    observer.disconnect();
    clearTimeout(timer);
    frame.remove();
  };
  const observer = new MutationObserver(() => {
    if (appShows(root)) done();
  });
  observer.observe(root, { childList: true, subtree: true });
  const timer = setTimeout(done, GIVE_UP_MS);
  return true;
}

function inlinedConfigOf(pathname: string): CountryConfig | undefined {
  const { country, language } = parseRoutePrefix(pathname);
  return inlinedConfig(resolveLocale(country, language).country);
}

drawFirstPaint();
