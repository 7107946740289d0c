import { apiGet, apiPost } from '@/shared/api/client';
import { jobErrorCode, pollJob, type JobView } from '@/shared/api/poll-job';
import type { components } from '@/shared/api/schema';

export type PaymentJob = JobView;

export type Channel = 'form-v1' | 'form-v2' | 'wechat';

/*
 * Gap in openapi.json: a job's `response` (JobView) is an untyped object, so what a completed payment job
 * answers is written here from the server's payments job until the document names it.
 */
export interface PaymentForm {
  action: string;
  method: string;
  fields: { name: string; value: string }[];
}

export interface PaymentAnswer {
  form?: PaymentForm;
  qrCodeURL?: string;
  paymentId?: string;
}

type StartRequest = components['schemas']['DeferredPaymentFields'];
type JobCreated = components['schemas']['JobCreated'];

/** Answers 202 with the job; read as possibly partial, since an answer without an id is improperly formatted. */
function post(channel: Channel, request: StartRequest): Promise<Partial<JobCreated> | undefined> {
  const options = { auth: 'member-or-guest' as const, body: { request } };
  if (channel === 'wechat') return apiPost('/payment/deferred_wechat_payments/v1', options);
  if (channel === 'form-v2') return apiPost('/payment/deferred_payment_forms/v2', options);
  return apiPost('/payment/deferred_payment_forms/v1', options);
}

async function poll(channel: Channel, jobId: string): Promise<PaymentJob> {
  const options = { auth: 'member-or-guest' as const, params: { jobId } };
  if (channel === 'wechat') return apiGet('/payment/deferred_wechat_payments/v1/{jobId}', options);
  if (channel === 'form-v2') return apiGet('/payment/deferred_payment_forms/v2/{jobId}', options);
  return apiGet('/payment/deferred_payment_forms/v1/{jobId}', options);
}

/** The payment job did not complete; `code` is its stable error code (e.g. service-unavailable), when sent. */
export class PaymentJobFailed extends Error {
  readonly code: string | null;
  constructor(code: string | null) {
    super(code ?? 'service-deferred-payment-failure');
    this.name = 'PaymentJobFailed';
    this.code = code;
  }
}

/** Starts the payment and polls its job with the shared poller (002 §4: the server's eta between polls). */
export async function startDeferredPayment(channel: Channel, request: StartRequest): Promise<PaymentAnswer> {
  const created = await post(channel, request);
  const jobId = created?.id;
  // 002 §8's internal message for a started payment whose answer names no job.
  if (typeof jobId !== 'string' || jobId === '') throw new Error('No Id');
  const job = await pollJob(() => poll(channel, jobId));
  if (job.status !== 'COMPLETED') throw new PaymentJobFailed(jobErrorCode(job));
  return job.response ?? {};
}
