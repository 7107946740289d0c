import { beforeEach, describe, expect, it } from 'vitest';
import {
  SAVED_METHODS_KEY,
  SAVED_METHOD_RETENTION_MS,
  loadSavedMethod,
  parseSavedMethods,
  saveMethod,
  withSavedMethod,
} from './saved-method';

const NOW = Date.UTC(2026, 10, 23, 12);
const DAY = 24 * 60 * 60 * 1000;

describe('parseSavedMethods', () => {
  it.each([
    ['nothing stored', null],
    ['not JSON', '{oops'],
    ['an object instead of a list', '{"orderNumber":"C1"}'],
    ['an entry without a timestamp', '[{"orderNumber":"C1","returnMethod":"returnToStore"}]'],
    [
      'a store that is not text',
      '[{"orderNumber":"C1","returnMethod":"returnToStore","timestamp":1,"selectedStore":5}]',
    ],
  ])('reads %s as an empty list', (_, raw) => {
    expect(parseSavedMethods(raw, NOW)).toEqual([]);
  });

  it('drops the whole list when one entry is invalid', () => {
    const raw = JSON.stringify([{ orderNumber: 'C1', returnMethod: 'upsDropoff', timestamp: NOW }, { orderNumber: 2 }]);
    expect(parseSavedMethods(raw, NOW)).toEqual([]);
  });

  it('keeps an entry of exactly 60 days and drops one a moment older', () => {
    const raw = JSON.stringify([
      { orderNumber: 'C1', returnMethod: 'upsDropoff', timestamp: NOW - SAVED_METHOD_RETENTION_MS },
      { orderNumber: 'C2', returnMethod: 'upsDropoff', timestamp: NOW - SAVED_METHOD_RETENTION_MS - 1 },
    ]);
    expect(parseSavedMethods(raw, NOW).map((entry) => entry.orderNumber)).toEqual(['C1']);
  });
});

describe('withSavedMethod', () => {
  it('replaces the older choice of the same order and keeps other orders', () => {
    const list = [
      { orderNumber: 'C1', returnMethod: 'returnToStore', selectedStore: 'S1', timestamp: NOW - DAY },
      { orderNumber: 'C2', returnMethod: 'upsPickup', timestamp: NOW - DAY },
    ];
    const next = withSavedMethod(list, { orderNumber: 'C1', returnMethod: 'upsDropoff', timestamp: NOW }, NOW);
    expect(next).toEqual([
      { orderNumber: 'C2', returnMethod: 'upsPickup', timestamp: NOW - DAY },
      { orderNumber: 'C1', returnMethod: 'upsDropoff', timestamp: NOW },
    ]);
  });

  it('keeps a selected store only for store returns', () => {
    const [store] = withSavedMethod(
      [],
      { orderNumber: 'C1', returnMethod: 'returnToStore', selectedStore: 'S9', timestamp: NOW },
      NOW,
    );
    const [mail] = withSavedMethod(
      [],
      { orderNumber: 'C1', returnMethod: 'upsDropoff', selectedStore: 'S9', timestamp: NOW },
      NOW,
    );
    expect(store?.selectedStore).toBe('S9');
    expect(mail).not.toHaveProperty('selectedStore');
  });
});

describe('local storage', () => {
  beforeEach(() => {
    localStorage.clear();
  });

  it('saves and loads the choice per order', () => {
    saveMethod({ orderNumber: 'C1', returnMethod: 'returnToStore', selectedStore: 'S1' }, NOW);
    saveMethod({ orderNumber: 'C2', returnMethod: 'upsDropoff' }, NOW);
    expect(loadSavedMethod('C1', NOW)).toMatchObject({ returnMethod: 'returnToStore', selectedStore: 'S1' });
    expect(loadSavedMethod('C2', NOW + 61 * DAY)).toBeNull();
  });

  it('starts a new list over storage that was invalid', () => {
    localStorage.setItem(SAVED_METHODS_KEY, 'not json');
    saveMethod({ orderNumber: 'C1', returnMethod: 'upsDropoff' }, NOW);
    expect(JSON.parse(localStorage.getItem(SAVED_METHODS_KEY) ?? '')).toEqual([
      { orderNumber: 'C1', returnMethod: 'upsDropoff', timestamp: NOW },
    ]);
  });
});
