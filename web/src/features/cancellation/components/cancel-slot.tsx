import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useCountryRules } from '@/shared/config/country-rules';
import type { OrderSlotProps } from '@/shared/order-slots/order-slots';
import { Button } from '@/shared/ui/button';
import { useI18n } from '@/shared/i18n/i18n-context';
import { formatRemaining, useCountdown } from '../model/countdown';
import { CancelDialog } from './cancel-dialog';
import './cancel.css';

/**
 * The cancel button with its live countdown (group 1, or the header in quick-action mode), shown only
 * while the server offers the `cancel` action, `cancellableUntil` has not passed and no cancel was refused
 * or failed on this page. At the deadline the button goes away by itself. After a cancel the order is fetched
 * again, or the page reloads where the country's configuration says so (the China region, 002 §4).
 */
export function CancelOrderSlot({ order }: OrderSlotProps) {
  const { t } = useI18n();
  const queryClient = useQueryClient();
  const { reloadAfterCancel } = useCountryRules();
  const [open, setOpen] = useState(false);
  const [finished, setFinished] = useState<'complete' | 'pending' | null>(null);
  // Refused or failed on this page: no second try from here (002 §4, the cancellable-expired flag).
  const [refused, setRefused] = useState(false);
  const left = useCountdown(order.cancellableUntil);
  const offered = order.actions.cancel?.enabled === true;
  const pending = finished === 'pending' || Boolean(order.pendingModification);
  const cancelled = finished === 'complete' || Boolean(order.cancelledDate);

  const onFinished = (state: 'complete' | 'pending') => {
    setOpen(false);
    setFinished(state);
    // The country's rule from /config (the China region reloads after a successful cancel, 000 and 002).
    if (reloadAfterCancel) {
      window.location.reload();
      return;
    }
    void queryClient.invalidateQueries({ queryKey: ['orders'] });
  };

  return (
    <div className="cancel-slot">
      <CancelStatus pending={pending} cancelled={cancelled} cancelledDate={order.cancelledDate ?? null} />
      {offered && !refused && !pending && !cancelled && left !== null && left > 0 && (
        <div className="cancel-slot__offer">
          <Button
            variant="secondary"
            onClick={() => {
              setOpen(true);
            }}
          >
            {t('cancellation.button')}
          </Button>
          <p className="muted cancel-slot__countdown" aria-live="off">
            {t('cancellation.countdown', { time: formatRemaining(left) })}
          </p>
        </div>
      )}
      {open && (
        <CancelDialog
          orderNumber={order.orderNumber}
          region={order.regionReference}
          contact={{
            email: order.authorizationInfo.email ?? null,
            dayPhoneNumber: order.authorizationInfo.dayPhoneNumber ?? null,
            phoneNumber: order.authorizationInfo.phoneNumber
              ? `${order.authorizationInfo.phoneNumber.countryCode}${order.authorizationInfo.phoneNumber.subscriberNumber}`
              : null,
          }}
          onFinished={onFinished}
          onRefused={() => {
            setRefused(true);
          }}
          onClose={() => {
            setOpen(false);
          }}
        />
      )}
    </div>
  );
}

/** Pending cancellation (success coloured) or recently cancelled with the date (002 §4). */
function CancelStatus({
  pending,
  cancelled,
  cancelledDate,
}: {
  pending: boolean;
  cancelled: boolean;
  cancelledDate: string | null;
}) {
  const { t, date } = useI18n();
  if (pending)
    return (
      <p className="cancel-slot__pending" role="status">
        {t('cancellation.status.pending')}
      </p>
    );
  if (!cancelled) return null;
  return (
    <p className="cancel-slot__cancelled" role="status">
      {cancelledDate
        ? t('cancellation.status.cancelledOn', { date: date(cancelledDate, 'long') })
        : t('cancellation.status.cancelled')}
    </p>
  );
}
