import { type APIRequestContext, type Page, expect, test } from '@playwright/test';
import { DEMO_PASSWORD, OPS_KEY, expectNoAxeViolations, historyRows, shot, signIn } from './fixtures';

/** An Arabic-speaking member in the Emirates with one sales order in dirham, fed in through the ops API. */
async function createArabicFixture(request: APIRequestContext) {
  const headers = { 'X-Ops-Key': OPS_KEY };
  const email = `ar.${Date.now()}@example.com`;
  const member = await request.post('/ops/v1/members', {
    headers,
    data: { email, password: DEMO_PASSWORD, firstName: 'Layla', lastName: 'Haddad', country: 'AE' },
  });
  expect(member.status()).toBe(201);
  const { upmId } = (await member.json()) as { upmId: string };
  const orderNumber = `E2EAR${String(Date.now()).slice(-6)}`;
  const order = await request.post('/ops/v1/orders', {
    headers,
    data: {
      orderNumber, orderType: 'SALES_ORDER', country: 'AE', currency: 'AED', upmId,
      orderDate: '2026-11-02T09:30:00Z', shippingTotal: 0,
      payments: [{ paymentType: 'credit_card', paymentDisplayNumber: '4242' }],
      lines: [
        { lineNumber: 1, title: 'Stride Runner 4', category: 'Road Running Shoes', color: 'Black/White', size: '42',
          quantity: 1, unitPrice: 450, tax: 21.43, status: 'Shipped', shipmentNumber: 'S1',
          trackingUrl: 'https://tracking.example.com/aramex/AX1', imageUrl: '/images/products/SR4100-001.svg' },
        { lineNumber: 2, title: 'Club Cap', category: 'Unstructured Cap', color: 'Black', size: 'M',
          quantity: 2, unitPrice: 95, tax: 9.05, status: 'Delivered', imageUrl: '/images/products/cap/black/CLC233-001.svg' },
      ],
    },
  });
  expect([200, 201]).toContain(order.status());
  return { email, orderNumber };
}

interface LanguageCase {
  lang: string;
  email: string;
  prefix: string;
  htmlLang: RegExp;
  dir: 'ltr' | 'rtl';
  historyHeading: string;
  title: string;
  /** The order detail's title: its number and the store name (the header's product name without a brand). */
  detailTitle: RegExp;
  detailTotal: string;
  refundTotal: string;
}

const CASES: LanguageCase[] = [
  { lang: 'ar', email: '', prefix: '/ae', htmlLang: /^ar-AE$/, dir: 'rtl', historyHeading: 'الطلبات',
    title: 'طلبات الأعضاء | AE', detailTitle: /^تفاصيل الطلب \w+ \| الطلبات \| AE$/, detailTotal: 'إجمالي الطلب', refundTotal: 'إجمالي المبلغ المسترد' },
  { lang: 'ko', email: 'shopper.kr@example.com', prefix: '/kr', htmlLang: /^ko-KR$/, dir: 'ltr', historyHeading: '주문',
    title: '회원 주문 | KR', detailTitle: /^주문 상세 정보 \w+ \| 주문 \| KR$/, detailTotal: '주문 합계', refundTotal: '환불 합계' },
  { lang: 'zh-Hans', email: 'shopper.cn@example.com', prefix: '/cn', htmlLang: /^zh-Hans-CN$/, dir: 'ltr', historyHeading: '订单',
    title: '会员订单 | CN', detailTitle: /^订单详情 \w+ \| 订单 \| CN$/, detailTotal: '订单总额', refundTotal: '退款总额' },
  { lang: 'de', email: 'shopper.de@example.com', prefix: '/de', htmlLang: /^de-DE$/, dir: 'ltr', historyHeading: 'Bestellungen',
    title: 'Mitgliederbestellungen | DE', detailTitle: /^Bestelldetails \w+ \| Bestellungen \| DE$/, detailTotal: 'Bestellsumme', refundTotal: 'Erstattungsbetrag' },
];

