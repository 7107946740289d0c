import type { HistoryItemSlotProps, ItemSlotProps } from '@/shared/order-slots/order-slots';
import { BuyAgain } from './buy-again';

/**
 * How the line is bought again, as the server's answer says (spec 002 §4): a value-added service (China's,
 * `valueAddedServiceID`) on the page of the `buyItAgain` action's link, every other line through the bag.
 */
const purchase = (item: ItemSlotProps['item']) => ({
  valueAddedService: Boolean(item.valueAddedServiceID),
  fallbackUrl: item.actions.buyItAgain?.webLink ?? '/',
  action: item.actions.buyItAgain,
});

/** Buy again on a sales order's item (value-added services go to the product page instead). */
export function BuyAgainSlot({ item, order, currency }: ItemSlotProps) {
  // The server disables buy it again for a customised product.
  if (order.orderType === 'RETURN_ORDER' || !item.skuId || item.actions.buyItAgain?.enabled === false) return null;
  return <BuyAgain skuId={item.skuId} productTitle={item.product.title} currency={currency} {...purchase(item)} />;
}

/** Buy again on an item of a history card: only where the server's `buyItAgain` action is there and enabled. */
export function BuyAgainHistorySlot({ item }: HistoryItemSlotProps) {
  if (item.orderType === 'RETURN_ORDER' || !item.skuId || item.actions.buyItAgain?.enabled !== true) return null;
  return <BuyAgain skuId={item.skuId} productTitle={item.product.title} currency={item.currency} {...purchase(item)} />;
}
