/** The one way a store's opening hours are written, on every store card (order, curbside, return store). */
import type { Opening } from '@/shared/api/types';
import type { I18n } from '@/shared/i18n/i18n-context';
import { formatTimeOfDay } from './clock';

export const MINUTES_PER_DAY = 24 * 60;

/**
 * One day's opening in minutes after the store-local midnight, as the server reads it (`Opening`):
 * `closes` is `opens` plus the duration and passes 1440 when the store stays open past midnight.
 */
export interface DayOpening {
  opens: number;
  closes: number;
}

/** The server's `Opening` (null: closed that day) in the shape above. */
export const dayOpening = (opening: Opening | null | undefined): DayOpening | null =>
  opening ? { opens: opening.opensMinutes, closes: opening.closesMinutes } : null;

/**
 * An opening that lasts the whole day: the server's duration of 24 hours (`closesMinutes` is
 * `opensMinutes` + 1440: 00:00 to 24:00 for a store open round the clock, walk minor 14).
 */
export const isOpenAllDay = (hours: DayOpening): boolean => hours.closes - hours.opens >= MINUTES_PER_DAY;

/** "10:00 AM – 8:00 PM", "Open 24 hours" or "Closed", in the shopper's language and clock. */
export function formatDayHours(hours: DayOpening | null, { t, locale }: Pick<I18n, 't' | 'locale'>): string {
  if (!hours) return t('common.storeHours.closed');
  if (isOpenAllDay(hours)) return t('common.storeHours.open24Hours');
  return t('common.storeHours.range', {
    opens: formatTimeOfDay(hours.opens, locale),
    closes: formatTimeOfDay(hours.closes, locale),
  });
}
