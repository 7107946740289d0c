import { Link, useSearch } from 'wouter';
import type { OrderDetail } from '@/shared/api/types';
import { HelpContacts } from '@/shared/config/help-contacts';
import { useHelpLinks } from '@/shared/config/help-links';
import { isStandalone } from '@/shared/embed/embed';
import { addressForDisplay } from '@/shared/format/address';
import { useI18n } from '@/shared/i18n/i18n-context';
import { useOrderSlots } from '@/shared/order-slots/order-slots';
import { paths } from '@/shared/routing/paths';
import { isOrderNumber } from '@/shared/validation/patterns';
import { paymentMethodText } from '../model/payment-methods';
import { AddressLines, hasAddressLines } from './address-lines';
import { PickupStoreCard } from './pickup-store';
import { PriceSummary } from './price-summary';
import { ReturnToStoreCard } from './return-to-store';

export function OrderSidebar({ order }: { order: OrderDetail }) {
  const { t, locale } = useI18n();
  const help = useHelpLinks();
  const standalone = isStandalone(useSearch());
  const isReturn = order.orderType === 'RETURN_ORDER';
  const parentOrder = order.parentSalesOrderNumber;
  const { sidebar } = useOrderSlots();
  return (
    // With the store's week of hours the sidebar outgrows the window: it then scrolls with the page
    // instead of sticking, so its lower cards are never out of reach.
    <aside
      className={order.pickupAddress ? 'order-sidebar order-sidebar--scrolls' : 'order-sidebar'}
      aria-label={t('orders.detail.sidebarLabel')}
    >
      {/* Spec §2: store info and the pickup store's address and hours come first; a delivery shows where it goes. */}
      <ReturnToStoreCard order={order} />
      {order.pickupAddress ? (
        <PickupStoreCard store={order.pickupAddress} />
      ) : (
        hasAddressLines(order.shippingAddress) && (
          <div className="card">
            {/* A return's address is the one its parcel leaves from (the sales order's delivery address). */}
            <h2 className="order-sidebar__heading">
              {t(isReturn ? 'orders.detail.returnFromAddress' : 'orders.detail.shippingAddress')}
            </h2>
            <AddressLines
              lines={addressForDisplay(order.shippingAddress, order.country, locale.intlLocale, { withName: true })}
            />
          </div>
        )
      )}
      <div className="card">
        <dl className="order-facts">
          <div>
            <dt>{t(isReturn ? 'orders.detail.returnNumber' : 'orders.detail.orderNumber')}</dt>
            <dd>{order.orderNumber}</dd>
          </div>
          {isReturn && parentOrder && (
            <div>
              <dt>{t('orders.detail.parentSalesOrder')}</dt>
              {/* The router adds the country/locale prefix; a number the route would not accept stays text. */}
              <dd>
                {isOrderNumber(parentOrder) ? (
                  <Link href={paths.salesOrder(parentOrder)}>{parentOrder}</Link>
                ) : (
                  parentOrder
                )}
              </dd>
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
      {/* Spec 000 §2: a standalone view omits help and contact (the retailer's page has its own). */}
      {!standalone && (
        <div className="card">
          <h2 className="order-sidebar__heading">{t('orders.detail.needHelp')}</h2>
          <a href={help.help}>{t(isReturn ? 'orders.detail.returnHelpLink' : 'orders.detail.helpLink')}</a>
          <HelpContacts forReturn={isReturn} />
        </div>
      )}
      {sidebar.map((Panel, index) => (
        <Panel key={index} order={order} />
      ))}
    </aside>
  );
}
