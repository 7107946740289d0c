/**
 * The returns API as issue 10 and spec 001 §7 describe it. These types are written by hand from the
 * contract (docs/returns-api.md on the API's branch) until the generated client lists the endpoints;
 * every call of the feature goes through this one file, so switching to `apiGet`/`apiPost` is local.
 */
import { apiGet, apiPost, apiUnlisted } from '@/shared/api/client';
import type { components } from '@/shared/api/schema';

/** `method|carrier` (spec 001 §3 "Method id"): e.g. `returnToStore`, `PAPERLESS_RETURN|ROYAL_MAIL`. */
export type MethodId = string;

export interface ReturnDisableReason {
  code: string;
  text: string;
  linkText?: string | null;
  linkUrl?: string | null;
}

/** Money as the returns API sends it: decimal text in the major unit. */
export interface WireMoney {
  amount: string;
  currency: string;
}

/** A courier pickup window (Korea: within the next 3 business days). */
export interface PickupSlot {
  date: string;
  fromHour: number;
  toHour: number;
}

/** The pickup address the capture sends for courierPickup (docs/returns-api.md §2). */
export interface PickupAddress {
  name: string;
  line1: string;
  line2?: string;
  city: string;
  state?: string;
  postalCode: string;
  country: string;
  phone?: string;
}

/** The wire shape of GET /order_mgmt/return_options/v1/{orderNumber} (docs/returns-api.md §1). */
export interface WireReturnOptions {
  orderNumber: string;
  country: string;
  currency: string;
  returnDeadline?: string | null;
  asMember?: boolean;
  paymentType?: string | null;
  storeRefundToGiftCard?: boolean;
  proofOfPurchaseRequired?: boolean;
  loginPrompt?: boolean;
  scannableCodeWaitMinutes?: number | null;
  commentMaxLength?: number | null;
  commentAllowed?: boolean;
  withdrawalAvailable?: boolean;
  withdrawalDeadline?: string | null;
  orderLines: {
    lineNumber: number;
    gtin: string;
    universalProductCode?: string | null;
    returnableQuantity: number;
    returnableFlag: boolean;
    returnDisableReason?: ReturnDisableReason | null;
    unitRefund?: WireMoney | null;
  }[];
  methods: {
    id: string;
    returnMethod: string;
    serviceType?: string | null;
    carrierId?: string | null;
    carrierName?: string | null;
    standardCarrierAlphaCode?: string | null;
    labelFormat?: string | null;
    paperlessAlternativeId?: string | null;
    price?: WireMoney | null;
    refundDeduction?: WireMoney | null;
    refundEstimate?: WireMoney | null;
    link?: string | null;
    pickupSlots?: PickupSlot[] | null;
    refundArrival?: { destination: string; businessDaysMin: number; businessDaysMax: number } | null;
  }[];
  reasons: { appCode: string; reasonCode: string; text?: string | null }[];
}

/**
 * The generated schema's answer must fit the tolerant wire type the mapper reads (tests pass partial
 * answers): this fails to compile the moment the API's shape drifts from what the wizard reads.
 */
export const generatedOptionsFit = (generated: components['schemas']['ReturnOptions']): WireReturnOptions => generated;

export interface ReturnOptionLine {
  lineNumber: number;
  /** The product gtin, sent back as universalProductCode. */
  gtin: string;
  returnableQuantity: number;
  returnableFlag: boolean;
  returnDisableReason?: ReturnDisableReason | null;
  /** What one unit refunds, tax included. */
  unitRefund?: number | null;
}

export interface ReturnMethodOption {
  /** `method|carrier` (spec 001 §3 "Method id"). */
  id: MethodId;
  /** courierPickup, sagawaPickup, returnToStore, upsDropoff, upsPickup, DROPOFF_RETURN, PAPERLESS_RETURN ... */
  method: string;
  carrier?: string | null;
  carrierName?: string | null;
  /** Standard carrier alpha code, sent with paperless returns only. */
  scac?: string | null;
  /** What return shipping costs this caller (members 0). */
  price: number;
  /** The part taken from the refund (Australia's drop-off fee for non-members, guests' fee). */
  deduction?: number;
  /** Set on a printable drop-off that the server offers only as the paperless method's sub-choice. */
  alternativeOf?: MethodId;
  /** Pickup windows, for pickups. */
  pickupSlots?: PickupSlot[];
  /** Where the refund goes and how many business days it takes, for this method. */
  refundArrival?: RefundArrival | null;
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
  lines: ReturnOptionLine[];
  methods: ReturnMethodOption[];
  reasons: ReturnReason[];
}

