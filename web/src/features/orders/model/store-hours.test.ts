import { describe, expect, it } from 'vitest';
import type { PickupHours } from '@/shared/api/types';
import {
  WEEKDAYS,
  addDays,
  hoursOn,
  storeLocalTime,
  storeStatus,
  upcomingSpecialHours,
  weekdayOf,
  weeklyHours,
  type StoreLocalTime,
  type StoreStatus,
  type Weekday,
} from './store-hours';

const at = (hh: number, mm = 0) => hh * 60 + mm;

/** Opening and closing minutes, or null: closed. */
type Day = [number, number] | null;

/**
 * Hours as the server sends them read (`weekly`, `specialDays`); reading the text is the server's, and its cases
 * are the domain's tests (crates/domain/src/store_hours.rs). The text fields are left empty: the view does not
 * read them.
 */
const read = (week: Partial<Record<Weekday, Day>>, special: [string, Day][] = []): PickupHours => {
  const opening = (day: Day | undefined) => (day ? { opensMinutes: day[0], closesMinutes: day[1] } : null);
  return {
    regularHours: {},
    specialHours: [],
    weekly: WEEKDAYS.map((weekday) => ({ weekday, hours: opening(week[weekday]) })),
    specialDays: special.map(([date, day]) => ({ date, hours: opening(day) })),
  };
};

/** Monday to Saturday 10:00 for 11 hours, Sunday 11:00 for 9.5 hours (closes 20:30). */
const WEEK: Partial<Record<Weekday, Day>> = {
  monday: [at(10), at(21)],
  tuesday: [at(10), at(21)],
  wednesday: [at(10), at(21)],
  thursday: [at(10), at(21)],
  friday: [at(10), at(21)],
  saturday: [at(10), at(21)],
  sunday: [at(11), at(20, 30)],
};
const STORE = read(WEEK);

/** 2026-11-02 is a Monday. */
const local = (date: string, minutes: number): StoreLocalTime => ({ date, weekday: weekdayOf(date), minutes });

describe('calendar dates', () => {
  it.each([
    ['2026-11-02', 'monday'],
    ['2026-11-01', 'sunday'],
    ['2026-12-25', 'friday'],
    ['2028-02-29', 'tuesday'],
  ])('%s is a %s', (date, weekday) => {
    expect(weekdayOf(date)).toBe(weekday);
  });

  it.each([
    ['2026-11-02', -1, '2026-11-01'],
    ['2026-12-31', 1, '2027-01-01'],
    ['2028-02-28', 1, '2028-02-29'],
    ['2026-03-01', -1, '2026-02-28'],
  ])('%s plus %i days is %s', (date, days, expected) => {
    expect(addDays(date, days)).toBe(expected);
  });
});

describe('the hours on a date', () => {
  it.each<[string, PickupHours, string, { opens: number; closes: number } | null]>([
    ['regular weekday hours', STORE, '2026-11-02', { opens: at(10), closes: at(21) }],
    ['Sunday closes at 20:30', STORE, '2026-11-01', { opens: at(11), closes: at(20, 30) }],
    ['a closed weekday', read({ monday: [at(10), at(18)] }), '2026-11-03', null],
    [
      'special hours dated that day override the regular hours',
      read(WEEK, [['2026-11-02', [at(12), at(16, 30)]]]),
      '2026-11-02',
      { opens: at(12), closes: at(16, 30) },
    ],
    ['special hours can close a regular day', read(WEEK, [['2026-12-25', null]]), '2026-12-25', null],
    [
      'special hours can open a closed weekday',
      read({}, [['2026-11-03', [at(8), at(10)]]]),
      '2026-11-03',
      { opens: at(8), closes: at(10) },
    ],
    [
      'special hours of another date change nothing',
      read(WEEK, [['2026-11-09', [at(12), at(14)]]]),
      '2026-11-02',
      { opens: at(10), closes: at(21) },
    ],
    ['open past midnight', read({ friday: [at(20), at(26)] }), '2026-11-06', { opens: at(20), closes: at(26) }],
  ])('%s', (_, hours, date, expected) => {
    expect(hoursOn(hours, date)).toEqual(expected);
  });

  it('lists the week Monday to Sunday from the regular hours', () => {
    const week = weeklyHours(read({ sunday: [at(11), at(20, 30)], monday: [at(10), at(21)] }));
    expect(week.map((day) => day.weekday)).toEqual([
      'monday',
      'tuesday',
      'wednesday',
      'thursday',
      'friday',
      'saturday',
      'sunday',
    ]);
    expect(week.map((day) => day.hours)).toEqual([
      { opens: at(10), closes: at(21) },
      null,
      null,
      null,
      null,
      null,
      { opens: at(11), closes: at(20, 30) },
    ]);
  });

  it('lists the special hours of the coming week in date order', () => {
    const hours = read(WEEK, [
      ['2026-11-01', [at(12), at(15)]],
      ['2026-11-03', null],
      ['2026-11-05', [at(12), at(15)]],
      ['2026-11-09', [at(10), at(12)]],
    ]);
    expect(upcomingSpecialHours(hours, '2026-11-02')).toEqual([
      { date: '2026-11-03', hours: null },
      { date: '2026-11-05', hours: { opens: at(12), closes: at(15) } },
    ]);
  });
});

