import type { OrderDetail } from '@/shared/api/types';
import { helpUrl } from '@/shared/config/site';
import { useI18n } from '@/shared/i18n/i18n-context';
import { paymentMethodText } from '../model/payment-methods';
import { PriceSummary } from './price-summary';

export function OrderSidebar({ order }: { order: OrderDetail }) {
  const { t, locale } = useI18n();
  const isReturn = order.orderType === 'RETURN_ORDER';
  return (
    <aside className="order-sidebar" aria-label={t('orders.detail.sidebarLabel')}>
      <div className="card">
        <dl className="order-facts">
          <div>
            <dt>{t(isReturn ? 'orders.detail.returnNumber' : 'orders.detail.orderNumber')}</dt>
            <dd>{order.orderNumber}</dd>
          </div>
          {isReturn && order.parentSalesOrderNumber && (
            <div>
              <dt>{t('orders.detail.parentSalesOrder')}</dt>
              <dd>{order.parentSalesOrderNumber}</dd>
            </div>
          )}
          {order.payment.length > 0 && (
            <div>
              <dt>{t(isReturn ? 'orders.detail.refundMethod' : 'orders.detail.paymentMethod')}</dt>
              {order.payment.map((payment, index) => (
                <dd key={`${payment.paymentType}-${String(index)}`}>{paymentMethodText(payment, t)}</dd>
              ))}
            </div>
          )}
        </dl>
      </div>
      <div className="card">
        <h2 className="order-sidebar__heading">{t('orders.detail.summary')}</h2>
        <PriceSummary order={order} />
      </div>
      <div className="card">
        <h2 className="order-sidebar__heading">{t('orders.detail.needHelp')}</h2>
        <a href={helpUrl(locale.country, locale.language)}>{t('orders.detail.helpLink')}</a>
      </div>
    </aside>
  );
}
