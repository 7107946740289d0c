import { useFlags } from '@/shared/config/flags';
import type { HistoryItemSlotProps, ItemSlotProps } from '@/shared/order-slots/order-slots';
import { BuyAgain } from './buy-again';
import { ShopSimilar } from './shop-similar';

/** The server disables buy it again for a customised product: neither buy again nor shop similar is offered. */
const buyItAgainDisabled = (item: ItemSlotProps['item']) => item.actions.buyItAgain?.enabled === false;

/** Buy again on a sales order's item (China value-added services go to the product page instead). */
export function BuyAgainSlot({ item, order, currency }: ItemSlotProps) {
  if (order.orderType === 'RETURN_ORDER' || !item.skuId || buyItAgainDisabled(item)) return null;
  return <BuyAgain skuId={item.skuId} currency={currency} fallbackUrl="/" valueAddedService={false} />;
}

/** Shop similar, only with its flag (spec 000 §5: and for items without a customised reference). */
export function ShopSimilarSlot({ item, currency }: ItemSlotProps) {
  const { enableShopSimilar } = useFlags();
  if (!enableShopSimilar || !item.product.styleColor || buyItAgainDisabled(item)) return null;
  return <ShopSimilar styleColor={item.product.styleColor} currency={currency} />;
}

/** Buy again on an item of a history card: only where the server's `buyItAgain` action is there and enabled. */
export function BuyAgainHistorySlot({ item }: HistoryItemSlotProps) {
  if (item.orderType === 'RETURN_ORDER' || !item.skuId || item.actions.buyItAgain?.enabled !== true) return null;
  return <BuyAgain skuId={item.skuId} currency={item.currency} fallbackUrl="/" valueAddedService={false} />;
}
