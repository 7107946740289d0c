import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { createI18n, I18nProvider, useI18n } from './i18n-context';
import { messageLanguage, resolveLocale } from './locale-table';
import { catalogLanguage, loadCatalog } from './messages';
// eslint-disable-next-line no-restricted-imports -- the build's own compile step lives outside src
import { compileMessage } from '../../../scripts/compile-messages.mjs';
import { pseudoText } from './pseudo';
import type { MessageKey, Messages } from './messages';

async function i18nFor(country: string, language: string | null = null, pseudo = false) {
  const locale = resolveLocale(country, language, pseudo);
  const catalogue = catalogLanguage(messageLanguage(locale));
  return createI18n(locale, await loadCatalog(catalogue), catalogue);
}

describe('Latin parts of right-to-left sentences (walk minor 21)', () => {
  it('isolates every printed text argument in Arabic, as <bdi> would', async () => {
    const { t } = await i18nFor('ae');
    expect(t('orders.detail.salesHeading', { orderNumber: 'C0012345678' })).toBe('الطلب \u2068C0012345678\u2069');
    expect(t('config.help.callUs', { phone: '+971800060100' })).toBe('اتصل بنا: \u2068+971800060100\u2069');
  });

  it('leaves select keys alone, so the branch is still chosen', async () => {
    const { t } = await i18nFor('ae');
    expect(t('guestLookup.error.rateLimited', { unit: 'minute', count: 2 })).toContain('دقيقتين');
  });

  it('adds nothing left to right', async () => {
    const { t } = await i18nFor('us');
    expect(t('orders.detail.salesHeading', { orderNumber: 'C0012345678' })).toBe('Order C0012345678');
  });
});

describe('ICU messages through intl-messageformat', () => {
  it('uses the six Arabic plural forms, with Arabic digits in Egypt', async () => {
    const { t } = await i18nFor('eg');
    const items = (count: number) => t('orders.detail.itemCount', { count });
    expect(items(0)).toBe('لا توجد منتجات');
    expect(items(1)).toBe('منتج واحد');
    expect(items(2)).toBe('منتجان');
    expect(items(3)).toBe('٣ منتجات');
    expect(items(11)).toBe('١١ منتجًا');
    expect(items(100)).toBe('١٠٠ منتج');
  });

  it('uses Polish one, few and many, with the Polish digit grouping', async () => {
    const { t } = await i18nFor('pl');
    const items = (count: number) => t('orders.detail.itemCount', { count });
    expect(items(1)).toBe('1 produkt');
    expect(items(3)).toBe('3 produkty');
    expect(items(5)).toBe('5 produktów');
    expect(items(22)).toBe('22 produkty');
    expect(items(12345).replace(/\s/g, ' ')).toBe('12 345 produktów');
    expect(t('guestLookup.error.rateLimited', { unit: 'second', count: 2 })).toBe(
      'Zbyt wiele prób. Spróbuj ponownie za 2 sekundy.',
    );
    expect(t('guestLookup.error.rateLimited', { unit: 'minute', count: 5 })).toBe(
      'Zbyt wiele prób. Spróbuj ponownie za 5 minut.',
    );
  });

  it('has one form in Japanese, Korean and Chinese', async () => {
    expect((await i18nFor('jp')).t('orders.detail.itemCount', { count: 1 })).toBe('1点');
    expect((await i18nFor('jp')).t('orders.detail.itemCount', { count: 1000 })).toBe('1,000点');
    expect((await i18nFor('kr')).t('orders.detail.itemCount', { count: 2 })).toBe('상품 2개');
    expect((await i18nFor('tw')).t('orders.detail.itemCount', { count: 2 })).toBe('2 件商品');
  });

  it('fills arguments and keeps apostrophes literal', async () => {
    const { t } = await i18nFor('us');
    expect(t('orders.detail.paymentEndingIn', { method: 'Visa', digits: '4242' })).toBe('Visa ending in 4242');
    expect(t('orders.history.empty')).toBe("You haven't placed any orders yet.");
    expect(t('orders.detail.itemCount', { count: 1 })).toBe('1 item');
  });

  it('picks the language of the route, else the country default', async () => {
    expect((await i18nFor('ch', 'fr')).t('app.nav.history')).toBe('Mes commandes');
    expect((await i18nFor('kr')).t('app.nav.history')).toBe('내 주문');
    expect((await i18nFor('tw')).t('app.nav.history')).toBe('我的訂單');
    expect((await i18nFor('cn')).t('app.nav.history')).toBe('我的订单');
    expect((await i18nFor('ae')).t('app.nav.history')).toBe('طلباتي');
    expect((await i18nFor('sa')).t('app.nav.history')).toBe('طلباتي');
    expect((await i18nFor('de')).t('app.nav.history')).toBe('Meine Bestellungen');
    // A language without a catalogue reads English.
    expect((await i18nFor('dk')).t('app.nav.history')).toBe('My orders');
  });

  it('writes Arabic right to left and everything else left to right', async () => {
    expect((await i18nFor('eg')).dir).toBe('rtl');
    expect((await i18nFor('ae')).dir).toBe('rtl');
    expect((await i18nFor('de')).dir).toBe('ltr');
    expect((await i18nFor('il')).dir).toBe('ltr'); // Hebrew has no catalogue yet: English, left to right.
  });

  it('pseudo-localizes every message: brackets, accents, longer, arguments intact', async () => {
    const { t } = await i18nFor('us', 'xa');
    expect(t('app.nav.history')).toBe(`[${pseudoText('My orders')}]`);
    expect(t('orders.detail.itemCount', { count: 3 })).toBe(`[3 ${pseudoText('items')}]`);
    expect(pseudoText('Orders').length).toBeGreaterThanOrEqual(Math.round('Orders'.length * 1.3));
  });
});

