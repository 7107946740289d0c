import { lazy, Suspense, useEffect, useId, useMemo, useState, type ReactNode } from 'react';
import { useLocation, useSearch } from 'wouter';
import { useFlags } from '@/shared/config/flags';
import { useHelpLinks } from '@/shared/config/help-links';
import { useI18n } from '@/shared/i18n/i18n-context';
import { Button } from '@/shared/ui/button';
import { useSession } from '@/shared/auth/session';
import { paths } from '@/shared/routing/paths';
import { useConsentAnswer } from '../api/get-consents';
import { useOrderHistory, type HistoryKind } from '../api/get-order-history';
import {
  hasHistoryFilters,
  NO_FILTERS,
  readHistoryFilters,
  writeHistoryFilters,
  type HistoryFilters,
} from '../model/history-filters';
import { groupHistoryOrders } from '../model/history-orders';
import { mergeHistoryPages } from '../model/merge-history-pages';
import { HistoryOrderCard } from './history-row';
import { HistorySkeleton } from './order-skeletons';
import { HistoryTabs } from './history-tabs';
import { HistoryToolbar } from './history-toolbar';
import './order-history.css';

/**
 * The error dialog (and the dialog it is built on) is not needed to show the history: it loads right after
 * the page is up (`useEffect` below), so it is there before a failure needs it, even offline, and stays out
 * of what /orders loads first (the bundle budget, scripts/bundle-size.mjs).
 */
const loadErrorDialog = () => import('./load-error-dialog');
const LoadErrorDialog = lazy(() => loadErrorDialog().then((module) => ({ default: module.LoadErrorDialog })));

/**
 * Own orders show the partner tab only with enablePartnerOrders AND the member's partner-sharing
 * consent (spec 000 §6; the consent is loaded only under the flag), and only when the partner list
 * has something in it. Null while that is being asked: the page holds its toolbar and list until it
 * knows, so that a tab appearing late does not push them down under the shopper's eyes (issue 33).
 */
function usePartnerTabVisible(kind: HistoryKind): boolean | null {
  const { enablePartnerOrders } = useFlags();
  const session = useSession();
  const consented = useConsentAnswer(
    session.member?.upmId,
    'partnerOrderDataSharing',
    enablePartnerOrders && kind === 'own',
  );
  const asksPartner = enablePartnerOrders && consented === true && kind === 'own';
  const partner = useOrderHistory('partner', { enabled: asksPartner });
  if (!enablePartnerOrders) return false;
  if (kind === 'partner') return true;
  if (consented === null) return null;
  if (!consented || session.member === null) return false;
  if (partner.isPending) return null;
  return (partner.data?.pages[0]?.orderItems.length ?? 0) > 0;
}

/**
 * The filters in the URL (`?q=&status=&year=&sort=`), so reload, back/forward and shared links keep them; a
 * change is a new history entry, and the list starts again from page 1 (its query key changes).
 */
function useUrlFilters(kind: HistoryKind): [HistoryFilters, (filters: HistoryFilters) => void] {
  const search = useSearch();
  const [, navigate] = useLocation();
  const filters = useMemo(() => readHistoryFilters(search), [search]);
  const setFilters = (next: HistoryFilters) => {
    const query = writeHistoryFilters(search, next);
    const path = kind === 'partner' ? paths.partnerHistory() : paths.history();
    navigate(query ? `${path}?${query}` : path);
  };
  return [filters, setFilters];
}

/** The years to offer: the first page's `orderYears`, kept while another filter's first page loads. */
function useOrderYears(years: readonly number[] | null | undefined): readonly number[] {
  const [known, setKnown] = useState<readonly number[]>([]);
  if (years && years.join() !== known.join()) setKnown(years);
  return years ?? known;
}

interface OrderHistoryViewProps {
  kind: HistoryKind;
  /** A link in the page header under the banner (the partner history's link to its FAQ). */
  headerLink?: ReactNode;
  /** What follows the list (the partner history's FAQ). */
  children?: ReactNode;
}

