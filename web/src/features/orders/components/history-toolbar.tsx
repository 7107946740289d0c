import { useEffect, useId, useState, type SyntheticEvent } from 'react';
import { useI18n } from '@/shared/i18n/i18n-context';
import { useMediaQuery } from '@/shared/react/use-media-query';
import { Button } from '@/shared/ui/button';
import { FormField } from '@/shared/ui/form-field';
import { TextField } from '@/shared/ui/text-field';
import { isOrderNumberFragment } from '@/shared/validation/patterns';
import {
  normalizeOrderNumberQuery,
  SORTS,
  STATUS_GROUPS,
  type HistoryFilters,
  type HistorySortChoice,
  type StatusGroup,
} from '../model/history-filters';
import './history-toolbar.css';

interface HistoryToolbarProps {
  filters: HistoryFilters;
  /** The years the member has orders in (the first page's `orderYears`), newest first. */
  years: readonly number[];
  onChange: (filters: HistoryFilters) => void;
  /** Told whether the box refuses what was typed (its error shows), so the list under it can step aside. */
  onRefusedChange?: (refused: boolean) => void;
}

const STATUS_LABELS = {
  inProgress: 'orders.filters.inProgress',
  delivered: 'orders.filters.delivered',
  cancelled: 'orders.filters.cancelled',
  returned: 'orders.filters.returned',
} as const satisfies Record<StatusGroup, string>;

const SORT_LABELS = {
  newest: 'orders.filters.newestFirst',
  oldest: 'orders.filters.oldestFirst',
} as const satisfies Record<HistorySortChoice, string>;

/** Below this width (the CSS breakpoint in history-toolbar.css) status, year and sort fold behind "Filters". */
const NARROW = '(max-width: 719.98px)';

/** Longest text the box takes: a 20-character fragment with room for the spaces and hyphens removed. */
const FIND_MAX_LENGTH = 32;

/**
 * Find an order by its number or one of its return numbers, or any part of either: the server matches the
 * part anywhere in the number (`crates/server/src/orders/db.rs`), and the hint says so (walk minor 27). Sent on Enter or the
 * button; spaces and hyphens removed, letters as typed. Filter by status and year and sort by date (applied
 * on change).
 * The filters live in the URL; this form only edits them.
 *
 * On a narrow screen (walk polish 12) status, year and sort fold behind a "Filters" button, so the first
 * order starts in the top half of a phone's screen; while folded, the filters in force show beside it.
 */
export function HistoryToolbar({ filters, years, onChange, onRefusedChange }: HistoryToolbarProps) {
  const { t } = useI18n();
  const [draft, setDraft] = useState(filters.q);
  const [error, setError] = useState<string | null>(null);
  const narrow = useMediaQuery(NARROW);
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const activeId = useId();
  // Back/forward or "Clear filters" change the URL: the box shows what is applied.
  const [appliedQ, setAppliedQ] = useState(filters.q);
  if (appliedQ !== filters.q) {
    setAppliedQ(filters.q);
    setDraft(filters.q);
    setError(null);
  }
  const refused = error !== null;
  useEffect(() => {
    onRefusedChange?.(refused);
    // Gone with the toolbar, the refusal is too.
    return () => onRefusedChange?.(false);
  }, [refused, onRefusedChange]);
  // A year from a shared link stays selectable even when the list of years does not hold it.
  const yearOptions = filters.year && !years.includes(Number(filters.year)) ? [Number(filters.year), ...years] : years;

  // What the folded filters are set to, where not the default.
  const active = [
    filters.status && t(STATUS_LABELS[filters.status]),
    filters.year,
    filters.sort !== 'newest' && t(SORT_LABELS[filters.sort]),
  ].filter((label): label is string => Boolean(label));
  const folded = narrow && !open;

  const submit = (event: SyntheticEvent<HTMLFormElement>) => {
    event.preventDefault();
    const q = normalizeOrderNumberQuery(draft);
    if (q && !isOrderNumberFragment(q)) {
      setError(t('orders.filters.numberInvalid'));
      return;
    }
    setError(null);
    onChange({ ...filters, q });
  };

  return (
    <form className="history-toolbar" role="search" aria-label={t('orders.filters.label')} onSubmit={submit} noValidate>
      <div className="history-toolbar__find">
        <TextField
          label={t('orders.filters.find')}
          hint={t('orders.filters.findHint')}
          type="search"
          name="q"
          inputMode="text"
          autoComplete="off"
          spellCheck={false}
          maxLength={FIND_MAX_LENGTH}
          value={draft}
          error={error}
          onValueChange={setDraft}
        />
        <Button type="submit" variant="secondary" className="history-toolbar__submit">
          {t('orders.filters.submit')}
        </Button>
      </div>
      {narrow && (
        <div className="history-toolbar__fold">
          <Button
            variant="secondary"
            className="history-toolbar__toggle"
            aria-expanded={open}
            aria-controls={panelId}
            aria-describedby={folded && active.length > 0 ? activeId : undefined}
            onClick={() => {
              setOpen((current) => !current);
            }}
          >
            {t('orders.filters.toggle')}
            <span className="history-toolbar__toggle-icon" aria-hidden="true" />
          </Button>
          {folded && active.length > 0 && (
            <ul id={activeId} className="history-toolbar__active">
              {active.map((label) => (
                <li key={label}>{label}</li>
              ))}
            </ul>
          )}
        </div>
      )}
      <div id={panelId} className="history-toolbar__filters" hidden={folded}>
        <FormField className="history-toolbar__select" label={t('orders.filters.status')}>
          {(control) => (
            <select
              {...control}
              className="field__select"
              value={filters.status}
              onChange={(event) => {
                const status = STATUS_GROUPS.find((group) => group === event.target.value) ?? '';
                onChange({ ...filters, status });
              }}
            >
              <option value="">{t('orders.filters.statusAll')}</option>
              {STATUS_GROUPS.map((group) => (
                <option key={group} value={group}>
                  {t(STATUS_LABELS[group])}
                </option>
              ))}
            </select>
          )}
        </FormField>
        <FormField className="history-toolbar__select" label={t('orders.filters.year')}>
          {(control) => (
            <select
              {...control}
              className="field__select"
              value={filters.year}
              onChange={(event) => {
                onChange({ ...filters, year: event.target.value });
              }}
            >
              <option value="">{t('orders.filters.yearAll')}</option>
              {yearOptions.map((year) => (
                <option key={year} value={String(year)}>
                  {String(year)}
                </option>
              ))}
            </select>
          )}
        </FormField>
        <FormField className="history-toolbar__select" label={t('orders.filters.sort')}>
          {(control) => (
            <select
              {...control}
              className="field__select"
              value={filters.sort}
              onChange={(event) => {
                onChange({ ...filters, sort: SORTS.find((sort) => sort === event.target.value) ?? 'newest' });
              }}
            >
              {SORTS.map((sort) => (
                <option key={sort} value={sort}>
                  {t(SORT_LABELS[sort])}
                </option>
              ))}
            </select>
          )}
        </FormField>
      </div>
    </form>
  );
}
