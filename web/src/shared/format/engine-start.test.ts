import { IntlMessageFormat } from 'intl-messageformat';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createI18n } from '@/shared/i18n/i18n-context';
import { resolveLocale } from '@/shared/i18n/locale-table';
import type { Messages } from '@/shared/i18n/messages';
import { timeZoneIn } from './dates';

// A page's start must not make the engine list every locale it has (`supportedLocalesOf`): on a phone-speed CPU
// that was the largest single piece of the history's blocking time (docs/performance.md, fifteenth session).
describe("a page's start", () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('resolves the shopper locale without asking the engine for its locale list', () => {
    const asked = vi.spyOn(Intl.NumberFormat, 'supportedLocalesOf');
    expect(resolveLocale('ca', 'fr').intlLocale).toBe('fr-CA');
    expect(resolveLocale('tw', null).intlLocale).toBe('zh-Hant-TW');
    expect(asked).not.toHaveBeenCalled();
  });

  it('falls back to the language alone for a tag that is not well-formed', () => {
    expect(resolveLocale('us', 'e!').intlLocale).toBe('e!');
    expect(resolveLocale('us', 'en').intlLocale).toBe('en-US');
  });

  it('formats a message with arguments without asking the engine for its locale list', () => {
    const asked = vi.spyOn(Intl.NumberFormat, 'supportedLocalesOf');
    const message = new IntlMessageFormat('{count, plural, one {# item} other {# items}}', 'en').getAst();
    const i18n = createI18n(resolveLocale('us', 'en'), { 'orders.items': message } as unknown as Messages, 'en');
    expect(i18n.t('orders.items' as never, { count: 2 })).toBe('2 items');
    expect(new IntlMessageFormat('{n, number}', ['de-DE', 'de']).format({ n: 1234.5 })).toBe('1.234,5');
    expect(asked).not.toHaveBeenCalled();
  });
});

describe('timeZoneIn', () => {
  it('is asked of Temporal where the browser has it, without a date formatter', () => {
    const made = vi.spyOn(Intl, 'DateTimeFormat');
    expect(timeZoneIn({ Temporal: { Now: { timeZoneId: () => 'Asia/Tokyo' } } })).toBe('Asia/Tokyo');
    expect(made).not.toHaveBeenCalled();
  });

  it("is the date formatter's time zone where there is no Temporal", () => {
    expect(timeZoneIn({})).toBe(Intl.DateTimeFormat().resolvedOptions().timeZone);
  });
});
