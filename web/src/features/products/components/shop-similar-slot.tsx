import { useFlags } from '@/shared/config/flags';
import type { ItemSlotProps } from '@/shared/order-slots/order-slots';
import { ShopSimilar } from './shop-similar';

/**
 * Shop similar, only with its flag (spec 000 §5: and for items without a customised reference, which the
 * server marks by disabling buy it again).
 */
export function ShopSimilarSlot({ item, currency }: ItemSlotProps) {
  const { enableShopSimilar } = useFlags();
  if (!enableShopSimilar || !item.product.styleColor || item.actions.buyItAgain?.enabled === false) return null;
  return <ShopSimilar styleColor={item.product.styleColor} currency={currency} />;
}
