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
  startingPickup,
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

describe('the request the page starts from', () => {
  const OPEN = '0f8fad5b-d9cb-469f-a165-70867728950e';
  const OTHER = '7c9e6679-7425-40de-944b-e07fc1f90ae7';

  it("follows the server's open request over this tab's and the link's, keeping a status read of the same one", () => {
    expect(startingPickup(OPEN, null, null)).toEqual({ id: OPEN, status: 'initial' });
    expect(startingPickup(OPEN, OTHER, { id: OTHER, status: 'completed' })).toEqual({ id: OPEN, status: 'initial' });
    expect(startingPickup(OPEN, null, { id: DUPLICATE_MARKER, status: 'duplicateRequest' })).toEqual({
      id: OPEN,
      status: 'initial',
    });
    expect(startingPickup(OPEN, null, { id: OPEN, status: 'claimed' })).toEqual({ id: OPEN, status: 'claimed' });
    // This tab last read it as ended, but the server says it is open: open it is.
    expect(startingPickup(OPEN, null, { id: OPEN, status: 'completed' })).toEqual({ id: OPEN, status: 'initial' });
  });

  it('drops a duplicate marker when the server says no request is open; without an answer, keeps the old ways', () => {
    expect(startingPickup(null, null, { id: DUPLICATE_MARKER, status: 'duplicateRequest' })).toBeNull();
    expect(startingPickup(null, null, { id: OTHER, status: 'completed' })).toEqual({ id: OTHER, status: 'completed' });
    expect(startingPickup(undefined, null, { id: DUPLICATE_MARKER, status: 'duplicateRequest' })).toEqual({
      id: DUPLICATE_MARKER,
      status: 'duplicateRequest',
    });
    expect(startingPickup(undefined, OTHER, null)).toEqual({ id: OTHER, status: 'initial' });
    expect(startingPickup(undefined, null, null)).toBeNull();
  });
});