describe('open now / closed now', () => {
  const holiday = read(WEEK, [['2026-11-02', null]]);
  const shortDay = read(WEEK, [['2026-11-02', [at(12), at(14, 30)]]]);
  const lateNight = read({ friday: [at(20), at(26)], saturday: [at(10), at(14)] });
  const closed = (date: string, opens: number, today: boolean): StoreStatus => ({
    kind: 'closed',
    next: { date, weekday: weekdayOf(date), opens, today },
  });

  it.each<[string, PickupHours, StoreLocalTime, StoreStatus]>([
    ['open during regular hours', STORE, local('2026-11-02', at(15)), { kind: 'open', closes: at(21) }],
    ['open from the opening minute', STORE, local('2026-11-02', at(10)), { kind: 'open', closes: at(21) }],
    [
      'closed at the closing minute, opening tomorrow',
      STORE,
      local('2026-11-02', at(21)),
      closed('2026-11-03', at(10), false),
    ],
    ['before opening: opens today', STORE, local('2026-11-02', at(8, 30)), closed('2026-11-02', at(10), true)],
    [
      'fractional duration: open at 20:29 on Sunday',
      STORE,
      local('2026-11-01', at(20, 29)),
      { kind: 'open', closes: at(20, 30) },
    ],
    [
      'fractional duration: closed at 20:30 on Sunday',
      STORE,
      local('2026-11-01', at(20, 30)),
      closed('2026-11-02', at(10), false),
    ],
    [
      'special hours override: holiday closes a regular day',
      holiday,
      local('2026-11-02', at(15)),
      closed('2026-11-03', at(10), false),
    ],
    [
      'special hours override: short day, open',
      shortDay,
      local('2026-11-02', at(13)),
      { kind: 'open', closes: at(14, 30) },
    ],
    [
      'special hours override: short day, closed early',
      shortDay,
      local('2026-11-02', at(15)),
      closed('2026-11-03', at(10), false),
    ],
    [
      'special hours override: short day, opens later',
      shortDay,
      local('2026-11-02', at(11)),
      closed('2026-11-02', at(12), true),
    ],
    [
      'skips days missing from regularHours to the next opening',
      read({ thursday: [at(9), at(17)] }),
      local('2026-11-02', at(12)),
      closed('2026-11-05', at(9), false),
    ],
    ['no hours in the coming week', read({}), local('2026-11-02', at(12)), { kind: 'closed', next: null }],
    [
      'open past midnight, still open on the next day',
      lateNight,
      local('2026-11-07', at(1, 30)),
      { kind: 'open', closes: at(2) },
    ],
    ['open past midnight, closing time wraps', lateNight, local('2026-11-06', at(23)), { kind: 'open', closes: at(2) }],
    ['open past midnight, closed after', lateNight, local('2026-11-07', at(2)), closed('2026-11-07', at(10), true)],
  ])('%s', (_, hours, now, expected) => {
    expect(storeStatus(hours, now)).toEqual(expected);
  });
});

