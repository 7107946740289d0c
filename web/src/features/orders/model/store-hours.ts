import type { PickupHours } from '@/shared/api/types';
import { dayOpening, MINUTES_PER_DAY, type DayOpening } from '@/shared/format/store-hours';

/**
 * Pickup-store hours (spec 1 §3, spec 2 §4.5). The server reads the store's hours (`weekly`, `specialDays`:
 * each weekday's and each special date's opening in minutes after the store-local midnight); nothing here
 * parses them. Everything here is in the STORE's wall-clock time: a store in Tokyo opens at 10:00 Tokyo time
 * whoever is looking. Calendar dates are "YYYY-MM-DD" strings. No locale: the view formats.
 */

export const WEEKDAYS = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'] as const;
export type Weekday = (typeof WEEKDAYS)[number];

/** One day's opening. `closes` is `opens` plus the duration and may pass 1440 (open past midnight). */
export type DayHours = DayOpening;

/** The weekday of a calendar date (the date names a day; no time zone is involved). */
export function weekdayOf(date: string): Weekday {
  const [year = 0, month = 1, day = 1] = date.split('-').map(Number);
  const sundayFirst = new Date(Date.UTC(year, month - 1, day)).getUTCDay();
  return WEEKDAYS[(sundayFirst + 6) % 7] ?? 'monday';
}

/** Whole days from the calendar date `from` to `to` (negative when `to` is earlier). */
function daysBetween(from: string, to: string): number {
  const utc = (date: string) => {
    const [year = 0, month = 1, day = 1] = date.split('-').map(Number);
    return Date.UTC(year, month - 1, day);
  };
  return Math.round((utc(to) - utc(from)) / (MINUTES_PER_DAY * 60_000));
}

/** The calendar date `days` after `date` (negative goes back). */
export function addDays(date: string, days: number): string {
  const [year = 0, month = 1, day = 1] = date.split('-').map(Number);
  return new Date(Date.UTC(year, month - 1, day + days)).toISOString().slice(0, 10);
}

/** The regular hours for a weekday (null: closed). */
export function regularHoursOn(hours: PickupHours, weekday: Weekday): DayHours | null {
  return dayOpening(hours.weekly.find((day) => day.weekday === weekday)?.hours);
}

/** The special hours of a date: its hours, null when it closes the store, undefined when there are none. */
function specialHoursOn(hours: PickupHours, date: string): DayHours | null | undefined {
  const special = hours.specialDays.find((day) => day.date === date);
  return special ? dayOpening(special.hours) : undefined;
}

/** The hours on a store-local date: special hours dated that day override the weekday's regular hours. */
export function hoursOn(hours: PickupHours, date: string): DayHours | null {
  const special = specialHoursOn(hours, date);
  return special === undefined ? regularHoursOn(hours, weekdayOf(date)) : special;
}

/** Monday to Sunday with their regular hours (null: closed). */
export function weeklyHours(hours: PickupHours): { weekday: Weekday; hours: DayHours | null }[] {
  return WEEKDAYS.map((weekday) => ({ weekday, hours: regularHoursOn(hours, weekday) }));
}

/** Special-hours days from `today` for `days` days, in date order (null hours: closed that day). */
export function upcomingSpecialHours(
  hours: PickupHours,
  today: string,
  days = 7,
): { date: string; hours: DayHours | null }[] {
  const last = addDays(today, days - 1);
  // The server sends each date once, in date order.
  return hours.specialDays
    .filter((day) => day.date >= today && day.date <= last)
    .map((day) => ({ date: day.date, hours: dayOpening(day.hours) }));
}

/** A moment as the store sees it. */
export interface StoreLocalTime {
  date: string;
  weekday: Weekday;
  /** Minutes after the store-local midnight. */
  minutes: number;
}

const zoneFormatters = new Map<string, Intl.DateTimeFormat>();

