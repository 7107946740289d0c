import { useSearch } from 'wouter';
import type { OrderDetail } from '@/shared/api/types';
import { useFlags } from '@/shared/config/flags';
import { useHelpLinks } from '@/shared/config/help-links';
import { isStandalone } from '@/shared/embed/embed';
import { useI18n } from '@/shared/i18n/i18n-context';
import { useOrderSlots } from '@/shared/order-slots/order-slots';
import { alternateTotal } from '../model/alternate-total';
import { helpLink } from '../model/links';
import { notChargedAmount } from '../model/price-summary';
import { refundTotalLabel } from '../model/refund-label';

export function OrderHeader({ order }: { order: OrderDetail }) {
  const { t, date, money } = useI18n();
  const isReturn = order.orderType === 'RETURN_ORDER';
  const { useQuickActionCta, isAustralia } = useFlags();
  const { orderActions } = useOrderSlots();
  const notCharged = notChargedAmount(order);
  const alternate = alternateTotal(order);
  const subStatus = order.fullOrderStatus.subStatus?.trim();
  // Spec 000 §2: a standalone view omits help (the retailer's page has its own).
  const standalone = isStandalone(useSearch());
  const help = useHelpLinks();
  const getHelp = standalone ? null : helpLink(order, help.help);
  return (
    <div className="order-header">
      <div>
        <h1 tabIndex={-1}>
          {t(isReturn ? 'orders.detail.returnHeading' : 'orders.detail.salesHeading', {
            orderNumber: order.orderNumber,
          })}
        </h1>
        {/* A return order's date is the day the return was asked for, not a purchase (walk polish 8). */}
        <p className="muted">
          {t(isReturn ? 'orders.detail.returnRequestedOn' : 'orders.detail.placedOn', {
            date: date(order.transaction.orderDate, 'long'),
          })}
        </p>
        {/* A partner's order names its seller, as the partner tab of the history does. */}
        {order.partnerName && <p>{t('orders.partner.soldBy', { partnerName: order.partnerName })}</p>}
        {/* The purchase-type sub status (000 §2): the order system's own text, shown as it sends it. */}
        {subStatus && <p className="order-header__sub-status">{subStatus}</p>}
      </div>
      <p className="order-header__total">
        <span className="muted">
          {t(isReturn ? refundTotalLabel(order, isAustralia, 'orders.detail.refundTotal') : 'orders.detail.orderTotal')}
        </span>
        <strong>{money(order.transaction.orderTotal, order.currency)}</strong>
        {alternate && (
          <span className="order-header__alternate muted">
            {t('orders.detail.alternateTotal', { amount: money(alternate.amount, alternate.currency) })}
          </span>
        )}
        {notCharged > 0 && (
          <span className="order-header__charged muted">
            {order.transaction.chargedPrice === 0
              ? t('orders.detail.notCharged')
              : t('orders.detail.chargedOnly', { amount: money(order.transaction.chargedPrice, order.currency) })}
          </span>
        )}
      </p>
      {useQuickActionCta && (orderActions.length > 0 || getHelp) && (
        <div className="order-header__quick-actions">
          {orderActions.map((Action, index) => (
            <Action key={index} order={order} />
          ))}
          {getHelp && (
            <a className="button button--secondary" href={getHelp}>
              {t(isReturn ? 'orders.detail.returnHelpLink' : 'orders.detail.helpLink')}
            </a>
          )}
        </div>
      )}
    </div>
  );
}
