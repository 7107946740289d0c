import { useSearch } from 'wouter';
import { writeReviewAllowed } from '@/shared/embed/embed';
import { useLineActionMessage } from '@/shared/embed/line-action';
import { useI18n } from '@/shared/i18n/i18n-context';
import type { ItemSlotProps } from '@/shared/order-slots/order-slots';
import { openPendingTab } from '@/shared/routing/leave-app';
import { Button } from '@/shared/ui/button';
import { useWriteReview } from '../api/review';

/**
 * The write-a-review link on delivered items, only where the server offers it (`writeReview` action: the
 * flag, a delivered or picked-up sales line) unless the entry URL took it away (`enableWriteReview=false`,
 * see `writeReviewAllowed`). The provider's page opens in a new tab so the order stays open behind it (its
 * form has no way back to the order). Spec 000 §7: nothing happens on failure (no error page), so the
 * waiting tab just closes.
 */
export function WriteReviewSlot({ item, order }: ItemSlotProps) {
  const { t } = useI18n();
  const review = useWriteReview();
  const postAction = useLineActionMessage();
  const allowed = writeReviewAllowed(useSearch());
  const action = item.actions.writeReview;
  if (!action?.enabled || order.orderType === 'RETURN_ORDER' || !allowed) return null;
  const title = item.product.title;
  return (
    <Button
      variant="secondary"
      loading={review.isPending}
      onClick={() => {
        postAction(action);
        const tab = openPendingTab();
        review.mutate(undefined, {
          onSuccess: (answer) => tab.go(`${answer.link}&title=${encodeURIComponent(title)}`),
          onError: () => tab.close(),
        });
      }}
    >
      {t('reviews.writeReview')}
      <span className="visually-hidden"> {t('common.opensInNewTab')}</span>
    </Button>
  );
}
