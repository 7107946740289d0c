import type { HistoryItem, HistoryResponse } from '@/shared/api/types';

const itemKey = (item: HistoryItem) => `${item.orderNumber}#${String(item.lineNumber)}`;

/**
 * Joins loaded pages into one list. Spec §4: if the first item of a new page repeats an item
 * already shown, the new page replaces the list instead of being appended.
 */
export function mergeHistoryPages(pages: readonly HistoryResponse[]): HistoryItem[] {
  let items: HistoryItem[] = [];
  let seen = new Set<string>();
  for (const page of pages) {
    const first = page.orderItems[0];
    if (first && seen.has(itemKey(first))) {
      items = [...page.orderItems];
      seen = new Set(items.map(itemKey));
    } else {
      items = items.concat(page.orderItems);
      page.orderItems.forEach((item) => seen.add(itemKey(item)));
    }
  }
  return items;
}