const amount = (money: WireMoney | null | undefined): number => {
  const value = Number(money?.amount);
  return Number.isFinite(value) ? value : 0;
};

/**
 * The wire answer in the wizard's terms. A paperless method's hidden printable drop-off
 * (`paperlessAlternativeId`) becomes a method of its own, marked as that method's sub-choice.
 */
export function toReturnOptions(wire: WireReturnOptions): ReturnOptions {
  const methods: ReturnMethodOption[] = [];
  for (const method of wire.methods) {
    const option: ReturnMethodOption = {
      id: method.id,
      method: method.returnMethod,
      carrier: method.carrierId ?? null,
      carrierName: method.carrierName ?? null,
      scac: method.standardCarrierAlphaCode ?? null,
      price: amount(method.price),
      deduction: amount(method.refundDeduction),
      pickupSlots: method.pickupSlots ?? [],
      refundArrival: method.refundArrival
        ? {
            destination: method.refundArrival.destination,
            min: method.refundArrival.businessDaysMin,
            max: method.refundArrival.businessDaysMax,
          }
        : null,
    };
    methods.push(option);
    const alternative = method.paperlessAlternativeId;
    if (alternative && !wire.methods.some((other) => other.id === alternative)) {
      const [kind = 'DROPOFF_RETURN'] = alternative.split('|');
      methods.push({ ...option, id: alternative, method: kind, alternativeOf: option.id });
    }
  }
  return {
    orderNumber: wire.orderNumber,
    country: wire.country,
    currency: wire.currency,
    returnDeadline: wire.returnDeadline ?? null,
    asMember: wire.asMember ?? false,
    loginPrompt: wire.loginPrompt ?? false,
    proofOfPurchaseRequired: wire.proofOfPurchaseRequired ?? false,
    withdrawalAvailable: wire.withdrawalAvailable ?? false,
    withdrawalDeadline: wire.withdrawalDeadline ?? null,
    commentAllowed: wire.commentAllowed ?? true,
    storeRefundToGiftCard: wire.storeRefundToGiftCard ?? false,
    scannableCodeWaitMinutes: wire.scannableCodeWaitMinutes ?? null,
    lines: wire.orderLines.map((line) => ({
      lineNumber: line.lineNumber,
      gtin: line.universalProductCode ?? line.gtin,
      returnableQuantity: line.returnableQuantity,
      returnableFlag: line.returnableFlag,
      returnDisableReason: line.returnDisableReason ?? null,
      unitRefund: line.unitRefund ? amount(line.unitRefund) : null,
    })),
    methods,
    reasons: wire.reasons.map((reason) => ({
      code: reason.appCode,
      serverCode: reason.reasonCode,
      text: reason.text ?? null,
    })),
  };
}

export interface ReturnLineRequest {
  quantity: number;
  reasonCode: string;
  /** The reason's own text (spec 001 §3). */
  reasonText: string;
  /** The shopper's free text, at most 140 characters. */
  comment?: string;
  universalProductCode: string;
}

export interface CaptureRequest {
  captureSystem: string;
  createReturnLabelFlag: boolean;
  locale: string;
  omsRegionReference?: string;
  orderNumber: string;
  orderCreateDate?: string;
  orderLines: ReturnLineRequest[];
  /** The chosen method exactly (`method|carrier`); the server prefers it over returnMethod. */
  methodId: string;
  returnMethod?: string;
  standardCarrierAlphaCode?: string;
  shipFrom?: unknown;
  storeId?: string;
  pickup?: { address: PickupAddress; slot: PickupSlot };
}

export interface CaptureResponse {
  jobId: string;
  response: { returnOrderNumber: string };
}

export type JobStatus = 'PENDING' | 'IN_PROGRESS' | 'COMPLETED' | 'DENIED' | 'FAILED';

export interface CaptureJob {
  id: string;
  status: JobStatus;
  /** Milliseconds to wait before the next poll. */
  eta?: number | null;
  error?: { httpStatus?: number; code?: string; message?: string } | string | null;
  response?: { returnOrderNumber?: string; labelAvailable?: boolean; emailSent?: boolean } | null;
}

export interface ReturnLabel {
  carrier: string;
  labelFormat: string;
  /** A PDF (base64), or a PNG of the scannable code when labelFormat is PNG. */
  returnLabel: string;
  dropOffCode?: { data?: string | null } | null;
  dataMatrix?: string | null;
  isEmeaPaperless?: boolean;
}

export type DispatchType = 'EMAIL' | 'POST';

