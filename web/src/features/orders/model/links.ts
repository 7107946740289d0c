import type { ActionView, OrderDetail, OrderItem } from '@/shared/api/types';

/** Web links the page follows: http(s) or a path of this site; anything else (javascript:, data:) is no link. */
export const isWebLink = (link: string | null | undefined): link is string =>
  Boolean(link && /^(https?:\/\/|\/(?![/\\]))/i.test(link));

/**
 * Where an item's image and title lead (000 §2 item card): the product page the server's `buyItAgain`
 * action names (a path of the retailer's store, e.g. /products/AR2-001); no action or no link, no link
 * (a customised product, a return order's line).
 */
export function productLink(item: OrderItem): string | null {
  const action = item.actions.buyItAgain;
  return action?.enabled && isWebLink(action.webLink) ? action.webLink : null;
}

/**
 * A line's own track link (000 §2 item card), from its `trackShipment` action: only when its group does not
 * already show the same link, so a shipment's one link is not repeated on each of its items; a line that
 * travels apart from its group's tracked parcel gets its own.
 */
export function itemTrackLink(item: OrderItem, order: OrderDetail): string | null {
  const action = item.actions.trackShipment;
  if (!action?.enabled || !isWebLink(action.webLink)) return null;
  const group = order.groups.find((candidate) => candidate.orderItems.includes(item));
  return group?.actions.trackShipment?.webLink === action.webLink ? null : action.webLink;
}

/**
 * Where the header's Get help goes (000 §2 quick actions), given the server's `getHelp` action: its link when
 * it is a full http(s) address; a path (the server sends `/help?country=..&orderNumber=..`, the binary's own
 * demo help, without the shopper's language) gives way to the country's configured help link, as the
 * sidebar's help link uses. No action, no Get help.
 */
export function helpLink(order: OrderDetail, configured: string): string | null {
  const action = order.actions.getHelp;
  if (!action?.enabled) return null;
  return action.webLink && /^https?:\/\//i.test(action.webLink) ? action.webLink : configured;
}

/**
 * The line action a control stands for when it shows several lines' action as one (a shipment's one Track
 * shipment link, a return's one link): the first line's enabled `name` action that `matches`. Its
 * `appCallback` is the one a click posts to a framing retailer page (shared/embed/line-action.ts).
 */
export function firstLineAction(
  items: readonly { actions: Partial<Record<string, ActionView>> }[],
  name: string,
  matches: (action: ActionView) => boolean,
): ActionView | undefined {
  for (const item of items) {
    const action = item.actions[name];
    if (action?.enabled && matches(action)) return action;
  }
  return undefined;
}
