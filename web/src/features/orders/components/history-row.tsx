import { Link } from 'wouter';
import type { HistoryItem } from '@/shared/api/types';
import { useI18n } from '@/shared/i18n/i18n-context';
import { paths } from '@/shared/routing/paths';
import { statusMessageKey } from '../model/status';
import { ItemFacts } from './item-facts';
import { ProductImage } from './product-image';

export function HistoryRow({ item }: { item: HistoryItem }) {
  const { t, date, money } = useI18n();
  const charged = item.lineItemTransaction.lineItemChargedPrice;
  return (
    <li className="history-row card">
      <ProductImage product={item.product} size={112} />
      <div className="history-row__body">
        <p className="status-text" data-status-color={item.lineItemStatus.statusColor}>
          {item.lineItemStatus.simpleStatus === 'cancelled' && item.itemDates?.cancelled
            ? t('cancel.status.cancelledOn', { date: date(item.itemDates.cancelled, 'long') })
            : t(statusMessageKey(item.lineItemStatus.simpleStatus))}
        </p>
        <h2 className="history-row__title">
          <Link href={paths.orderDetail(item.orderNumber, item.orderType)}>
            {item.product.title}
            <span className="chevron" aria-hidden="true" />
          </Link>
        </h2>
        <ItemFacts product={item.product} quantity={item.lineItemTransaction.quantity} />
        {item.partnerName && (
          <p className="history-row__partner">
            {t('orders.partner.soldBy', { partnerName: item.partnerName })}
            {/* Partner prices show only when above zero. */}
            {charged > 0 && <span className="history-row__price">{money(charged, item.currency)}</span>}
          </p>
        )}
        <p className="history-row__meta muted">
          <span>{t('orders.history.orderedOn', { date: date(item.orderDate, 'long') })}</span>
          <span>{t('orders.history.orderNumber', { orderNumber: item.orderNumber })}</span>
        </p>
      </div>
    </li>
  );
}
