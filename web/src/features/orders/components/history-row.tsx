import { Link } from 'wouter';
import type { HistoryItem } from '@/shared/api/types';
import { useLineActionMessage } from '@/shared/embed/line-action';
import { useI18n } from '@/shared/i18n/i18n-context';
import { useOrderSlots } from '@/shared/order-slots/order-slots';
import { paths } from '@/shared/routing/paths';
import { isOrderNumber } from '@/shared/validation/patterns';
import { isUncharged, trackingLinks, type HistoryOrder } from '../model/history-orders';
import { firstLineAction } from '../model/links';
import { statusMessageKey } from '../model/status';
import { ItemFacts } from './item-facts';
import { ProductImage } from './product-image';

/** The order's return orders, from its lines' view-return actions, once each. */
const returnNumbers = (order: HistoryOrder): string[] => [
  ...new Set(
    order.items
      .map((item) => item.actions.viewReturn)
      .filter((action) => action?.enabled)
      .map((action) => action?.returnOrderId?.trim() ?? '')
      .filter(isOrderNumber),
  ),
];

function HistoryOrderItem({ item }: { item: HistoryItem }) {
  const { t, date, money } = useI18n();
  const { historyItemActions } = useOrderSlots();
  const charged = item.lineItemTransaction.lineItemChargedPrice;
  return (
    <li className="history-order__item">
      <ProductImage product={item.product} size={96} />
      <div className="history-order__item-body">
        <h3 className="history-order__item-title">{item.product.title}</h3>
        <ItemFacts product={item.product} quantity={item.lineItemTransaction.quantity} />
        {/* A partner's member-gated product (000 §3, memberGatedFlag). */}
        {item.memberGatedFlag && <p className="history-order__gated">{t('orders.history.memberGated')}</p>}
        <p className="status-text" data-status-color={item.lineItemStatus.statusColor}>
          {item.lineItemStatus.simpleStatus === 'cancelled' && item.itemDates?.cancelled
            ? t('cancellation.status.cancelledOn', { date: date(item.itemDates.cancelled, 'long') })
            : t(statusMessageKey(item.lineItemStatus.simpleStatus))}
        </p>
        {/* Partner prices show only when above zero (spec 000 §3). */}
        {item.partnerName && charged > 0 && <p className="history-order__price">{money(charged, item.currency)}</p>}
        {historyItemActions.length > 0 && (
          <div className="history-order__item-actions">
            {historyItemActions.map((Action, index) => (
              <Action key={index} item={item} />
            ))}
          </div>
        )}
      </div>
    </li>
  );
}

/**
 * One order of the history (issue 31): its date, number, status in the server's colour and total as
 * the server sends them, its items with their own statuses, and the order's actions: view it, track its
 * shipments and view its returns where the lines' actions say so; buy again per item.
 */
export function HistoryOrderCard({ order }: { order: HistoryOrder }) {
  const { t, date, money } = useI18n();
  const headingId = `history-order-${order.orderNumber}`;
  const tracking = trackingLinks(order);
  const returns = returnNumbers(order);
  const postAction = useLineActionMessage();
  return (
    <li className="history-order card" aria-labelledby={headingId}>
      <div className="history-order__header">
        <div className="history-order__heading">
          <h2 id={headingId} className="history-order__title">
            <Link href={paths.orderDetail(order.orderNumber, order.orderType)}>
              {t('orders.history.orderNumber', { orderNumber: order.orderNumber })}
              <span className="chevron" aria-hidden="true" />
            </Link>
          </h2>
          <p className="muted">{t('orders.history.orderedOn', { date: date(order.orderDate, 'long') })}</p>
          {order.partnerName && (
            <p className="history-order__partner">{t('orders.partner.soldBy', { partnerName: order.partnerName })}</p>
          )}
        </div>
        <p className="status-text history-order__status" data-status-color={order.fullOrderStatus.statusColor}>
          {t(statusMessageKey(order.fullOrderStatus.simpleStatus))}
        </p>
        <p className="history-order__total">
          {isUncharged(order) ? (
            <span>{t('orders.history.notCharged')}</span>
          ) : (
            <>
              <span className="muted">{t('orders.detail.orderTotal')}</span>{' '}
              <strong>{money(order.orderTotal, order.currency)}</strong>
            </>
          )}
        </p>
      </div>
      <ul className="history-order__items" aria-labelledby={headingId}>
        {order.items.map((item) => (
          <HistoryOrderItem key={item.lineNumber} item={item} />
        ))}
      </ul>
      <div className="history-order__actions">
        <Link href={paths.orderDetail(order.orderNumber, order.orderType)} className="button button--secondary">
          {t('orders.history.viewOrder')}
        </Link>
        {tracking.map((link, index) => (
          <a
            key={link}
            href={link}
            className="button button--secondary"
            target="_blank"
            rel="noopener noreferrer"
            onClick={() => {
              postAction(firstLineAction(order.items, 'trackShipment', (action) => action.webLink === link));
            }}
          >
            {tracking.length === 1
              ? t('orders.detail.trackShipment')
              : t('orders.modals.track.link', { index: index + 1 })}
            <span className="visually-hidden"> {t('common.opensInNewTab')}</span>
          </a>
        ))}
        {returns.map((returnNumber) => (
          <Link
            key={returnNumber}
            href={paths.returnOrder(returnNumber)}
            className="button button--secondary"
            onClick={() => {
              postAction(
                firstLineAction(order.items, 'viewReturn', (action) => action.returnOrderId?.trim() === returnNumber),
              );
            }}
          >
            {t('orders.modals.returns.link', { returnNumber })}
          </Link>
        ))}
      </div>
    </li>
  );
}
