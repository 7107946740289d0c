import { describe, expect, it } from 'vitest';
import {
  historyFilterValues,
  historySortValue,
  NO_FILTERS,
  normalizeOrderNumberQuery,
  readHistoryFilters,
  writeHistoryFilters,
} from './history-filters';

describe('history filters in the URL', () => {
  it('reads what the server accepts and drops the rest', () => {
    expect(readHistoryFilters('q=c0042&status=delivered&year=2025')).toEqual({
      q: 'c0042',
      status: 'delivered',
      year: '2025',
      sort: 'newest',
    });
    expect(readHistoryFilters('q=42&status=shipped&year=25&sort=price')).toEqual(NO_FILTERS);
    expect(readHistoryFilters('q=C00_42')).toEqual(NO_FILTERS);
    expect(readHistoryFilters('sort=oldest').sort).toBe('oldest');
  });

  it('reads a number typed with spaces or hyphens without them, keeping its case', () => {
    expect(readHistoryFilters('q=C+9rm-00000001').q).toBe('C9rm00000001');
    expect(readHistoryFilters('q=C00-42').q).toBe('C0042');
  });

  it('writes only the filters that are set, the sort only when oldest first, and keeps other parameters', () => {
    expect(writeHistoryFilters('', { ...NO_FILTERS, status: 'returned' })).toBe('status=returned');
    expect(writeHistoryFilters('ref=mail&q=1234', { ...NO_FILTERS, year: '2024' })).toBe('ref=mail&year=2024');
    expect(writeHistoryFilters('sort=oldest', NO_FILTERS)).toBe('');
    expect(writeHistoryFilters('', { ...NO_FILTERS, sort: 'oldest' })).toBe('sort=oldest');
  });

  it('turns the filters into the server filter values and sort', () => {
    expect(historyFilterValues({ q: 'C0042', status: 'inProgress', year: '2026', sort: 'newest' })).toEqual([
      'orderNumber(C0042)',
      'status(inProgress)',
      'year(2026)',
    ]);
    expect(historyFilterValues(NO_FILTERS)).toEqual([]);
    expect(historySortValue(NO_FILTERS)).toBe('orderSubmitDateDesc');
    expect(historySortValue({ ...NO_FILTERS, sort: 'oldest' })).toBe('orderSubmitDateAsc');
  });
});

describe('normalizeOrderNumberQuery', () => {
  it('removes spaces and hyphens (and the dashes phone keyboards type) and never changes the case', () => {
    expect(normalizeOrderNumberQuery(' C 9RM-00000001 ')).toBe('C9RM00000001');
    expect(normalizeOrderNumberQuery('c9rm\u20100000\u20130001')).toBe('c9rm00000001');
    expect(normalizeOrderNumberQuery('R00000000202')).toBe('R00000000202');
    expect(normalizeOrderNumberQuery('C00_42')).toBe('C00_42');
  });
});