for (const c of CASES) {
  test(`order history and detail in ${c.lang}`, async ({ page, request }) => {
    const email = c.email || (await createArabicFixture(request)).email;
    await signIn(page, email);
    const languageChunks = new Set<string>();
    page.on('request', (request) => {
      const chunk = /\/assets\/(ar|de|en|es|fr|it|ja|ko|nl|pl|pt|sv|zh-Hans|zh-Hant)-[\w-]{8}\.js$/.exec(request.url());
      if (chunk?.[1]) languageChunks.add(chunk[1]);
    });
    await page.goto(`${c.prefix}/orders`);
    await expect(page.locator('html')).toHaveAttribute('lang', c.htmlLang);
    await expect(page.locator('html')).toHaveAttribute('dir', c.dir);
    await expect(page.getByRole('heading', { level: 1, name: c.historyHeading })).toBeVisible();
    await expect(page).toHaveTitle(c.title);
    // One chunk per language, and only the shopper's is downloaded.
    expect([...languageChunks]).toEqual([c.lang]);
    const rows = historyRows(page);
    await expect(rows.first()).toBeVisible();
    if (c.dir === 'rtl') {
      // Mirrored: the product image sits on the right of its item, the text on its left.
      const item = rows.first().locator('.history-order__item').first();
      const image = await item.locator('.product-image').boundingBox();
      const body = await item.locator('.history-order__item-body').boundingBox();
      expect(image && body && image.x > body.x).toBe(true);
    }
    await expect(page.locator('main')).not.toContainText(/Ordered|Order total|Show more/);
    await shot(page, `i18n-${c.lang}-history`);
    await expectNoAxeViolations(page, `${c.lang} order history`);

    await rows.first().getByRole('heading', { level: 2 }).getByRole('link').click();
    await expect(page).toHaveURL(new RegExp(`^[^?]*${c.prefix}/orders/(sales|returns)/`));
    await expect(page.getByText(c.detailTotal).or(page.getByText(c.refundTotal)).first()).toBeVisible();
    await expect(page).toHaveTitle(c.detailTitle);
    await shot(page, `i18n-${c.lang}-detail`);
    await expectNoAxeViolations(page, `${c.lang} order detail`);
  });
}

/** Every string value in the API answers the page received: product titles, names, order numbers are data. */
function collectApiStrings(page: Page): Set<string> {
  const strings = new Set<string>();
  const walk = (value: unknown) => {
    if (typeof value === 'string') strings.add(value.trim());
    else if (Array.isArray(value)) value.forEach(walk);
    else if (value && typeof value === 'object') Object.values(value).forEach(walk);
  };
  page.on('response', async (response) => {
    if (!(response.headers()['content-type'] ?? '').includes('json')) return;
    try {
      walk(await response.json());
    } catch {
      // A body that is gone (navigation) or not JSON.
    }
  });
  return strings;
}

interface WalkFinding {
  untranslated: string[];
  overflowing: string[];
}

/**
 * Runs in the page: every text node (and aria-label, placeholder) must come from the pseudo catalogue
 * ("[...]") unless it is data (an API value) or Intl output (digits, punctuation, month and weekday
 * names); every block-level text element must fit its box.
 */
async function walkPage(page: Page, data: Set<string>): Promise<WalkFinding> {
  return page.evaluate((apiStrings) => {
    const known = new Set(apiStrings.filter((text) => text.length > 0));
    // The country configuration the server inlines into the page is API data too (it is the /config answer).
    const walkData = (value: unknown) => {
      if (typeof value === 'string' && value.trim()) known.add(value.trim());
      else if (Array.isArray(value)) value.forEach(walkData);
      else if (value && typeof value === 'object') Object.values(value).forEach(walkData);
    };
    const inlined = document.getElementById('orders-config')?.textContent;
    if (inlined) walkData(JSON.parse(inlined));
    const intlWords = new Set<string>();
    for (let month = 0; month < 12; month++) {
      for (const style of ['long', 'short'] as const) {
        intlWords.add(new Intl.DateTimeFormat('en-US', { month: style, timeZone: 'UTC' }).format(new Date(Date.UTC(2026, month, 1))).replace('.', ''));
      }
    }
    for (let day = 0; day < 7; day++) {
      for (const style of ['long', 'short'] as const) {
        intlWords.add(new Intl.DateTimeFormat('en-US', { weekday: style, timeZone: 'UTC' }).format(new Date(Date.UTC(2026, 10, 1 + day))));
      }
    }
    ['AM', 'PM', 'A', 'C'].forEach((word) => intlWords.add(word));
    // Words of the API's values: a name or an address put together from its parts ("97209 Portland, OR"),
    // a brand named after its payment type ("PayPal" for "paypal").
    const dataWords = new Set([...known].flatMap((value) => (value.match(/\p{L}+/gu) ?? []).map((word) => word.toLowerCase())));
    const isData = (text: string) => {
      if (known.has(text)) return true;
      // Intl output (month, weekday names) and ISO codes ("+52 (MX)", "AED") are not messages either.
      const words = text.match(/\p{L}+/gu) ?? [];
      return words.every((word) => intlWords.has(word) || /^[A-Z]{2,3}$/.test(word) || dataWords.has(word.toLowerCase()));
    };
    const fromCatalogue = (text: string) => /^\[[\s\S]*\]$/.test(text);
    const untranslated: string[] = [];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const parent = node.parentElement;
      if (!parent || parent.closest('script, style, noscript')) continue;
      const text = (node.textContent ?? '').trim();
      if (!/\p{L}/u.test(text)) continue;
      if (!fromCatalogue(text) && !isData(text)) untranslated.push(`${parent.tagName.toLowerCase()}: ${text}`);
    }
    for (const element of document.querySelectorAll('[aria-label], [placeholder]')) {
      for (const name of ['aria-label', 'placeholder']) {
        const text = element.getAttribute(name)?.trim();
        if (text && /\p{L}/u.test(text) && !fromCatalogue(text) && !isData(text)) untranslated.push(`${name}: ${text}`);
      }
    }
    const overflowing: string[] = [];
    for (const element of document.body.querySelectorAll<HTMLElement>('*')) {
      const ownText = [...element.childNodes].some((child) => child.nodeType === Node.TEXT_NODE && /\S/.test(child.textContent ?? ''));
      if (!ownText) continue;
      const style = getComputedStyle(element);
      if (style.display === 'inline' || style.display === 'none' || style.visibility === 'hidden') continue;
      if (element.clientWidth <= 1 || element.classList.contains('visually-hidden')) continue;
      if (element.scrollWidth > element.clientWidth + 1) {
        overflowing.push(`${element.tagName.toLowerCase()}.${element.className}: ${element.scrollWidth} > ${element.clientWidth}: ${element.textContent?.trim().slice(0, 60)}`);
      }
    }
    return { untranslated, overflowing };
  }, [...data]);
}

