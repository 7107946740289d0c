import { paymentMethodName } from '@/shared/format/payment-method';
import type { OrderSlotProps } from '@/shared/order-slots/order-slots';
import type { MessageKey } from '@/shared/i18n/messages';
import { useI18n } from '@/shared/i18n/i18n-context';
import './money-timeline.css';

const KIND_KEYS: Record<string, MessageKey> = {
  charged: 'payments.timeline.charged',
  released: 'payments.timeline.released',
  settled: 'payments.timeline.settled',
  refunded: 'payments.timeline.refunded',
  bank_transfer: 'payments.timeline.bankTransfer',
};

/**
 * What happened to the shopper's money (charged, released on cancel, deferred payment settled, refunded,
 * bank transfer), from the order's `moneyTimeline`, with the date money going back should arrive.
 */
export function MoneyTimeline({ order }: OrderSlotProps) {
  const { t, money, date } = useI18n();
  const events = order.moneyTimeline;
  if (events.length === 0) return null;
  return (
    <section className="card money-timeline" aria-labelledby="money-timeline-heading">
      <h2 id="money-timeline-heading" className="order-sidebar__heading">
        {t('payments.timeline.heading')}
      </h2>
      <ol className="money-timeline__list">
        {events.map((event, index) => (
          <li
            key={`${event.kind}-${event.date}-${String(index)}`}
            className={`money-timeline__event money-timeline__event--${event.kind}`}
          >
            <strong>{t(KIND_KEYS[event.kind] ?? 'payments.timeline.other')}</strong>
            <span>
              {t('payments.timeline.entry', {
                amount: money(event.amount, event.currency),
                method: paymentMethodName(event.method, t),
                date: date(event.date, 'long'),
              })}
            </span>
            {event.expectedArrival && (
              <span className="muted">
                {t('payments.timeline.expected', { date: date(event.expectedArrival, 'long') })}
              </span>
            )}
          </li>
        ))}
      </ol>
    </section>
  );
}
