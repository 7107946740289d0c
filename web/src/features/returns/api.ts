/**
 * The returns API as issue 10 and spec 001 §7 describe it. These types are written by hand from the
 * contract (docs/returns-api.md on the API's branch) until the generated client lists the endpoints;
 * every call of the feature goes through this one file, so switching to `apiGet`/`apiPost` is local.
 */
import { apiGet, apiUnlisted } from '@/shared/api/client';

/** `method|carrier` (spec 001 §3 "Method id"): e.g. `returnToStore`, `PAPERLESS_RETURN|ROYAL_MAIL`. */
export type MethodId = string;

export interface ReturnDisableReason {
  code: string;
  text: string;
  linkText?: string | null;
  linkUrl?: string | null;
}

export interface ReturnOptionLine {
  lineNumber: number;
  /** The product gtin, sent back as universalProductCode. */
  gtin: string;
  returnableQuantity: number;
  returnableFlag: boolean;
  returnDisableReason?: ReturnDisableReason | null;
  /** RFC 3339: the last moment this line may be returned. */
  returnDeadline?: string | null;
}

export interface ReturnMethodOption {
  id: MethodId;
  /** courierPickup, sagawaPickup, returnToStore, upsDropoff, upsPickup, DROPOFF_RETURN, PAPERLESS_RETURN ... */
  method: string;
  carrier?: string | null;
  carrierName?: string | null;
  /** Standard carrier alpha code, sent with paperless returns only. */
  scac?: string | null;
  /** What return shipping costs this caller (members 0). */
  price: number;
  /** Taken from the refund (Australia's drop-off fee for non-members) rather than paid. */
  deductedFromRefund?: boolean;
  /** The drop-off of the same carrier when this is its paperless choice (the sub-choice). */
  paperless?: boolean;
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
  lines: ReturnOptionLine[];
  methods: ReturnMethodOption[];
  reasons: ReturnReason[];
}

export interface ReturnLineRequest {
  quantity: number;
  reasonCode: string;
  reasonText: string;
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
  returnMethod?: string;
  standardCarrierAlphaCode?: string;
  shipFrom?: unknown;
  storeId?: string;
}

export interface CaptureResponse {
  jobId: string;
  response: { returnOrderNumber: string };
}

export type JobStatus = 'PENDING' | 'IN_PROGRESS' | 'COMPLETED';

export interface CaptureJob {
  id: string;
  status: JobStatus;
  /** Milliseconds to wait before the next poll. */
  eta?: number | null;
  error?: { code?: string; message?: string } | string | null;
  response?: { returnOrderNumber?: string } | null;
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
  apiUnlisted<ReturnOptions>('get', '/order_mgmt/return_options/v1/{orderNumber}', {
    auth: 'member-or-guest',
    params: { orderNumber },
    signal,
  });

/** Spec 001 §7: the answer needs jobId and returnOrderNumber. */
export const RETURN_CAPTURE_FORMAT_ERROR = 'Return Capture response formatting error.';
export const LABEL_FORMAT_ERROR = 'Label response not formatted correctly.';

export async function createReturnCapture(request: CaptureRequest, idempotencyKey: string): Promise<CaptureResponse> {
  const answer = await apiUnlisted<Partial<CaptureResponse> | undefined>('post', '/order_mgmt/user_return_captures/v1', {
    auth: 'member-or-guest',
    body: request,
    headers: { 'Idempotency-Key': idempotencyKey },
  });
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
  const label = await apiUnlisted<Partial<ReturnLabel> | undefined>('get', '/order_mgmt/user_return_labels/v1/{returnOrderNumber}', {
    auth: 'member-or-guest',
    params: { returnOrderNumber },
    signal,
  });
  if (!label?.carrier || !label.labelFormat || !label.returnLabel) throw new Error(LABEL_FORMAT_ERROR);
  return label as ReturnLabel;
}

export const dispatchReturnLabel = (dispatchType: DispatchType, returnOrderNumber: string) =>
  apiUnlisted<{ estimatedArrival?: string | null } | undefined>('post', '/order_mgmt/user_return_labels_dispatch/v1', {
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
