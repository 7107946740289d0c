import { useI18n } from '@/shared/i18n/i18n-context';
import type { ItemSlotProps } from '@/shared/order-slots/order-slots';
import { leaveApp } from '@/shared/routing/leave-app';
import { Button } from '@/shared/ui/button';
import { useWriteReview } from '../api/review';

/**
 * The write-a-review link on delivered items, only where the server offers it (`writeReview` action: the
 * flag, a delivered or picked-up sales line). Spec 000 §7: nothing happens on failure (no error page).
 */
export function WriteReviewSlot({ item, order }: ItemSlotProps) {
  const { t } = useI18n();
  const review = useWriteReview();
  const action = item.actions.writeReview;
  if (!action?.enabled || order.orderType === 'RETURN_ORDER') return null;
  const title = item.product.title;
  return (
    <Button
      variant="secondary"
      loading={review.isPending}
      onClick={() => {
        review.mutate(undefined, {
          onSuccess: (answer) => {
            leaveApp(`${answer.link}&title=${encodeURIComponent(title)}`);
          },
        });
      }}
    >
      {t('reviews.writeReview')}
    </Button>
  );
}