async function expectAllThroughCatalogue(page: Page, data: Set<string>, label: string) {
  await expect(page.locator('html')).toHaveAttribute('lang', 'en-XA');
  for (const width of [1280, 375]) {
    await page.setViewportSize({ width, height: 900 });
    const { untranslated, overflowing } = await walkPage(page, data);
    expect(untranslated, `${label} (${width}px): text that did not come through the catalogue`).toEqual([]);
    expect(overflowing, `${label} (${width}px): text that overflows its box`).toEqual([]);
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

test('the pseudo-locale walk: every page, every string through the catalogue, nothing overflowing', async ({ page }) => {
  const data = collectApiStrings(page);

  await page.goto('/us/xa/orders/signin');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(/^\[.+\]$/);
  await expectAllThroughCatalogue(page, data, 'sign in');
  await shot(page, 'i18n-pseudo-sign-in');

  await page.goto('/us/xa/orders/details');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(/^\[.+\]$/);
  await expectAllThroughCatalogue(page, data, 'guest lookup');
  await page.getByRole('textbox').first().fill('C00000000002');
  await page.locator('input[type="email"]').fill('someone.else@example.com');
  await page.getByRole('button', { name: /^\[.+\]$/ }).last().click();
  await expect(page.getByRole('alert').first()).toBeVisible();
  await expectAllThroughCatalogue(page, data, 'guest lookup, not found');
  await shot(page, 'i18n-pseudo-guest-lookup');

  await page.goto('/us/xa/orders/gift-card-lookup');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(/^\[.+\]$/);
  await expectAllThroughCatalogue(page, data, 'gift card balance');

  await signIn(page, 'shopper@example.com');
  await page.goto('/us/xa/orders/bag');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(/^\[.+\]$/);
  await expectAllThroughCatalogue(page, data, 'bag');

  await page.goto('/us/xa/orders/sales/NOSUCHORDER1');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(/^\[.+\]$/);
  await expectAllThroughCatalogue(page, data, 'order not found');

  await page.goto('/us/xa/orders');
  await expect(historyRows(page).first()).toBeVisible();
  await expectAllThroughCatalogue(page, data, 'order history');
  await shot(page, 'i18n-pseudo-history');

  await page.goto('/us/xa/orders/partner');
  await expect(historyRows(page).first()).toBeVisible();
  await expectAllThroughCatalogue(page, data, 'partner history');

  await page.goto('/us/xa/orders');
  await historyRows(page).first().getByRole('heading', { level: 2 }).getByRole('link').click();
  await expect(page).toHaveURL(/\/us\/xa\/orders\/(sales|returns)\//);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(/^\[.+\]$/);
  await expectAllThroughCatalogue(page, data, 'order detail');
  await shot(page, 'i18n-pseudo-detail');
});
