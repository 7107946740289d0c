import { describe, expect, it } from 'vitest';
import type { PickupHours } from '@/shared/api/types';
import {
  addDays,
  hoursOn,
  parseDuration,
  parseStartTime,
  storeLocalTime,
  storeStatus,
  upcomingSpecialHours,
  weekdayOf,
  weeklyHours,
  type StoreLocalTime,
  type StoreStatus,
} from './store-hours';

const at = (hh: number, mm = 0) => hh * 60 + mm;
const open = (startTime: string, duration: string) => ({ startTime, duration });

/** Monday to Saturday 10:00 for 11 hours, Sunday 11:00 for 9.5 hours (closes 20:30). */
const STORE: PickupHours = {
  regularHours: {
    monday: open('10:00', '11'),
    tuesday: open('10:00', '11'),
    wednesday: open('10:00', '11'),
    thursday: open('10:00', '11'),
    friday: open('10:00', '11'),
    saturday: open('10:00', '11'),
    sunday: open('11:00', '9.5'),
  },
  specialHours: [],
};

const withHours = (regular: PickupHours['regularHours'], special: PickupHours['specialHours'] = []): PickupHours => ({
  regularHours: regular,
  specialHours: special,
});

/** 2026-11-02 is a Monday. */
const local = (date: string, minutes: number): StoreLocalTime => ({ date, weekday: weekdayOf(date), minutes });

describe('parsing hours', () => {
  it.each([
    ['10:00', 600],
    ['9:30', 570],
    ['00:00', 0],
    ['23:59', 1439],
    [' 07:05 ', 425],
    ['24:00', null],
    ['10:60', null],
    ['10', null],
    ['', null],
    ['ten', null],
  ])('start time %j is %j minutes', (text, minutes) => {
    expect(parseStartTime(text)).toBe(minutes);
  });

  it.each([
    ['9', 540],
    ['9.5', 570],
    ['10.25', 615],
    ['0', 0],
    ['24', 1440],
    ['24.5', null],
    ['-1', null],
    ['9,5', null],
    ['', null],
    ['nine', null],
  ])('duration %j is %j minutes', (text, minutes) => {
    expect(parseDuration(text)).toBe(minutes);
  });
});

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
    ['regular weekday hours, closing = start + duration', STORE, '2026-11-02', { opens: at(10), closes: at(21) }],
    ['fractional duration (Sunday 11:00 + 9.5 h)', STORE, '2026-11-01', { opens: at(11), closes: at(20, 30) }],
    ['quarter hours', withHours({ monday: open('09:45', '8.25') }), '2026-11-02', { opens: at(9, 45), closes: at(18) }],
    ['a day missing from regularHours is closed', withHours({ monday: open('10:00', '8') }), '2026-11-03', null],
    ['a zero duration is closed', withHours({ monday: open('10:00', '0') }), '2026-11-02', null],
    ['an unreadable regular entry is closed', withHours({ monday: open('late', '8') }), '2026-11-02', null],
    [
      'weekday names are matched regardless of case',
      withHours({ Monday: open('10:00', '8') }),
      '2026-11-02',
      { opens: at(10), closes: at(18) },
    ],
    [
      'a special entry for the date overrides the regular hours',
      withHours(STORE.regularHours, [{ date: '2026-11-02', startTime: '12:00', duration: '4.5' }]),
      '2026-11-02',
      { opens: at(12), closes: at(16, 30) },
    ],
    [
      'a special entry can close a regular day',
      withHours(STORE.regularHours, [{ date: '2026-12-25', startTime: '00:00', duration: '0' }]),
      '2026-12-25',
      null,
    ],
    [
      'a special entry can open a day missing from regularHours',
      withHours({}, [{ date: '2026-11-03', startTime: '08:00', duration: '2' }]),
      '2026-11-03',
      { opens: at(8), closes: at(10) },
    ],
    [
      'a special entry for another date changes nothing',
      withHours(STORE.regularHours, [{ date: '2026-11-09', startTime: '12:00', duration: '2' }]),
      '2026-11-02',
      { opens: at(10), closes: at(21) },
    ],
    [
      'an unreadable special entry leaves the regular hours',
      withHours(STORE.regularHours, [{ date: '2026-11-02', startTime: 'noon', duration: '2' }]),
      '2026-11-02',
      { opens: at(10), closes: at(21) },
    ],
    ['open past midnight', withHours({ friday: open('20:00', '6') }), '2026-11-06', { opens: at(20), closes: at(26) }],
  ])('%s', (_, hours, date, expected) => {
    expect(hoursOn(hours, date)).toEqual(expected);
  });

  it('lists the week Monday to Sunday from the regular hours', () => {
    const week = weeklyHours(withHours({ sunday: open('11:00', '9.5'), monday: open('10:00', '11') }));
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
    const hours = withHours(STORE.regularHours, [
      { date: '2026-11-09', startTime: '10:00', duration: '2' },
      { date: '2026-11-05', startTime: '12:00', duration: '3' },
      { date: '2026-11-01', startTime: '12:00', duration: '3' },
      { date: '2026-11-03', startTime: '00:00', duration: '0' },
      { date: '2026-11-04', startTime: 'x', duration: '1' },
    ]);
    expect(upcomingSpecialHours(hours, '2026-11-02')).toEqual([
      { date: '2026-11-03', hours: null },
      { date: '2026-11-05', hours: { opens: at(12), closes: at(15) } },
    ]);
  });
});

describe('open now / closed now', () => {
  const holiday = withHours(STORE.regularHours, [{ date: '2026-11-02', startTime: '00:00', duration: '0' }]);
  const shortDay = withHours(STORE.regularHours, [{ date: '2026-11-02', startTime: '12:00', duration: '2.5' }]);
  const lateNight = withHours({ friday: open('20:00', '6'), saturday: open('10:00', '4') });
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
      withHours({ thursday: open('09:00', '8') }),
      local('2026-11-02', at(12)),
      closed('2026-11-05', at(9), false),
    ],
    ['no hours in the coming week', withHours({}), local('2026-11-02', at(12)), { kind: 'closed', next: null }],
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
    const christmas = withHours(STORE.regularHours, [{ date: '2026-12-25', startTime: '00:00', duration: '0' }]);
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
