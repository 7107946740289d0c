import { CancelOrderSlot } from '@/features/cancellation';
import { BuyAgainSlot } from '@/features/cart';
import { EinvoiceSlot } from '@/features/einvoice';
import { CurbsideSlot } from '@/features/pickups';
import { ItemTrackSlot } from '@/features/orders';
import { DeferredPaymentSlot, MoneyTimeline } from '@/features/payments';
import { ShopSimilarSlot } from '@/features/products';
import {
  NotReturnableSlot,
  ReturnBarcodeSlot,
  ReturnDetailsPanel,
  ReturnItemSlot,
  ReturnOrderSlot,
} from '@/features/returns';
import { WriteReviewSlot } from '@/features/reviews';
import type { OrderSlots } from '@/shared/order-slots/order-slots';

/** What each feature contributes to the order pages (see shared/order-slots). */
export const orderSlots: Partial<OrderSlots> = {
  itemActions: [ItemTrackSlot, ReturnItemSlot, BuyAgainSlot, WriteReviewSlot],
  itemExtras: [NotReturnableSlot, ShopSimilarSlot],
  orderActions: [DeferredPaymentSlot, CancelOrderSlot, ReturnOrderSlot, CurbsideSlot, EinvoiceSlot, ReturnBarcodeSlot],
  sidebar: [ReturnDetailsPanel, MoneyTimeline],
};
