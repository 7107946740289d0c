import { describe, expect, it } from 'vitest';
import { resolveLocale } from '@/shared/i18n/locale-table';
import { formatTimeOfDay, timeZoneName, weekdayNames } from './clock';
import { formatDate, parseApiDate } from './dates';
import { formatMoney, sumMoney } from './money';

describe('formatMoney', () => {
  it('shows zero with no fraction digits', () => {
    expect(formatMoney(0, 'USD', 'en-US')).toBe('$0');
    expect(formatMoney(0, 'EUR', 'fr-FR')).toBe('0\u00a0€');
  });

  it('formats in the order currency for the shopper locale', () => {
    expect(formatMoney(129.6, 'USD', 'en-US')).toBe('$129.60');
    expect(formatMoney(129.6, 'USD', 'en-GB')).toBe('US$129.60');
    expect(formatMoney(1234.5, 'EUR', 'fr-FR')).toBe('1\u202f234,50\u00a0€');
    expect(formatMoney(13750, 'JPY', 'ja-JP')).toBe('￥13,750');
    expect(formatMoney(99.9, 'EUR', 'de-DE')).toBe('99,90\u00a0€');
  });

  it('adds money in minor units', () => {
    expect(sumMoney([0.1, 0.2], 'USD')).toBe(0.3);
    expect(sumMoney([0.001, 0.002], 'KWD')).toBe(0.003);
    expect(sumMoney([100, 50], 'JPY')).toBe(150);
  });
});

describe('formatDate', () => {
  const at = '2026-11-01T15:05:00Z';

  it('uses a 12-hour clock only in us, ca, au, mx and in', () => {
    for (const country of ['us', 'ca', 'au', 'mx', 'in']) {
      expect(formatDate(at, 'time', resolveLocale(country, null))).toMatch(/3:05\s?(PM|pm|p\.\s?m\.)/i);
    }
    for (const country of ['gb', 'fr', 'de', 'jp', 'nl']) {
      expect(formatDate(at, 'time', resolveLocale(country, null))).toBe('15:05');
    }
  });

  it('has the spec formats (format group 1 of data/countries/formats.json until /config answers)', () => {
    const us = resolveLocale('us', null);
    expect(formatDate(at, 'long', us)).toBe('November 1, 2026');
    expect(formatDate(at, 'longWithWeekday', us)).toBe('Sunday, November 1, 2026');
    expect(formatDate(at, 'shortWithDay', us)).toBe('Sun, Nov 1');
    expect(formatDate(at, 'shortWithFullDay', us)).toBe('Sunday, Nov 1');
    expect(formatDate(at, 'short', us)).toBe('11/01/2026');
    expect(formatDate(at, 'long', resolveLocale('jp', null))).toBe('2026年11月1日');
  });

  it('keeps a calendar date on its day and drops a trailing [UTC]', () => {
    expect(formatDate('2026-11-05', 'long', resolveLocale('us', null))).toBe('November 5, 2026');
    expect(parseApiDate('2026-11-01T10:00:00Z[UTC]')?.date.toISOString()).toBe('2026-11-01T10:00:00.000Z');
    expect(formatDate('not a date', 'long', resolveLocale('us', null))).toBe('not a date');
  });
});

describe("formatTimeOfDay (a store's wall-clock time)", () => {
  it.each([
    ['us', null, 21 * 60, '9:00 PM'],
    ['us', null, 0, '12:00 AM'],
    ['ca', 'fr', 20 * 60 + 30, '8 h 30 p.m.'],
    ['gb', null, 21 * 60, '21:00'],
    ['gb', null, 9 * 60 + 30, '9:30'],
    ['fr', 'fr', 20 * 60 + 30, '20:30'],
    ['jp', null, 10 * 60, '10:00'],
    // Past midnight wraps to the next day's clock.
    ['gb', null, 26 * 60, '2:00'],
  ])('%s/%s: %i minutes read %s', (country, language, minutes, expected) => {
    expect(formatTimeOfDay(minutes, resolveLocale(country, language)).replace(/\s/g, ' ')).toBe(expected);
  });

  it('never writes midnight as 24:00 on a 24-hour clock', () => {
    expect(formatTimeOfDay(0, resolveLocale('kr', null))).toBe('00:00');
    expect(formatDate('2026-11-01T00:00:00Z', 'time', resolveLocale('kr', null))).toBe('00:00');
  });

  it('names the weekdays Monday first in the shopper language', () => {
    expect(weekdayNames('en-US')).toEqual([
      'Monday',
      'Tuesday',
      'Wednesday',
      'Thursday',
      'Friday',
      'Saturday',
      'Sunday',
    ]);
    expect(weekdayNames('fr-FR')[0]).toBe('lundi');
    expect(weekdayNames('ja-JP')[6]).toBe('日曜日');
  });

  it('names a time zone, or falls back to its IANA name', () => {
    expect(timeZoneName('America/New_York', 'en-US')).toBe('Eastern Time');
    expect(timeZoneName('Asia/Tokyo', 'ja-JP')).toBe('日本標準時');
    expect(timeZoneName('Nowhere/Special', 'en-US')).toBe('Nowhere/Special');
  });
});

describe('resolveLocale', () => {
  it.each([
    [null, null, 'en-US', 'US'],
    ['gb', null, 'en-GB', 'GB'],
    ['fr', 'fr', 'fr-FR', 'FR'],
    ['ca', 'fr', 'fr-CA', 'CA'],
    ['jp', null, 'ja-JP', 'JP'],
    ['de', null, 'de-DE', 'DE'],
    ['kr', null, 'ko-KR', 'KR'],
    ['cn', null, 'zh-Hans-CN', 'CN'],
    ['tw', null, 'zh-Hant-TW', 'TW'],
    ['hk', 'zh', 'zh-Hant-HK', 'HK'],
    ['eg', null, 'ar-EG', 'EG'],
    ['sa', null, 'ar-SA', 'SA'],
    ['ae', null, 'ar-AE', 'AE'],
    ['ch', 'fr', 'fr-CH', 'CH'],
    ['nl', null, 'nl-NL', 'NL'],
    ['be', null, 'fr-BE', 'BE'],
  ])('maps %s/%s to %s', (country, language, intlLocale, market) => {
    expect(resolveLocale(country, language)).toMatchObject({ intlLocale, country: market });
  });
});