export interface BankRefundRequest {
  accountDetails: { iban: string; owner: { firstName: string; lastName: string } };
  email: string;
  orderNumber: string;
}

export const getReturnOptions = (orderNumber: string, signal?: AbortSignal) =>
  apiUnlisted<WireReturnOptions>('get', '/order_mgmt/return_options/v1/{orderNumber}', {
    auth: 'member-or-guest',
    params: { orderNumber },
    signal,
  }).then(toReturnOptions);

/** Spec 001 §7: the answer needs jobId and returnOrderNumber. */
export const RETURN_CAPTURE_FORMAT_ERROR = 'Return Capture response formatting error.';
export const LABEL_FORMAT_ERROR = 'Label response not formatted correctly.';

export async function createReturnCapture(request: CaptureRequest, idempotencyKey: string): Promise<CaptureResponse> {
  const answer = await apiUnlisted<Partial<CaptureResponse> | undefined>(
    'post',
    '/order_mgmt/user_return_captures/v1',
    {
      auth: 'member-or-guest',
      body: request,
      headers: { 'Idempotency-Key': idempotencyKey },
    },
  );
  const returnOrderNumber = answer?.response?.returnOrderNumber;
  if (!answer?.jobId || !returnOrderNumber) throw new Error(RETURN_CAPTURE_FORMAT_ERROR);
  return { jobId: answer.jobId, response: { returnOrderNumber } };
}

export const getCaptureJob = (jobId: string) =>
  apiUnlisted<CaptureJob>('get', '/order_mgmt/user_return_captures_jobs/v1/{jobId}', {
    auth: 'member-or-guest',
    params: { jobId },
  });

export async function getReturnLabel(returnOrderNumber: string, signal?: AbortSignal): Promise<ReturnLabel> {
  const label = await apiUnlisted<Partial<ReturnLabel> | undefined>(
    'get',
    '/order_mgmt/user_return_labels/v1/{returnOrderNumber}',
    {
      auth: 'member-or-guest',
      params: { returnOrderNumber },
      signal,
    },
  );
  if (!label?.carrier || !label.labelFormat || !label.returnLabel) throw new Error(LABEL_FORMAT_ERROR);
  return label as ReturnLabel;
}

export interface DispatchAnswer {
  dispatchType: DispatchType;
  sentTo?: string;
  arrivesEarliest?: string;
  arrivesLatest?: string;
}

export const dispatchReturnLabel = (dispatchType: DispatchType, returnOrderNumber: string) =>
  apiUnlisted<DispatchAnswer | undefined>('post', '/order_mgmt/user_return_labels_dispatch/v1', {
    auth: 'member-or-guest',
    body: { dispatchType, returnOrderNumber },
  });

export const submitBankRefund = (request: BankRefundRequest) =>
  apiUnlisted<unknown>('post', '/order_mgmt/bank_refund/v1', { auth: 'member-or-guest', body: request });

export interface StoreReturnEmail {
  country: string;
  firstName: string;
  language: string;
  orderNumber: string;
  returnNumber: string;
  to: string;
}

export const sendStoreReturnEmail = (payload: StoreReturnEmail) =>
  apiUnlisted<unknown>('post', '/order_mgmt/store_return_email/v1', { auth: 'member-or-guest', body: payload });

/** GET /store/store_views/v1 (typed): stores of the order's country, 3 per page. */
export const listStores = (country: string, q: string, page: number, signal?: AbortSignal) =>
  apiGet('/store/store_views/v1', { auth: 'none', query: { country, q, page: String(page) }, signal });

/** The member's saved addresses (typed), for the Korea courier pickup. */
export const listAddresses = (upmId: string, signal?: AbortSignal) =>
  apiGet('/addresses/v1/{upmId}/address', { auth: 'member', params: { upmId }, signal });

/** POST /address/validation/v1: Korean addresses are validated in Korean (spec 001 §4.4). */
export const validatePickupAddress = (address: components['schemas']['Address'], language: string) =>
  apiPost('/address/validation/v1', { auth: 'member', body: { address, language } });

export interface WithdrawalAnswer {
  orderNumber: string;
  lineNumbers: number[];
  /** When the declaration was received (also in the confirmation e-mail). */
  declaredAt: string;
  deadline?: string | null;
  emailSent: boolean;
}

/** POST /order_mgmt/withdrawal/v1: the EU right of withdrawal, apart from a commercial return. */
export const declareWithdrawal = (orderNumber: string, locale: string) =>
  apiUnlisted<WithdrawalAnswer>('post', '/order_mgmt/withdrawal/v1', {
    auth: 'member-or-guest',
    body: { orderNumber, locale },
  });
