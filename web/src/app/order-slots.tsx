import { CurbsideSlot } from '@/features/curbside';
import { BuyAgainSlot, EinvoiceSlot, ShopSimilarSlot, WriteReviewSlot } from '@/features/services';
import type { OrderSlots } from '@/shared/order-slots/order-slots';

/** What each feature contributes to the order pages (see shared/order-slots). */
export const orderSlots: Partial<OrderSlots> = {
  itemActions: [BuyAgainSlot, WriteReviewSlot],
  itemExtras: [ShopSimilarSlot],
  orderActions: [EinvoiceSlot, CurbsideSlot],
};
