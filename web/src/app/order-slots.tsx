import { CancelOrderSlot } from '@/features/cancellation';
import { CurbsideSlot } from '@/features/pickups';
import { DeferredPaymentSlot } from '@/features/payments';
import { MoneyTimeline } from '@/features/money-timeline';
import { ItemTrackSlot } from '@/features/orders';
import { NotReturnableSlot, ReturnBarcodeSlot, ReturnDetailsPanel, ReturnItemSlot } from '@/features/returns';
import { BuyAgainSlot, EinvoiceSlot, ShopSimilarSlot, WriteReviewSlot } from '@/features/services';
import type { OrderSlots } from '@/shared/order-slots/order-slots';

/** What each feature contributes to the order pages (see shared/order-slots). */
export const orderSlots: Partial<OrderSlots> = {
  itemActions: [ItemTrackSlot, ReturnItemSlot, BuyAgainSlot, WriteReviewSlot],
  itemExtras: [NotReturnableSlot, ShopSimilarSlot],
  orderActions: [DeferredPaymentSlot, CancelOrderSlot, CurbsideSlot, EinvoiceSlot, ReturnBarcodeSlot],
  sidebar: [ReturnDetailsPanel, MoneyTimeline],
};
