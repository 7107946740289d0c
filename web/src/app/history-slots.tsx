import { BuyAgainHistorySlot } from '@/features/cart';
import type { OrderSlots } from '@/shared/order-slots/order-slots';

/** What other features contribute to the history's order cards (see shared/order-slots). */
export const historySlots: Partial<OrderSlots> = {
  historyItemActions: [BuyAgainHistorySlot],
};
