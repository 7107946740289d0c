import { describe, expect, it } from 'vitest';
import { historyItem, historyPage } from '@/test/fixtures';
import { mergeHistoryPages } from './merge-history-pages';

const numbers = (pages: Parameters<typeof mergeHistoryPages>[0]) =>
  mergeHistoryPages(pages).map((item) => item.orderNumber);

describe('mergeHistoryPages', () => {
  it('appends pages in order', () => {
    expect(numbers([historyPage([historyItem('A1'), historyItem('A2')]), historyPage([historyItem('A3')])])).toEqual([
      'A1',
      'A2',
      'A3',
    ]);
  });

  it('replaces the list when a page starts with an item already shown', () => {
    expect(
      numbers([
        historyPage([historyItem('A1'), historyItem('A2')]),
        historyPage([historyItem('A2'), historyItem('A3')]),
      ]),
    ).toEqual(['A2', 'A3']);
  });

  it('tells line items of one order apart by line number', () => {
    const pages = [
      historyPage([historyItem('A1', { lineNumber: 1 })]),
      historyPage([historyItem('A1', { lineNumber: 2 })]),
    ];
    expect(mergeHistoryPages(pages).map((item) => item.lineNumber)).toEqual([1, 2]);
  });
});
