import { sumMoney } from '@/shared/format/money';
import type { RefundArrival, ReturnMethodOption } from '../model/return-options';
import { checkedLines, type ReturnableLine, type Selection } from './selection';

/** What the summary says when no arrival was sent: a gift card (PayPal store returns) or the original method. */
export type RefundTiming = 'original' | 'giftCard';

export interface RefundPreview {
  items: number;
  subtotal: number;
  tax: number;
  /** Return shipping taken from the refund (Australia's drop-off fee for non-members). */
  deduction: number;
  /** Return shipping the shopper pays apart from the refund (guests). */
  shippingCharge: number;
  total: number;
  timing: RefundTiming;
  /** The server's arrival for the chosen method, else for the order before a method is chosen (it wins over
   * `timing`, which is only what an answer without one falls back to). */
  arrival: RefundArrival | null;
}

/**
 * Spec 001 §9: a return's subtotal is the charged price per unit times the returned quantity; tax in
 * the same share. The amount is an estimate (shipping and item condition decide the final refund).
 */
export function refundPreview(input: {
  lines: ReturnableLine[];
  selection: Selection;
  method: ReturnMethodOption | null;
  currency: string;
  /** The order's refund arrival before a method is chosen (the return options' `refundArrival`). */
  orderArrival?: RefundArrival | null;
  paymentTypes: string[];
  /** The server says a store return of this order is refunded to a gift card (PayPal). */
  storeRefundToGiftCard?: boolean;
}): RefundPreview {
  const {
    lines,
    selection,
    method,
    currency,
    orderArrival = null,
    paymentTypes,
    storeRefundToGiftCard = false,
  } = input;
  const byNumber = new Map(lines.map((line) => [line.item.lineNumber, line]));
  const subtotals: number[] = [];
  const taxes: number[] = [];
  let items = 0;
  for (const [lineNumber, choice] of checkedLines(selection)) {
    const line = byNumber.get(lineNumber);
    if (!line) continue;
    items += choice.quantity;
    // The server's unit refund includes tax (docs/returns-api.md §1); without it, the order's own amounts.
    const unitRefund = line.option?.unitRefund;
    if (typeof unitRefund === 'number') {
      subtotals.push(unitRefund * choice.quantity);
      continue;
    }
    const { quantity, lineItemChargedPrice, lineItemTaxes } = line.item.lineItemTransaction;
    const share = quantity > 0 ? choice.quantity / quantity : 0;
    subtotals.push(lineItemChargedPrice * share);
    taxes.push(lineItemTaxes * share);
  }
  const subtotal = sumMoney(subtotals, currency);
  const tax = sumMoney(taxes, currency);
  const price = method?.price ?? 0;
  const deduction = method?.deduction ?? 0;
  // What the caller pays that is not already taken from the refund.
  const shippingCharge = Math.max(0, sumMoney([price, -deduction], currency));
  const total = Math.max(0, sumMoney([subtotal, tax, -deduction], currency));
  const paypalInStore =
    method?.method === 'returnToStore' &&
    (storeRefundToGiftCard || paymentTypes.some((type) => type.toUpperCase() === 'PAYPAL'));
  const timing: RefundTiming = paypalInStore ? 'giftCard' : 'original';
  const arrival = method ? (method.refundArrival ?? null) : orderArrival;
  return { items, subtotal, tax, deduction, shippingCharge, total, timing, arrival };
}
