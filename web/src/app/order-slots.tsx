import { CancelOrderSlot } from '@/features/cancel';
import { CurbsideSlot } from '@/features/curbside';
import { DeferredPaymentSlot } from '@/features/deferred-payment';
import { MoneyTimeline } from '@/features/money-timeline';
import { ReturnItemSlot } from '@/features/returns';
import { BuyAgainSlot, EinvoiceSlot, ShopSimilarSlot, WriteReviewSlot } from '@/features/services';
import type { OrderSlots } from '@/shared/order-slots/order-slots';

/** What each feature contributes to the order pages (see shared/order-slots). */
export const orderSlots: Partial<OrderSlots> = {
  itemActions: [ReturnItemSlot, BuyAgainSlot, WriteReviewSlot],
  itemExtras: [ShopSimilarSlot],
  orderActions: [DeferredPaymentSlot, CancelOrderSlot, CurbsideSlot, EinvoiceSlot],
  sidebar: [MoneyTimeline],
};
