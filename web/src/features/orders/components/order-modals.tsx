import { useState } from 'react';
import { Link } from 'wouter';
import type { OrderDetail, OrderItem } from '@/shared/api/types';
import { countryName } from '@/shared/format/address';
import { useI18n } from '@/shared/i18n/i18n-context';
import { countrySitePath, paths } from '@/shared/routing/paths';
import { isOrderNumber } from '@/shared/validation/patterns';
import { Button } from '@/shared/ui/button';
import { Dialog } from '@/shared/ui/dialog';
import { useFlags } from '@/shared/config/flags';
import { useLineActionMessage } from '@/shared/embed/line-action';
import { firstLineAction } from '../model/links';
import { mismatchDismissed, rememberMismatchDismissed } from '../model/mismatch-dismissal';
import { packageLinks, shipmentOf, type PackageLink } from '../model/shipments';
import { isPastDelivery, showsEstimatedDelivery, statusMessageKey } from '../model/status';
import { PackageLinks } from './package-links';

export interface TrackedShipment {
  key: string;
  shipmentNumber: string | null;
  status: OrderDetail['groups'][number]['simpleStatus'];
  link: string;
  items: OrderItem[];
  /** The group's estimated delivery day, where its status shows one (000 §4). */
  estimatedDelivery: string | null;
  /** The earliest shipped and the latest delivered day of its lines, when the order system sent them. */
  shippedOn: string | null;
  deliveredOn: string | null;
  /** Its packages' own tracking links that the shipment's link is not, carriers and tracking numbers (000 §3). */
  packages: PackageLink[];
}

/** The earliest (or latest) of the lines' dates of one kind; dates are ISO text, so text order is time order. */
function lineDate(items: readonly OrderItem[], kind: 'shipped' | 'delivered', pick: 'first' | 'last'): string | null {
  const dates = items
    .map((item) => item.itemDates?.[kind]?.trim())
    .filter((value): value is string => Boolean(value))
    .sort();
  return (pick === 'first' ? dates[0] : dates.at(-1)) ?? null;
}

/**
 * Shipments the shopper can track now: groups whose track action (the action contract) carries a link,
 * with what the order answer knows of each (walk minor 15): its shipment number, shipped and delivered
 * days, and delivery estimate; and of its packages, each one's own tracking link and its carrier and
 * tracking number where the order system sent them.
 */
export function trackedShipments(order: OrderDetail, enableEdd = true): TrackedShipment[] {
  return order.groups.flatMap((group, index) => {
    const action = group.actions.trackShipment;
    const link = action?.enabled ? action.webLink : null;
    return link
      ? [
          {
            key: `${group.shipmentNumber ?? 'group'}-${String(index)}`,
            shipmentNumber: group.shipmentNumber ?? null,
            // The shipment's own status where the answer sends one (the carrier's), else its lines'.
            status: shipmentOf(order, group)?.simpleStatus ?? group.simpleStatus,
            link,
            items: group.orderItems,
            estimatedDelivery: showsEstimatedDelivery(
              group.simpleStatus,
              enableEdd,
              group.estimatedDeliveryDate ?? null,
            )
              ? (group.estimatedDeliveryDate ?? null)
              : null,
            shippedOn: lineDate(group.orderItems, 'shipped', 'first'),
            deliveredOn: group.simpleStatus === 'delivered' ? lineDate(group.orderItems, 'delivered', 'last') : null,
            packages: packageLinks(order, group),
          },
        ]
      : [];
  });
}

export interface ReturnOfOrder {
  returnOrderId: string;
  items: OrderItem[];
}

/** The return orders of a sales order, from its lines' view-return actions, in the order they first appear. */
export function returnsOfOrder(order: OrderDetail): ReturnOfOrder[] {
  if (order.orderType === 'RETURN_ORDER') return [];
  const byId = new Map<string, OrderItem[]>();
  for (const item of order.groups.flatMap((group) => group.orderItems)) {
    const action = item.actions.viewReturn;
    const id = action?.enabled ? action.returnOrderId?.trim() : undefined;
    if (!id || !isOrderNumber(id)) continue;
    byId.set(id, [...(byId.get(id) ?? []), item]);
  }
  return [...byId].map(([returnOrderId, items]) => ({ returnOrderId, items }));
}

/** The order's own site for the mismatch modal: the same page under the order's country prefix. */
export const orderCountryHref = (order: OrderDetail): string =>
  countrySitePath(order.country, paths.orderDetail(order.orderNumber, order.orderType));

/** What the order answer says of one shipment: number, shipped, delivered or expected; nothing it did not send. */
function ShipmentFacts({ shipment }: { shipment: TrackedShipment }) {
  const { t, date } = useI18n();
  const { shipmentNumber, shippedOn, deliveredOn, estimatedDelivery } = shipment;
  const facts = [
    shipmentNumber && t('orders.modals.track.shipmentNumber', { number: shipmentNumber }),
    shippedOn && t('orders.modals.track.shippedOn', { date: date(shippedOn, 'long') }),
    deliveredOn && t('orders.modals.track.deliveredOn', { date: date(deliveredOn, 'long') }),
    !deliveredOn &&
      estimatedDelivery &&
      t(isPastDelivery(estimatedDelivery) ? 'orders.detail.deliveryLate' : 'orders.detail.estimatedDelivery', {
        date: date(estimatedDelivery, 'longWithWeekday'),
      }),
  ].filter((fact): fact is string => Boolean(fact));
  if (facts.length === 0) return null;
  return (
    <ul className="order-modal__facts">
      {facts.map((fact) => (
        <li key={fact}>{fact}</li>
      ))}
    </ul>
  );
}

