import { apiGet, apiPost } from '@/shared/api/client';
import type { components } from '@/shared/api/schema';

export type PaymentJob = components['schemas']['JobView'];

const MAX_POLLS = 20;
const DEFAULT_WAIT_MS = 500;

export type Channel = 'form-v1' | 'form-v2' | 'wechat';

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

interface StartRequest {
  approvalId: string;
  experienceType: 'MOBILE' | 'DESKTOP';
  orderNumber: string;
  returnURL: string;
}

async function post(channel: Channel, request: StartRequest) {
  const options = { auth: 'member-or-guest' as const, body: { request } };
  const created =
    channel === 'wechat'
      ? await apiPost('/payment/deferred_wechat_payments/v1', options)
      : channel === 'form-v2'
        ? await apiPost('/payment/deferred_payment_forms/v2', options)
        : await apiPost('/payment/deferred_payment_forms/v1', options);
  return created as unknown as { id?: unknown; status?: unknown } | undefined;
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
