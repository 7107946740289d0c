import type { OrderItem } from '@/shared/api/types';

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