const itemTitles = (items: readonly OrderItem[]) => (
  <ul className="order-modal__items">
    {items.map((item) => (
      <li key={`${String(item.lineNumber)}-${item.skuId}`}>{item.product.title}</li>
    ))}
  </ul>
);

/**
 * Spec 000 §5, the detail page's modals: "track shipments" when several shipments can be tracked,
 * "view returns" for a sales order with return orders, and the order-country mismatch, opened on load
 * when the order belongs to another country's site than the route's.
 */
export function OrderModals({ order }: { order: OrderDetail }) {
  const { t, locale } = useI18n();
  const [open, setOpen] = useState<'track' | 'returns' | null>(null);
  const postAction = useLineActionMessage();
  const { enableOrderMismatchModal, enableEdd } = useFlags();
  // A dismissal earlier in this browser session keeps it closed; the state also covers storage that fails.
  const sessionKey = `${order.orderNumber}/${locale.country}`;
  const [dismissedKey, setDismissedKey] = useState<string | null>(null);
  const dismissed = dismissedKey === sessionKey || mismatchDismissed(order.orderNumber, locale.country);
  const shipments = trackedShipments(order, enableEdd);
  const returns = returnsOfOrder(order);
  const orderCountry = order.country.trim().toUpperCase();
  const mismatch =
    enableOrderMismatchModal && /^[A-Z]{2}$/.test(orderCountry) && orderCountry !== locale.country && !dismissed;
  const dismissMismatch = () => {
    rememberMismatchDismissed(order.orderNumber, locale.country);
    setDismissedKey(sessionKey);
  };
  const close = () => {
    setOpen(null);
  };
  // One shipment keeps its own track button in its group; the modal is for choosing among several.
  const showTrack = shipments.length > 1;

  return (
    <>
      {(showTrack || returns.length > 0) && (
        <div className="order-modals__buttons">
          {showTrack && (
            <Button
              variant="secondary"
              aria-haspopup="dialog"
              onClick={() => {
                setOpen('track');
              }}
            >
              {t('orders.modals.track.open', { count: shipments.length })}
            </Button>
          )}
          {returns.length > 0 && (
            <Button
              variant="secondary"
              aria-haspopup="dialog"
              onClick={() => {
                setOpen('returns');
              }}
            >
              {t('orders.modals.returns.open', { count: returns.length })}
            </Button>
          )}
        </div>
      )}
      {open === 'track' && (
        <Dialog
          title={t('orders.modals.track.title')}
          onDismiss={close}
          actions={
            <Button variant="secondary" onClick={close}>
              {t('orders.modals.close')}
            </Button>
          }
        >
          <ol className="order-modal__list">
            {shipments.map((shipment, index) => (
              <li key={shipment.key} className="order-modal__entry">
                <h3 className="order-modal__heading">
                  {t('orders.modals.track.shipment', {
                    index: index + 1,
                    status: t(statusMessageKey(shipment.status)),
                  })}
                </h3>
                <ShipmentFacts shipment={shipment} />
                {itemTitles(shipment.items)}
                <a
                  href={shipment.link}
                  target="_blank"
                  rel="noopener noreferrer"
                  onClick={() => {
                    postAction(
                      firstLineAction(shipment.items, 'trackShipment', (action) => action.webLink === shipment.link),
                    );
                  }}
                >
                  {t('orders.modals.track.link', { index: index + 1 })}
                  <span className="visually-hidden"> {t('common.opensInNewTab')}</span>
                </a>
                <PackageLinks packages={shipment.packages} />
              </li>
            ))}
          </ol>
        </Dialog>
      )}
      {open === 'returns' && (
        <Dialog
          title={t('orders.modals.returns.title')}
          onDismiss={close}
          actions={
            <Button variant="secondary" onClick={close}>
              {t('orders.modals.close')}
            </Button>
          }
        >
          <ul className="order-modal__list">
            {returns.map((entry) => (
              <li key={entry.returnOrderId} className="order-modal__entry">
                <h3 className="order-modal__heading">
                  {t('orders.modals.returns.returnNumber', { returnNumber: entry.returnOrderId })}
                </h3>
                {itemTitles(entry.items)}
                <Link
                  href={paths.returnOrder(entry.returnOrderId)}
                  onClick={() => {
                    postAction(
                      firstLineAction(
                        entry.items,
                        'viewReturn',
                        (action) => action.returnOrderId?.trim() === entry.returnOrderId,
                      ),
                    );
                  }}
                >
                  {t('orders.modals.returns.link', { returnNumber: entry.returnOrderId })}
                </Link>
              </li>
            ))}
          </ul>
        </Dialog>
      )}
      {mismatch && open === null && (
        <Dialog
          title={t('orders.modals.country.title')}
          onDismiss={dismissMismatch}
          actions={
            <>
              <Button variant="secondary" onClick={dismissMismatch}>
                {t('orders.modals.country.stay')}
              </Button>
              <a className="button button--primary" href={orderCountryHref(order)}>
                {t('orders.modals.country.open', { country: countryName(orderCountry, locale.intlLocale) })}
              </a>
            </>
          }
        >
          <p>
            {t('orders.modals.country.body', {
              orderNumber: order.orderNumber,
              orderCountry: countryName(orderCountry, locale.intlLocale),
              siteCountry: countryName(locale.country, locale.intlLocale),
            })}
          </p>
        </Dialog>
      )}
    </>
  );
}
