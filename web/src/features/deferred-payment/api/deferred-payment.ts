import { apiGet, apiPost } from '@/shared/api/client';
import type { components } from '@/shared/api/schema';

export type PaymentJob = components['schemas']['JobView'];

const MAX_POLLS = 20;
const DEFAULT_WAIT_MS = 500;

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

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Starts the payment and polls its job (002 §4: up to 20 polls, the server's eta or 500 ms between). */
export async function startDeferredPayment(channel: Channel, request: StartRequest): Promise<PaymentAnswer> {
  const created = await post(channel, request);
  if (!created || typeof created.id !== 'string') throw new Error('improperly formatted response');
  for (let attempt = 0; attempt <= MAX_POLLS; attempt += 1) {
    const job = await poll(channel, created.id);
    if (job.status === 'COMPLETED') return job.response ?? {};
    if (job.status !== 'PENDING' && job.status !== 'IN_PROGRESS') throw new Error('service-deferred-payment-failure');
    await wait(typeof job.eta === 'number' && job.eta > 0 ? job.eta : DEFAULT_WAIT_MS);
  }
  throw new Error('Server timeout');
}
