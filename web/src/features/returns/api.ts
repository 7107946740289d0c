/**
 * Every call of the returns feature (spec 001 §7), typed by the generated client: the request and answer
 * types are the document's (openapi.json), so a field the server spells otherwise is a compile error here.
 */
import { apiGet, apiPost, apiPut } from '@/shared/api/client';
import type { JobView } from '@/shared/api/poll-job';
import type { components } from '@/shared/api/schema';
import { toReturnOptions } from './model/return-options';

type Schemas = components['schemas'];
export type CaptureRequest = Schemas['CaptureRequest'];
export type PickupAddress = Schemas['PickupAddress'];
export type PickupSlot = Schemas['PickupSlotInput'];
type ReturnLabel = Schemas['ReturnLabelView'];

/** DispatchRequest.dispatchType: the two ways the server sends a label. */
export type DispatchType = 'EMAIL' | 'POST';

/**
 * Gap in openapi.json: a job's `response` (JobView) is an untyped object. What the return capture job
 * answers, from the server's capture job, until the document names it.
 */
export interface CaptureJobResponse {
  returnOrderNumber?: string;
  labelAvailable?: boolean;
  emailSent?: boolean;
}
export const captureJobResponse = (job: JobView): CaptureJobResponse => job.response ?? {};

export const getReturnOptions = (orderNumber: string, signal?: AbortSignal) =>
  apiGet('/order_mgmt/return_options/v1/{orderNumber}', {
    auth: 'member-or-guest',
    params: { orderNumber },
    signal,
  }).then(toReturnOptions);

/** Spec 001 §7: the answer needs jobId and returnOrderNumber. */
export const RETURN_CAPTURE_FORMAT_ERROR = 'Return Capture response formatting error.';
export const LABEL_FORMAT_ERROR = 'Label response not formatted correctly.';

/** enableFakeReturn (ADR 0017): what the capture would have created; no return exists. */
export type FakeReturnOrder = Schemas['FakeReturnOrder'];

/** Answers 202 with the job (200 with a mock when enableFakeReturn is on); read as possibly partial, since
 * the spec checks its format. */
const postCapture = (
  request: CaptureRequest,
  idempotencyKey: string,
): Promise<Partial<Schemas['CaptureAccepted'] & Schemas['FakeCaptureAnswer']> | undefined> =>
  apiPost('/order_mgmt/user_return_captures/v1', {
    auth: 'member-or-guest',
    body: request,
    headers: { 'Idempotency-Key': idempotencyKey },
  });

export async function createReturnCapture(
  request: CaptureRequest,
  idempotencyKey: string,
): Promise<{ fake: FakeReturnOrder } | { jobId: string; response: { returnOrderNumber: string } }> {
  const answer = await postCapture(request, idempotencyKey);
  // The server decided this country's returns are a demonstration: it created nothing.
  if (answer?.fake === true && answer.returnOrder) return { fake: answer.returnOrder };
  const returnOrderNumber = answer?.response?.returnOrderNumber;
  if (!answer?.jobId || !returnOrderNumber) throw new Error(RETURN_CAPTURE_FORMAT_ERROR);
  return { jobId: answer.jobId, response: { returnOrderNumber } };
}

export const getCaptureJob = (jobId: string) =>
  apiGet('/order_mgmt/user_return_captures_jobs/v1/{jobId}', { auth: 'member-or-guest', params: { jobId } });

/** What a created return's instructions and detail show, from the stored return (works from a URL alone). */
export const getReturnInstructions = (returnOrderNumber: string, signal?: AbortSignal) =>
  apiGet('/order_mgmt/return_instructions/v1/{returnOrderNumber}', {
    auth: 'member-or-guest',
    params: { returnOrderNumber },
    signal,
  });

/** Read as possibly partial: spec 001 §7 checks the label's format. */
const fetchLabel = (returnOrderNumber: string, signal?: AbortSignal): Promise<Partial<ReturnLabel> | undefined> =>
  apiGet('/order_mgmt/user_return_labels/v1/{returnOrderNumber}', {
    auth: 'member-or-guest',
    params: { returnOrderNumber },
    signal,
  });

/** A label as the pages read it: the three fields spec 001 §7 requires, the rest as the server sent them. */
export type CheckedLabel = Partial<ReturnLabel> & Pick<ReturnLabel, 'carrier' | 'labelFormat' | 'returnLabel'>;

export async function getReturnLabel(returnOrderNumber: string, signal?: AbortSignal): Promise<CheckedLabel> {
  const label = await fetchLabel(returnOrderNumber, signal);
  const { carrier, labelFormat, returnLabel } = label ?? {};
  if (!carrier || !labelFormat || !returnLabel) throw new Error(LABEL_FORMAT_ERROR);
  return { ...label, carrier, labelFormat, returnLabel };
}

export const dispatchReturnLabel = (dispatchType: DispatchType, returnOrderNumber: string) =>
  apiPost('/order_mgmt/user_return_labels_dispatch/v1', {
    auth: 'member-or-guest',
    body: { dispatchType, returnOrderNumber },
  });

export const submitBankRefund = (request: Schemas['BankRefundRequest']) =>
  apiPost('/order_mgmt/bank_refund/v1', { auth: 'member-or-guest', body: request });

export const sendStoreReturnEmail = (payload: Schemas['StoreReturnEmail']) =>
  apiPost('/order_mgmt/store_return_email/v1', { auth: 'member-or-guest', body: payload });

/** GET /store/store_views/v1/{store_id}: one store, for the country of a saved store (spec 001 §5). */
export const getStore = (storeId: string, signal?: AbortSignal) =>
  apiGet('/store/store_views/v1/{store_id}', { auth: 'none', params: { store_id: storeId }, signal });

/** GET /store/store_views/v1: stores of the order's country, 3 per page. */
export const listStores = (country: string, q: string, page: number, signal?: AbortSignal) =>
  apiGet('/store/store_views/v1', { auth: 'none', query: { country, q, page }, signal });

/** The member's saved addresses in the order's country (the server keeps only those, spec 002 §4), for the Korea courier pickup. */
export const listAddresses = (upmId: string, country: string, signal?: AbortSignal) =>
  apiGet('/addresses/v1/{upmId}/address', { auth: 'member', params: { upmId }, query: { country }, signal });

/**
 * A suggestion the shopper took is saved over the address it was suggested for (spec 001 §4.4: id
 * `suggested`, `originalId` kept), leaving its preferred flag as it was; the saved address is then used.
 */
export const saveSuggestedAddress = (upmId: string, suggested: Schemas['Address'], originalId: string) => {
  const body = { ...suggested };
  delete body.preferred;
  return apiPut('/addresses/v1/{upmId}/address/{id}', { auth: 'member', params: { upmId, id: originalId }, body });
};

/** POST /address/validation/v1: Korean addresses are validated in Korean (spec 001 §4.4). */
/** The server checks the address in its country's language (Korean for Korea). */
export const validatePickupAddress = (address: Schemas['Address']) =>
  apiPost('/address/validation/v1', { auth: 'member', body: { address } });

/** POST /order_mgmt/withdrawal/v1: the EU right of withdrawal, apart from a commercial return. */
export const declareWithdrawal = (orderNumber: string, locale: string) =>
  apiPost('/order_mgmt/withdrawal/v1', { auth: 'member-or-guest', body: { orderNumber, locale } });
