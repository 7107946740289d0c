/** Store hours: wall-clock times, weekday names and time-zone names (kept apart from dates.ts, which every page loads). */
import { hourCycle, DATE_FORMAT_OPTIONS, type DateLocale } from './dates';

const clockFormatters = new Map<string, Intl.DateTimeFormat>();

/**
 * A wall-clock time of day given as minutes after midnight (a store's "10:00"), in the shopper's
 * locale and clock. No time zone conversion: 10:00 is shown as 10:00 (or 10:00 AM).
 */
export function formatTimeOfDay(minutes: number, locale: DateLocale): string {
  const key = `${locale.intlLocale}|${hourCycle(locale)}`;
  let format = clockFormatters.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(locale.intlLocale, {
      ...DATE_FORMAT_OPTIONS.time,
      hourCycle: hourCycle(locale),
      timeZone: 'UTC',
    });
    clockFormatters.set(key, format);
  }
  const wrapped = ((Math.round(minutes) % 1440) + 1440) % 1440;
  return format.format(Date.UTC(2000, 0, 1, Math.floor(wrapped / 60), wrapped % 60));
}

/** Monday to Sunday, written out in the shopper's language ("Monday", "lundi", "月曜日"). */
export function weekdayNames(intlLocale: string): string[] {
  const format = new Intl.DateTimeFormat(intlLocale, { weekday: 'long', timeZone: 'UTC' });
  // 1 January 2024 was a Monday.
  return Array.from({ length: 7 }, (_, day) => format.format(Date.UTC(2024, 0, 1 + day)));
}

/** An IANA time zone as the shopper reads it ("Eastern Time", "heure du Japon"); the IANA name when Intl does not know it. */
export function timeZoneName(timeZone: string, intlLocale: string, at: Date = new Date()): string {
  try {
    const parts = new Intl.DateTimeFormat(intlLocale, { timeZone, timeZoneName: 'longGeneric' }).formatToParts(at);
    return parts.find((part) => part.type === 'timeZoneName')?.value ?? timeZone;
  } catch {
    return timeZone;
  }
}