describe('a store open 24 hours (walk minor 14)', () => {
  const allDay: Day = [0, at(24)];
  const everyDay = read(Object.fromEntries(WEEKDAYS.map((weekday) => [weekday, allDay])));

  it.each<[string, PickupHours, StoreLocalTime, StoreStatus]>([
    [
      'every day 00:00 to 24:00: no closing in the coming week',
      everyDay,
      local('2026-11-02', at(15)),
      { kind: 'open', closes: null },
    ],
    [
      'a 24-hour day carries on into the next day, which closes within a day: the time alone',
      read({ monday: allDay, tuesday: [0, at(20)] }),
      local('2026-11-02', at(23)),
      { kind: 'open', closes: at(20) },
    ],
    [
      'a 24-hour day carries on into the next day, which closes a day or more away: its weekday',
      read({ monday: allDay, tuesday: [0, at(20)] }),
      local('2026-11-02', at(10)),
      { kind: 'open', closes: at(20), closesOn: 'tuesday' },
    ],
    [
      'a 24-hour week with a closed holiday closes at the holiday midnight',
      read(Object.fromEntries(WEEKDAYS.map((weekday) => [weekday, allDay])), [['2026-11-05', null]]),
      local('2026-11-02', at(10)),
      { kind: 'open', closes: 0, closesOn: 'thursday' },
    ],
    [
      "a late opening that runs into the next morning's hours carries on",
      read({ friday: [at(20), at(26)], saturday: [at(1), at(14)] }),
      local('2026-11-06', at(23)),
      { kind: 'open', closes: at(14) },
    ],
    [
      'a 24-hour day followed by a day opening later closes at midnight',
      read({ monday: allDay, tuesday: [at(10), at(20)] }),
      local('2026-11-02', at(10)),
      { kind: 'open', closes: 0 },
    ],
  ])('%s', (_, hours, now, expected) => {
    expect(storeStatus(hours, now)).toEqual(expected);
  });
});

describe('store-local time', () => {
  // 03:00 UTC on Monday 2 November 2026 is Monday noon in Tokyo but still Sunday evening in New York.
  const instant = new Date('2026-11-02T03:00:00Z');

  it.each([
    ['Asia/Tokyo', { date: '2026-11-02', weekday: 'monday', minutes: at(12) }],
    ['America/New_York', { date: '2026-11-01', weekday: 'sunday', minutes: at(22) }],
    ['Europe/London', { date: '2026-11-02', weekday: 'monday', minutes: at(3) }],
    ['UTC', { date: '2026-11-02', weekday: 'monday', minutes: at(3) }],
  ])('in %s', (timeZone, expected) => {
    expect(storeLocalTime(instant, timeZone)).toEqual(expected);
  });

  it('is null for an unknown time zone', () => {
    expect(storeLocalTime(instant, 'Nowhere/Special')).toBeNull();
  });

  it.each<[string, StoreStatus]>([
    // Monday noon in Tokyo: open until 21:00.
    ['Asia/Tokyo', { kind: 'open', closes: at(21) }],
    // Sunday 22:00 in New York: Sunday closed at 20:30, opens Monday 10:00.
    [
      'America/New_York',
      { kind: 'closed', next: { date: '2026-11-02', weekday: 'monday', opens: at(10), today: false } },
    ],
  ])('the same instant gives a different status in %s', (timeZone, expected) => {
    const now = storeLocalTime(instant, timeZone);
    expect(now).not.toBeNull();
    expect(storeStatus(STORE, now!)).toEqual(expected);
  });

  it('picks special hours by the store-local date, not the UTC date', () => {
    // 01:00 UTC on 25 December is Christmas morning in Tokyo (closed) but Christmas Eve evening in New York (open).
    const christmas = read(WEEK, [['2026-12-25', null]]);
    const instant = new Date('2026-12-25T01:00:00Z');
    const tokyo = storeLocalTime(instant, 'Asia/Tokyo')!;
    expect(tokyo).toEqual({ date: '2026-12-25', weekday: 'friday', minutes: at(10) });
    expect(storeStatus(christmas, tokyo)).toEqual({
      kind: 'closed',
      next: { date: '2026-12-26', weekday: 'saturday', opens: at(10), today: false },
    });
    const newYork = storeLocalTime(instant, 'America/New_York')!;
    expect(newYork).toEqual({ date: '2026-12-24', weekday: 'thursday', minutes: at(20) });
    expect(storeStatus(christmas, newYork)).toEqual({ kind: 'open', closes: at(21) });
  });
});
