import { isOrderNumberFragment } from '@/shared/validation/patterns';

/** The status choices of the history filter (the server's `status(<group>)`). */
export const STATUS_GROUPS = ['inProgress', 'delivered', 'cancelled', 'returned'] as const;
export type StatusGroup = (typeof STATUS_GROUPS)[number];

/** What the shopper filters the history by; kept in the URL as `?q=&status=&year=`. */
export interface HistoryFilters {
  /** A part of the order number (4 to 20 letters or digits), or ''. */
  q: string;
  status: StatusGroup | '';
  /** Four digits, or ''. */
  year: string;
}

export const NO_FILTERS: HistoryFilters = { q: '', status: '', year: '' };

const isStatusGroup = (value: string): value is StatusGroup => (STATUS_GROUPS as readonly string[]).includes(value);

/**
 * Reads the filters from a query string. A value the server would refuse (a hand-edited link) is dropped,
 * so a shared link never ends in an error page.
 */
export function readHistoryFilters(search: string): HistoryFilters {
  const query = new URLSearchParams(search);
  const q = (query.get('q') ?? '').trim();
  const status = query.get('status') ?? '';
  const year = query.get('year') ?? '';
  return {
    q: isOrderNumberFragment(q) ? q : '',
    status: isStatusGroup(status) ? status : '',
    year: /^\d{4}$/.test(year) ? year : '',
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
  return query.toString();
}

export const hasHistoryFilters = (filters: HistoryFilters): boolean =>
  Boolean(filters.q || filters.status || filters.year);

/** The server's `filter` values for these filters, after the order type (sent comma-separated). */
export function historyFilterValues(filters: HistoryFilters): string[] {
  const values: string[] = [];
  if (filters.q) values.push(`orderNumber(${filters.q})`);
  if (filters.status) values.push(`status(${filters.status})`);
  if (filters.year) values.push(`year(${filters.year})`);
  return values;
}