/** A one-message catalogue compiled the way the build compiles the JSON files. */
function withMessage(country: string, language: string, text: string) {
  const locale = resolveLocale(country, null);
  const key = 'orders.detail.summary' as MessageKey;
  return createI18n(locale, { [key]: compileMessage(key, text) } as Messages, language).t.bind(null, key);
}

describe('select, number and date arguments', () => {
  const SHIPPING =
    '{method, select, pickup {الاستلام من المتجر} delivery {التوصيل إلى المنزل} other {أخرى}} · {weight, number} كغ';
  it('selects a branch and formats numbers in Arabic (Egypt: Arabic-Indic digits)', () => {
    const t = withMessage('eg', 'ar', SHIPPING);
    expect(t({ method: 'pickup', weight: 1.5 })).toBe('الاستلام من المتجر · ١٫٥ كغ');
    expect(t({ method: 'drone', weight: 2 })).toBe('أخرى · ٢ كغ');
  });

  it('nests a plural in a select in Polish', () => {
    const t = withMessage(
      'pl',
      'pl',
      '{kind, select, return {{count, plural, one {# zwrot} few {# zwroty} many {# zwrotów} other {# zwrotu}}} other {{count, number}}}',
    );
    expect(t({ kind: 'return', count: 4 })).toBe('4 zwroty');
    expect(t({ kind: 'return', count: 5 })).toBe('5 zwrotów');
    expect(t({ kind: 'other', count: 12345 }).replace(/\s/g, ' ')).toBe('12 345');
  });

  it('fails the build on a broken message, naming its key', () => {
    expect(() => compileMessage('orders.x', '{count, plural, one {# item}}')).toThrow(/ICU syntax error in "orders.x"/);
    expect(() => compileMessage('orders.y', 'Order {orderNumber')).toThrow(/"orders.y"/);
    expect(compileMessage('orders.z', "You haven't")).toBe("You haven't");
  });

  it('formats a date argument in Japanese', () => {
    const t = withMessage('jp', 'ja', '{day, date, long}までにお届け');
    expect(t({ day: new Date(Date.UTC(2026, 10, 5, 12)) })).toBe('2026年11月5日までにお届け');
  });
});

function Probe() {
  const { t } = useI18n();
  return <p>{t('app.nav.history')}</p>;
}

describe('I18nProvider', () => {
  it('sets dir="rtl" and lang on <html> for Arabic', async () => {
    render(
      <I18nProvider locale={resolveLocale('sa', null)} fallback={<p>…</p>}>
        <Probe />
      </I18nProvider>,
    );
    expect(await screen.findByText('طلباتي')).toBeInTheDocument();
    expect(document.documentElement.dir).toBe('rtl');
    expect(document.documentElement.lang).toBe('ar-SA');
  });

  it('sets dir="ltr" and the script subtag for Traditional Chinese', async () => {
    render(
      <I18nProvider locale={resolveLocale('tw', null)} fallback={<p>…</p>}>
        <Probe />
      </I18nProvider>,
    );
    expect(await screen.findByText('我的訂單')).toBeInTheDocument();
    expect(document.documentElement.dir).toBe('ltr');
    expect(document.documentElement.lang).toBe('zh-Hant-TW');
  });
});