/** The store-local date, weekday and time of an instant, or null when the time zone is not a known IANA name. */
export function storeLocalTime(instant: Date, timeZone: string): StoreLocalTime | null {
  let format = zoneFormatters.get(timeZone);
  if (!format) {
    try {
      // Read back as numbers, never shown: a fixed locale with Latin digits keeps the parts parseable.
      format = new Intl.DateTimeFormat('en', {
        timeZone,
        numberingSystem: 'latn',
        year: 'numeric',
        month: '2-digit',
        day: '2-digit',
        hour: '2-digit',
        minute: '2-digit',
        hourCycle: 'h23',
      });
    } catch {
      return null;
    }
    zoneFormatters.set(timeZone, format);
  }
  const parts = Object.fromEntries(format.formatToParts(instant).map((part) => [part.type, part.value]));
  const date = `${parts.year ?? ''}-${parts.month ?? ''}-${parts.day ?? ''}`;
  if (!/^\d{4}-\d{2}-\d{2}$/.test(date)) return null;
  // Some engines write midnight as hour 24 even with h23.
  const minutes = (Number(parts.hour) % 24) * 60 + Number(parts.minute);
  return { date, weekday: weekdayOf(date), minutes };
}

export type StoreStatus =
  | {
      kind: 'open';
      /** Closing time of day, 0 to 1439; null when the store does not close in the coming week (open 24 hours). */
      closes: number | null;
      /** The weekday it closes on, when that is a day or more away (a 24-hour day before a shorter one). */
      closesOn?: Weekday;
    }
  | {
      kind: 'closed';
      /** The next opening within a week, or null when the store has no hours in that time. */
      next: { date: string; weekday: Weekday; opens: number; today: boolean } | null;
    };

/** How far ahead "Closed now · opens ..." looks for the next opening, and "Open now · closes ..." for the closing. */
const NEXT_OPENING_HORIZON_DAYS = 7;

/**
 * Open now, in an opening that started on `date` and ends `closes` minutes after that date's midnight. An
 * opening that starts by the time the one before ends carries on from it (a store open 24 hours, 00:00 to 24:00,
 * day after day: walk minor 14), so the closing is the first moment the store is really shut.
 */
function openUntil(hours: PickupHours, now: StoreLocalTime, date: string, closes: number): StoreStatus {
  let day = date;
  let end = closes;
  for (;;) {
    const endDate = addDays(day, Math.floor(end / MINUTES_PER_DAY));
    const endMinutes = end % MINUTES_PER_DAY;
    const ahead = daysBetween(now.date, endDate) * MINUTES_PER_DAY + endMinutes - now.minutes;
    if (ahead > NEXT_OPENING_HORIZON_DAYS * MINUTES_PER_DAY) return { kind: 'open', closes: null };
    const next = hoursOn(hours, endDate);
    if (next && next.opens <= endMinutes && next.closes > endMinutes) {
      day = endDate;
      end = next.closes;
      continue;
    }
    return ahead < MINUTES_PER_DAY
      ? { kind: 'open', closes: endMinutes }
      : { kind: 'open', closes: endMinutes, closesOn: weekdayOf(endDate) };
  }
}

/** Open or closed at a store-local moment, with the closing time or the next opening. */
export function storeStatus(hours: PickupHours, now: StoreLocalTime): StoreStatus {
  // Yesterday's hours may run past midnight into today.
  const yesterday = hoursOn(hours, addDays(now.date, -1));
  if (yesterday && now.minutes < yesterday.closes - MINUTES_PER_DAY) {
    return openUntil(hours, now, addDays(now.date, -1), yesterday.closes);
  }
  const today = hoursOn(hours, now.date);
  if (today && now.minutes >= today.opens && now.minutes < today.closes) {
    return openUntil(hours, now, now.date, today.closes);
  }
  if (today && now.minutes < today.opens) {
    return { kind: 'closed', next: { date: now.date, weekday: now.weekday, opens: today.opens, today: true } };
  }
  for (let offset = 1; offset <= NEXT_OPENING_HORIZON_DAYS; offset++) {
    const date = addDays(now.date, offset);
    const day = hoursOn(hours, date);
    if (day) return { kind: 'closed', next: { date, weekday: weekdayOf(date), opens: day.opens, today: false } };
  }
  return { kind: 'closed', next: null };
}
