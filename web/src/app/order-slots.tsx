import { ReturnItemSlot } from '@/features/returns';
import { BuyAgainSlot, ShopSimilarSlot } from '@/features/services';
import type { OrderSlots } from '@/shared/order-slots/order-slots';

/** What each feature contributes to the order pages (see shared/order-slots). */
export const orderSlots: Partial<OrderSlots> = {
  itemActions: [BuyAgainSlot, ReturnItemSlot],
  itemExtras: [ShopSimilarSlot],
};
