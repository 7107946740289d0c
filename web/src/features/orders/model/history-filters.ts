import { isOrderNumberFragment, stripOrderNumberSeparators } from '@/shared/validation/patterns';

/** The status choices of the history filter (the server's `status(<group>)`). */
export const STATUS_GROUPS = ['inProgress', 'delivered', 'cancelled', 'returned'] as const;
export type StatusGroup = (typeof STATUS_GROUPS)[number];

/** The history's orders: newest first (the server's default) or oldest first (`sort=oldest` in the URL). */
export const SORTS = ['newest', 'oldest'] as const;
export type HistorySortChoice = (typeof SORTS)[number];

/** What the shopper filters the history by; kept in the URL as `?q=&status=&year=&sort=`. */
export interface HistoryFilters {
  /** A part of an order or return number (4 to 20 letters or digits, separators removed), or ''. */
  q: string;
  status: StatusGroup | '';
  /** Four digits, or ''. */
  year: string;
  sort: HistorySortChoice;
}

export const NO_FILTERS: HistoryFilters = { q: '', status: '', year: '', sort: 'newest' };

/**
 * An order or return number as typed ("C 9RM-00000001"): its spaces and hyphens removed, its letters as
 * typed (order numbers are case sensitive). The server removes the same ones (`domain::rules`).
 */
export const normalizeOrderNumberQuery = (typed: string): string => stripOrderNumberSeparators(typed);

const isStatusGroup = (value: string): value is StatusGroup => (STATUS_GROUPS as readonly string[]).includes(value);

/**
 * Reads the filters from a query string. A value the server would refuse (a hand-edited link) is dropped,
 * so a shared link never ends in an error page.
 */
export function readHistoryFilters(search: string): HistoryFilters {
  const query = new URLSearchParams(search);
  const q = normalizeOrderNumberQuery(query.get('q') ?? '');
  const status = query.get('status') ?? '';
  const year = query.get('year') ?? '';
  return {
    q: isOrderNumberFragment(q) ? q : '',
    status: isStatusGroup(status) ? status : '',
    year: /^\d{4}$/.test(year) ? year : '',
    sort: query.get('sort') === 'oldest' ? 'oldest' : 'newest',
  };
}

/**
 * The query string with `filters` in it; other parameters of `search` are kept. Empty filters leave the
 * URL (a plain /orders stays plain).
 */
export function writeHistoryFilters(search: string, filters: HistoryFilters): string {
  const query = new URLSearchParams(search);
  for (const key of ['q', 'status', 'year'] as const) {
    if (filters[key]) query.set(key, filters[key]);
    else query.delete(key);
  }
  // Newest first is the default and stays out of the URL.
  if (filters.sort === 'oldest') query.set('sort', 'oldest');
  else query.delete('sort');
  return query.toString();
}

/** Whether anything narrows the list (the sort only orders it). */
export const hasHistoryFilters = (filters: HistoryFilters): boolean =>
  Boolean(filters.q || filters.status || filters.year);

/** The server's `sort` value. */
export const historySortValue = (filters: HistoryFilters): string =>
  filters.sort === 'oldest' ? 'orderSubmitDateAsc' : 'orderSubmitDateDesc';

/** The server's `filter` values for these filters, after the order type (sent comma-separated). */
export function historyFilterValues(filters: HistoryFilters): string[] {
  const values: string[] = [];
  if (filters.q) values.push(`orderNumber(${filters.q})`);
  if (filters.status) values.push(`status(${filters.status})`);
  if (filters.year) values.push(`year(${filters.year})`);
  return values;
}
