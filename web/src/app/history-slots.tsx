import { BuyAgainHistorySlot } from '@/features/cart';
import { ReturnHistorySlot } from '@/features/returns';
import type { OrderSlots } from '@/shared/order-slots/order-slots';

/** What other features contribute to the history's order cards (see shared/order-slots). */
export const historySlots: Partial<OrderSlots> = {
  historyItemActions: [ReturnHistorySlot, BuyAgainHistorySlot],
};
