import type { OrderDetail, OrderGroup } from '@/shared/api/types';
import { useFlags } from '@/shared/config/flags';
import { useHelpLinks } from '@/shared/config/help-links';
import { useLineActionMessage } from '@/shared/embed/line-action';
import { useI18n } from '@/shared/i18n/i18n-context';
import { useOrderSlots } from '@/shared/order-slots/order-slots';
import { groupMessage } from '../model/group-message';
import { firstLineAction } from '../model/links';
import { packageLinks, shipmentStatusApart } from '../model/shipments';
import { isPastDelivery, showsEstimatedDelivery, statusMessageKey } from '../model/status';
import { ItemCard } from './item-card';
import { PackageLinks } from './package-links';

export function ShipmentGroup({
  group,
  order,
  currency,
  first = false,
}: {
  group: OrderGroup;
  order: OrderDetail;
  currency: string;
  first?: boolean;
}) {
  const { t, date } = useI18n();
  const { enableEdd, useQuickActionCta } = useFlags();
  const { orderActions } = useOrderSlots();
  const trackLink = group.actions.trackShipment?.webLink;
  const estimatedDelivery = group.estimatedDeliveryDate ?? null;
  const subheading = group.subheading?.trim();
  const message = groupMessage(group);
  // What the answer's shipments add to the group (000 §3 Shipment): its own status when the carrier is
  // ahead of the lines, and the tracking link of each package not already shown.
  const shipmentStatus = shipmentStatusApart(order, group);
  const packages = packageLinks(order, group);
  const readyForPickup = group.simpleStatus === 'readyForPickUp';
  const help = useHelpLinks();
  const postAction = useLineActionMessage();
  return (
    // Not a named region: two shipments can share a status, and landmarks must have unique names.
    <section className="shipment-group card">
      <div className="shipment-group__head">
        {/* headingVariant is the order system's style name for the heading (e.g. "emphasis"); CSS styles the known ones. */}
        <h2
          className="shipment-group__status"
          data-status-color={group.statusColor}
          data-heading-variant={group.headingVariant ?? undefined}
        >
          {t(statusMessageKey(group.simpleStatus))}
        </h2>
        <p className="muted">{t('orders.detail.itemCount', { count: group.orderItems.length })}</p>
      </div>
      {subheading && <p className="shipment-group__subheading">{subheading}</p>}
      {shipmentStatus && group.shipmentNumber && (
        <p className="shipment-group__shipment">
          {t('orders.detail.shipmentStatus', {
            number: group.shipmentNumber,
            status: t(statusMessageKey(shipmentStatus)),
          })}
        </p>
      )}
      {showsEstimatedDelivery(group.simpleStatus, enableEdd, estimatedDelivery) && (
        <p className="shipment-group__edd">
          {t(isPastDelivery(estimatedDelivery) ? 'orders.detail.deliveryLate' : 'orders.detail.estimatedDelivery', {
            date: date(estimatedDelivery, 'longWithWeekday'),
          })}
        </p>
      )}
      {message && <p className="shipment-group__message">{message}</p>}
      {/* Walk minor 23: the answer has no pickup code, so the order number is what the shopper shows,
          with ID (as for store returns, 001 §1); without the store's data the page says it lacks it. */}
      {readyForPickup && (
        <div className="shipment-group__message">
          <p>{t('orders.detail.pickupBring', { orderNumber: order.orderNumber })}</p>
          {!order.pickupAddress && (
            <p>
              {t('orders.detail.pickupNoStore')} <a href={help.contact}>{t('common.contactUs')}</a>
            </p>
          )}
        </div>
      )}
      {/* Order actions (cancel ...) sit on the first group unless the header shows them as quick actions. */}
      {first && !useQuickActionCta && orderActions.map((Action, index) => <Action key={index} order={order} />)}
      <ul className="shipment-group__items">
        {group.orderItems.map((item) => (
          <ItemCard key={`${item.lineNumber}-${item.skuId}`} item={item} order={order} currency={currency} />
        ))}
      </ul>
      {trackLink && (
        <a
          className="button button--secondary shipment-group__track"
          href={trackLink}
          target="_blank"
          rel="noopener noreferrer"
          onClick={() => {
            // The group's link stands for its lines' trackShipment actions (an item shows its own only when it differs).
            postAction(firstLineAction(group.orderItems, 'trackShipment', (action) => action.webLink === trackLink));
          }}
        >
          {t('orders.detail.trackShipment')}
          <span className="visually-hidden"> {t('common.opensInNewTab')}</span>
        </a>
      )}
      <PackageLinks packages={packages} />
    </section>
  );
}