export function OrderHistoryView({ kind, headerLink, children }: OrderHistoryViewProps) {
  const { t } = useI18n();
  const [filters, setFilters] = useUrlFilters(kind);
  const filtered = hasHistoryFilters(filters);
  const history = useOrderHistory(kind, { filters });
  const years = useOrderYears(history.data?.pages[0]?.orderYears);
  const headingId = useId();
  const showTabs = usePartnerTabVisible(kind);
  // Errors are dismissed per failure: a new failure (a new errorUpdatedAt) shows its dialog again.
  const [dismissedErrorAt, setDismissedErrorAt] = useState(0);
  // One card per order: the merged rows (a repeated first row still replaces the list) grouped by order.
  const orders = useMemo(() => groupHistoryOrders(mergeHistoryPages(history.data?.pages ?? [])), [history.data]);
  const links = useHelpLinks();
  // Walk minor 27: while the search box refuses what was typed, the orders of the search before are not
  // left under its error as if they answered it.
  const [searchRefused, setSearchRefused] = useState(false);

  useEffect(() => {
    void loadErrorDialog();
  }, []);

  const errorOpen = history.isError && history.errorUpdatedAt !== dismissedErrorAt;
  const dismiss = () => {
    setDismissedErrorAt(history.errorUpdatedAt);
  };
  const loadMore = () => {
    void history.fetchNextPage();
  };
  const retryLoadMore = () => {
    dismiss();
    loadMore();
  };

  let content;
  if (searchRefused) {
    content = null;
  } else if (!history.data || history.isRefetchError || showTabs === null) {
    // First page loading, or failed: the full-page loading view stays, with the error dialog over it. A
    // failed refresh of a list loaded before shows the same, not the old list under the error (walk minor 27).
    // Also while the partner tab is not known yet (`usePartnerTabVisible`).
    content = <HistorySkeleton />;
  } else if (orders.length === 0 && filtered) {
    content = (
      <div className="history-empty history-no-match card">
        <p role="status">{t('orders.filters.noMatch')}</p>
        <Button
          variant="secondary"
          onClick={() => {
            setFilters({ ...NO_FILTERS, sort: filters.sort });
          }}
        >
          {t('orders.filters.clear')}
        </Button>
      </div>
    );
  } else if (orders.length === 0) {
    // Not a dead end: the configuration names no shop link, so the way on is the country's help centre.
    content = (
      <div className="history-empty card">
        <p>{t(kind === 'partner' ? 'orders.partner.empty' : 'orders.history.empty')}</p>
        <a href={links.help}>{t('orders.history.emptyHelp')}</a>
      </div>
    );
  } else {
    content = (
      <>
        <ul className="history-list" aria-labelledby={headingId}>
          {orders.map((order) => (
            <HistoryOrderCard key={order.orderNumber} order={order} />
          ))}
        </ul>
        {history.hasNextPage && (
          <div className="history-more">
            <Button variant="secondary" onClick={loadMore} loading={history.isFetchingNextPage}>
              {history.isFetchingNextPage ? t('orders.history.loadingMore') : t('orders.history.showMore')}
            </Button>
          </div>
        )}
      </>
    );
  }

  return (
    <div className="history-page">
      <h1 id={headingId} tabIndex={-1}>
        {t('orders.history.heading')}
      </h1>
      {/* The header banner of 000 §2: what the shopper can do from here. */}
      <p className="history-banner">{t('orders.history.banner')}</p>
      {headerLink}
      {showTabs && <HistoryTabs active={kind} />}
      {/* A member with no orders at all sees the empty history, with nothing to filter. */}
      {showTabs !== null && (filtered || !history.data || orders.length > 0) && (
        <HistoryToolbar filters={filters} years={years} onChange={setFilters} onRefusedChange={setSearchRefused} />
      )}
      {content}
      {children}
      {errorOpen && (
        <Suspense fallback={null}>
          <LoadErrorDialog onDismiss={dismiss} onRetry={history.isFetchNextPageError ? retryLoadMore : undefined} />
        </Suspense>
      )}
    </div>
  );
}
