// The named import keeps the file's other keys (its `_comment`) out of the bundle.
import { groups } from '@data/countries/formats.json';

/** The spec's date formats (§9), expressed as Intl options. */
export type DateFormat = 'long' | 'longWithWeekday' | 'shortWithDay' | 'shortWithFullDay' | 'short' | 'time';
export type DateFormats = Partial<Record<DateFormat, Intl.DateTimeFormatOptions>>;

/**
 * Format group 1 of the country data the server serves (`data/countries/formats.json`), read from that one
 * file: what dates look like until the country's own formats arrive with /config (`locale.dateFormats`,
 * which decides; `CountryFormats` in shared/i18n), and in component tests that load no configuration.
 */
export const DATE_FORMAT_OPTIONS = groups['1'] as Record<DateFormat, Intl.DateTimeFormatOptions>;

const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;

/** Accepts RFC 3339 times and calendar dates; a trailing "[UTC]" zone name is dropped (spec §3). */
export function parseApiDate(value: string): { date: Date; dateOnly: boolean } | null {
  const text = value.replace(/\[UTC\]$/, '').trim();
  const dateOnly = DATE_ONLY.test(text);
  const date = new Date(dateOnly ? `${text}T00:00:00Z` : text);
  return Number.isNaN(date.getTime()) ? null : { date, dateOnly };
}

export interface DateLocale {
  intlLocale: string;
  hour12: boolean;
  /** The country's formats from /config; a format it lacks is group 1's. */
  formats?: DateFormats;
}

/**
 * The clock for times of day. `hour12: false` is not used: some locales (en-US, ko-KR) then write
 * midnight as "24:00".
 */
export const hourCycle = (locale: DateLocale): 'h12' | 'h23' => (locale.hour12 ? 'h12' : 'h23');

/**
 * Formats in the shopper's locale and time zone. Calendar dates (an estimated delivery day) have
 * no time zone and are shown as the same day everywhere.
 */
export function formatDate(value: string, format: DateFormat, locale: DateLocale): string {
  const parsed = parseApiDate(value);
  if (!parsed) return value;
  const options: Intl.DateTimeFormatOptions = { ...(locale.formats?.[format] ?? DATE_FORMAT_OPTIONS[format]) };
  if (format === 'time') options.hourCycle = hourCycle(locale);
  if (parsed.dateOnly) options.timeZone = 'UTC';
  return dateFormatter(locale.intlLocale, options).format(parsed.date);
}

/**
 * Formatters by locale and options, made once: a history page formats a few dates per card, and making a
 * formatter costs the engine far more than using one.
 */
const dateFormatters = new Map<string, Intl.DateTimeFormat>();

function dateFormatter(intlLocale: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `${intlLocale}|${JSON.stringify(options)}`;
  let format = dateFormatters.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(intlLocale, options);
    dateFormatters.set(key, format);
  }
  return format;
}

/** What a global scope may have of Temporal (Chromium has it; TypeScript's libraries do not yet). */
export interface TemporalScope {
  Temporal?: { Now?: { timeZoneId?: () => string } };
}

/**
 * The IANA time zone `scope` is in: Temporal's answer where it has one, which formats nothing; else a date
 * formatter's, whose first use makes the engine load its date data (on a phone-speed CPU that held the request
 * of an order's page back by about 150 ms, docs/performance.md).
 */
export function timeZoneIn(scope: TemporalScope): string {
  return scope.Temporal?.Now?.timeZoneId?.() ?? Intl.DateTimeFormat().resolvedOptions().timeZone;
}

let browserZone: string | undefined;

/** The browser's IANA time zone, asked for once per visit. */
export function browserTimeZone(): string {
  browserZone ??= timeZoneIn(globalThis as TemporalScope);
  return browserZone;
}
