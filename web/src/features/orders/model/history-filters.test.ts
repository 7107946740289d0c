import { describe, expect, it } from 'vitest';
import { historyFilterValues, readHistoryFilters, writeHistoryFilters } from './history-filters';

describe('history filters in the URL', () => {
  it('reads what the server accepts and drops the rest', () => {
    expect(readHistoryFilters('q=c0042&status=delivered&year=2025')).toEqual({
      q: 'c0042',
      status: 'delivered',
      year: '2025',
    });
    expect(readHistoryFilters('q=42&status=shipped&year=25')).toEqual({ q: '', status: '', year: '' });
    expect(readHistoryFilters('q=C00-42')).toEqual({ q: '', status: '', year: '' });
  });

  it('writes only the filters that are set and keeps other parameters', () => {
    expect(writeHistoryFilters('', { q: '', status: 'returned', year: '' })).toBe('status=returned');
    expect(writeHistoryFilters('ref=mail&q=1234', { q: '', status: '', year: '2024' })).toBe('ref=mail&year=2024');
  });

  it('turns the filters into the server filter values', () => {
    expect(historyFilterValues({ q: 'C0042', status: 'inProgress', year: '2026' })).toEqual([
      'orderNumber(C0042)',
      'status(inProgress)',
      'year(2026)',
    ]);
    expect(historyFilterValues({ q: '', status: '', year: '' })).toEqual([]);
  });
});
