import type { OrderDetail, OrderGroup, OrderItem } from '@/shared/api/types';
import { isWebLink } from './links';

type Shipment = NonNullable<OrderDetail['shipments']>[number];

/** The order answer's shipment a group travels in (000 §3 Shipment), matched by its shipment number. */
export function shipmentOf(order: OrderDetail, group: OrderGroup): Shipment | null {
  const number = group.shipmentNumber?.trim();
  if (!number) return null;
  return order.shipments?.find((shipment) => shipment.shipmentNumber === number) ?? null;
}

/**
 * The shipment's own status when it says more than the group's heading (the carrier has delivered a
 * parcel whose lines still read "shipped"); null when it repeats the heading or there is no shipment.
 */
export function shipmentStatusApart(order: OrderDetail, group: OrderGroup): Shipment['simpleStatus'] | null {
  const status = shipmentOf(order, group)?.simpleStatus;
  return status && status !== 'unknown' && status !== group.simpleStatus ? status : null;
}

export interface PackageLink {
  key: string;
  /** 1-based, among all the shipment's packages, so "package 2 of 2" reads the same wherever it shows. */
  index: number;
  count: number;
  /** The package's own tracking link, when the group does not already show it; null when it does or has none. */
  link: string | null;
  /** The carrier's name and its tracking number, when the order system sent them (null when not). */
  carrierName: string | null;
  trackingNumber: string | null;
  /** The group's items in this package (the package names line numbers). */
  items: OrderItem[];
}

const text = (value: string | null | undefined): string | null => value?.trim() || null;

/**
 * What each package adds to its group (000 §3 packages: items, shipmentNumber, trackingUrl, carrierName,
 * trackingNumber): its own tracking link that the group does not show yet (not the group's Track shipment
 * link, not an item's own Track item link), and its carrier and tracking number where the order system
 * sent them. A package that adds neither is left out. A group whose track action the server turned off (a
 * return page in some countries, 000 §5) shows none.
 */
export function packageLinks(order: OrderDetail, group: OrderGroup): PackageLink[] {
  const shipment = shipmentOf(order, group);
  const action = group.actions.trackShipment;
  if (!shipment || (action && !action.enabled)) return [];
  const shown = new Set(
    [
      action?.webLink,
      ...group.orderItems.map((item) =>
        item.actions.trackShipment?.enabled ? item.actions.trackShipment.webLink : null,
      ),
    ].filter(Boolean),
  );
  const count = shipment.packages.length;
  return shipment.packages.flatMap((parcel, at) => {
    const link = isWebLink(parcel.trackingUrl) && !shown.has(parcel.trackingUrl) ? parcel.trackingUrl : null;
    const carrierName = text(parcel.carrierName);
    const trackingNumber = text(parcel.trackingNumber);
    if (!link && !carrierName && !trackingNumber) return [];
    const items = group.orderItems.filter((item) => parcel.items.includes(item.lineNumber));
    return [
      {
        key: parcel.packageId ?? `${shipment.shipmentNumber}-${String(at)}`,
        index: at + 1,
        count,
        link,
        carrierName,
        trackingNumber,
        items,
      },
    ];
  });
}
