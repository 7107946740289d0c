import { describe, expect, it } from 'vitest';
import {
  DUPLICATE_MARKER,
  charsRemaining,
  errorActions,
  errorKindOf,
  idFromLocation,
  keepsPolling,
  loadSaved,
  pageStatusOf,
  progress,
  save,
  todaysHours,
  vehicleIsValid,
} from './curbside';

describe('curbside rules', () => {
  it('maps statuses to progress values', () => {
    expect(progress(null)).toBe(25);
    expect(progress(pageStatusOf('SUBMITTED'))).toBe(50);
    expect(progress(pageStatusOf('CLAIMED'))).toBe(75);
    expect(progress(pageStatusOf('COMPLETE'))).toBe(100);
    expect(progress(pageStatusOf('CANCELLED_CONSUMER'))).toBe(100);
    expect(progress('duplicateRequest')).toBe(0);
    expect(keepsPolling('initial') && keepsPolling('claimed')).toBe(true);
    expect(keepsPolling('completed') || keepsPolling('duplicateRequest')).toBe(false);
  });

  it('counts vehicle characters as the shopper sees them', () => {
    expect(charsRemaining('')).toBe(100);
    expect(charsRemaining('青いプリウス')).toBe(94);
    expect(charsRemaining('🚗 red')).toBe(95);
    expect(vehicleIsValid('   ')).toBe(false);
    expect(vehicleIsValid('x'.repeat(100))).toBe(true);
    expect(vehicleIsValid('x'.repeat(101))).toBe(false);
  });

  it('takes the duplicate id from Location, else the marker', () => {
    const id = '0f8fad5b-d9cb-469f-a165-70867728950e';
    expect(idFromLocation(`/store/order_pickups/v1/${id}`)).toBe(id);
    expect(idFromLocation(null)).toBe(DUPLICATE_MARKER);
    expect(idFromLocation('/elsewhere/not-an-id')).toBe(DUPLICATE_MARKER);
  });

  it('offers retry below 3 attempts, then contact us', () => {
    expect(errorActions('fetchFailed', 0)).toEqual({ retry: true, contact: false });
    expect(errorActions('noCurbside', 2)).toEqual({ retry: true, contact: false });
    expect(errorActions('fetchFailed', 3)).toEqual({ retry: false, contact: true });
    expect(errorActions('storeClosed', 0)).toEqual({ retry: false, contact: false });
    expect(errorActions('missingParameters', 0)).toEqual({ retry: false, contact: true });
    expect(errorKindOf('curbside-store-closed')).toBe('storeClosed');
    expect(errorKindOf('whatever')).toBe('fetchFailed');
  });

  it('keeps the state per order number in session storage', () => {
    save('C1', { id: 'abc', status: 'claimed' });
    expect(loadSaved('C1')).toEqual({ id: 'abc', status: 'claimed' });
    expect(loadSaved('C2')).toBeNull();
    sessionStorage.setItem('orders.curbside.C3', '{broken');
    expect(loadSaved('C3')).toBeNull();
    save('C1', null);
    expect(loadSaved('C1')).toBeNull();
  });

  it("finds today's hours in the store's time zone, special hours first", () => {
    // As the server reads them: Monday 10:00 for 9 hours, Tuesday closed, 24 November 12:00 for 4 hours.
    const hours = {
      weekly: [
        { weekday: 'monday', hours: { opensMinutes: 600, closesMinutes: 1140 } },
        { weekday: 'tuesday', hours: null },
      ],
      specialDays: [{ date: '2026-11-24', hours: { opensMinutes: 720, closesMinutes: 960 } }],
    };
    // 2026-11-23 20:00 UTC is Monday noon in Los Angeles, and already Tuesday in Tokyo.
    const now = new Date(Date.UTC(2026, 10, 23, 20, 0));
    expect(todaysHours(hours, now, 'America/Los_Angeles')).toEqual({ opens: 600, closes: 1140 });
    expect(todaysHours(hours, now, 'Asia/Tokyo')).toEqual({ opens: 720, closes: 960 });
    expect(
      todaysHours({ weekly: [{ weekday: 'tuesday', hours: null }], specialDays: [] }, now, 'Asia/Tokyo'),
    ).toBeNull();
  });
});
