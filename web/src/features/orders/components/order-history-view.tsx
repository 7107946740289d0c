import { useId, useMemo, useState } from 'react';
import { useFlags } from '@/shared/config/flags';
import { useI18n } from '@/shared/i18n/i18n-context';
import { Button } from '@/shared/ui/button';
import { useSession } from '@/shared/auth/session';
import { useConsent } from '../api/get-consents';
import { useOrderHistory, type HistoryKind } from '../api/get-order-history';
import { mergeHistoryPages } from '../model/merge-history-pages';
import { HistoryRow } from './history-row';
import { HistorySkeleton } from './order-skeletons';
import { HistoryTabs } from './history-tabs';
import { LoadErrorDialog } from './load-error-dialog';
import './order-history.css';

/**
 * Own orders show the partner tab only with enablePartnerOrders AND the member's partner-sharing
 * consent (spec 000 §6; the consent is loaded only under the flag), and only when the partner list
 * has something in it.
 */
function usePartnerTabVisible(kind: HistoryKind): boolean {
  const { enablePartnerOrders } = useFlags();
  const session = useSession();
  const consented = useConsent(session.member?.upmId, 'partnerOrderDataSharing', enablePartnerOrders);
  const partner = useOrderHistory('partner', { enabled: enablePartnerOrders && consented && kind === 'own' });
  if (!enablePartnerOrders) return false;
  if (kind === 'own' && !consented) return false;
  return kind === 'partner' || (partner.data?.pages[0]?.orderItems.length ?? 0) > 0;
}

export function OrderHistoryView({ kind }: { kind: HistoryKind }) {
  const { t } = useI18n();
  const history = useOrderHistory(kind);
  const headingId = useId();
  const showTabs = usePartnerTabVisible(kind);
  // Errors are dismissed per failure: a new failure (a new errorUpdatedAt) shows its dialog again.
  const [dismissedErrorAt, setDismissedErrorAt] = useState(0);
  const items = useMemo(() => mergeHistoryPages(history.data?.pages ?? []), [history.data]);

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
  if (!history.data) {
    // First page loading, or failed: the full-page loading view stays, with the error dialog over it.
    content = <HistorySkeleton />;
  } else if (items.length === 0) {
    content = (
      <p className="history-empty card">{t(kind === 'partner' ? 'orders.partner.empty' : 'orders.history.empty')}</p>
    );
  } else {
    content = (
      <>
        <ul className="history-list" aria-labelledby={headingId}>
          {items.map((item) => (
            <HistoryRow key={`${item.orderNumber}#${String(item.lineNumber)}`} item={item} />
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
      {showTabs && <HistoryTabs active={kind} />}
      {content}
      {errorOpen && (
        <LoadErrorDialog onDismiss={dismiss} onRetry={history.isFetchNextPageError ? retryLoadMore : undefined} />
      )}
    </div>
  );
}
