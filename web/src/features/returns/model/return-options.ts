/**
 * The return options in the wizard's terms, derived from the generated wire type (openapi.json's
 * ReturnOptions): amounts as numbers, a paperless method's printable sub-choice as a method of its own.
 */
import type { components } from '@/shared/api/schema';

/** `method|carrier` (spec 001 §3 "Method id"): e.g. `returnToStore`, `PAPERLESS_RETURN|ROYAL_MAIL`. */
export type MethodId = string;

export interface ReturnOptionLine {
  lineNumber: number;
  /** The product gtin, sent back as universalProductCode. */
  gtin: string;
  returnableQuantity: number;
  returnableFlag: boolean;
  returnDisableReason?: components['schemas']['ReturnDisableReason'] | null;
  /** What one unit refunds, tax included. */
  unitRefund?: number | null;
}

export interface ReturnMethodOption {
  /** `method|carrier` (spec 001 §3 "Method id"). */
  id: MethodId;
  /** courierPickup, sagawaPickup, returnToStore, upsDropoff, upsPickup, DROPOFF_RETURN, PAPERLESS_RETURN ... */
  method: string;
  /** The server's service: PICK_UP (a pickup asks its address and window), CARRIER_DROP_OFF, PAPERLESS ... */
  serviceType?: string;
  carrier?: string | null;
  carrierName?: string | null;
  /** The method box's title from the carrier's data (001 §3 returnMethodSelection.title), when it has one. */
  selectionTitle?: string | null;
  /** Standard carrier alpha code, sent with paperless returns only. */
  scac?: string | null;
  /** What return shipping costs this caller (members 0). */
  price: number;
  /** The part taken from the refund (Australia's drop-off fee for non-members, guests' fee). */
  deduction?: number;
  /** Set on a printable drop-off that the server offers only as the paperless method's sub-choice. */
  alternativeOf?: MethodId;
  /** Pickup windows, for pickups. */
  pickupSlots?: components['schemas']['PickupSlotView'][];
  /** Where the refund goes and how many business days it takes, for this method. */
  refundArrival?: RefundArrival | null;
  /** False where choosing it creates nothing online (a store return in Korea): the page says what to do. */
  createsReturn?: boolean;
}

export interface RefundArrival {
  /** ORIGINAL_PAYMENT, GIFT_CARD or BANK_TRANSFER. */
  destination: string;
  min: number;
  max: number;
}

export interface ReturnReason {
  /** The app code (tooBig, notAsExpected ...): the text is chosen by it. */
  code: string;
  /** What the server stores (1, 3, 5, 6, 501 ...). */
  serverCode: string;
  text?: string | null;
}

export interface ReturnOptions {
  orderNumber: string;
  country: string;
  currency: string;
  returnDeadline?: string | null;
  asMember: boolean;
  /** Offer the guest a sign-in for free shipping before the methods (spec 001 §5). */
  loginPrompt: boolean;
  /** The EU right of withdrawal is open for this order (until withdrawalDeadline). */
  withdrawalAvailable: boolean;
  withdrawalDeadline: string | null;
  /** Non-members returning in store bring proof of purchase (spec 001 §1). */
  proofOfPurchaseRequired: boolean;
  commentAllowed: boolean;
  storeRefundToGiftCard: boolean;
  scannableCodeWaitMinutes: number | null;
  /** Where the refund goes and when, before a method is chosen (the server's rule: EMEA, Korea, elsewhere). */
  refundArrival?: RefundArrival | null;
  lines: ReturnOptionLine[];
  methods: ReturnMethodOption[];
  reasons: ReturnReason[];
}

/** Money as the returns API sends it (decimal text in the major unit) as a number; 0 when unreadable. */
const amount = (money: components['schemas']['Amount']): number => {
  const value = Number(money.amount);
  return Number.isFinite(value) ? value : 0;
};

const toArrival = (arrival: components['schemas']['RefundArrivalView']): RefundArrival => ({
  destination: arrival.destination,
  min: arrival.businessDaysMin,
  max: arrival.businessDaysMax,
});

/**
 * The wire answer in the wizard's terms. A paperless method's hidden printable drop-off
 * (`paperlessAlternativeId`) becomes a method of its own, marked as that method's sub-choice.
 */
export function toReturnOptions(wire: components['schemas']['ReturnOptions']): ReturnOptions {
  const methods: ReturnMethodOption[] = [];
  for (const method of wire.methods) {
    const option: ReturnMethodOption = {
      id: method.id,
      method: method.returnMethod,
      serviceType: method.serviceType,
      carrier: method.carrierId ?? null,
      carrierName: method.carrierName ?? null,
      selectionTitle: method.selectionTitle ?? null,
      scac: method.standardCarrierAlphaCode ?? null,
      price: amount(method.price),
      deduction: amount(method.refundDeduction),
      pickupSlots: method.pickupSlots,
      refundArrival: toArrival(method.refundArrival),
      createsReturn: method.createsReturn,
    };
    methods.push(option);
    const alternative = method.paperlessAlternativeId;
    if (alternative && !wire.methods.some((other) => other.id === alternative)) {
      const [kind = 'DROPOFF_RETURN'] = alternative.split('|');
      methods.push({
        ...option,
        id: alternative,
        method: kind,
        serviceType: 'CARRIER_DROP_OFF',
        pickupSlots: [],
        alternativeOf: option.id,
      });
    }
  }
  return {
    orderNumber: wire.orderNumber,
    country: wire.country,
    currency: wire.currency,
    returnDeadline: wire.returnDeadline,
    asMember: wire.asMember,
    loginPrompt: wire.loginPrompt,
    proofOfPurchaseRequired: wire.proofOfPurchaseRequired,
    withdrawalAvailable: wire.withdrawalAvailable,
    withdrawalDeadline: wire.withdrawalDeadline ?? null,
    commentAllowed: wire.commentAllowed,
    storeRefundToGiftCard: wire.storeRefundToGiftCard,
    scannableCodeWaitMinutes: wire.scannableCodeWaitMinutes,
    refundArrival: toArrival(wire.refundArrival),
    lines: wire.orderLines.map((line) => ({
      lineNumber: line.lineNumber,
      gtin: line.universalProductCode,
      returnableQuantity: line.returnableQuantity,
      returnableFlag: line.returnableFlag,
      returnDisableReason: line.returnDisableReason ?? null,
      unitRefund: amount(line.unitRefund),
    })),
    methods,
    reasons: wire.reasons.map((reason) => ({
      code: reason.appCode,
      serverCode: reason.reasonCode,
      text: reason.text,
    })),
  };
}
