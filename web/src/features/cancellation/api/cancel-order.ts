import { apiGet, apiPost } from '@/shared/api/client';
import { pollJob, type JobView, type PollOptions } from '@/shared/api/poll-job';
import type { components } from '@/shared/api/schema';

export type CancelJob = JobView;
export type JobCreated = components['schemas']['JobCreated'];
type CancelBody = components['schemas']['CancelBody'];

export interface CancelContact {
  email?: string | null;
  dayPhoneNumber?: string | null;
  phoneNumber?: string | null;
}

/** The spec's body (002 §3): document reference 0001, reason 216 "Front end cancellation". */
export function cancelBody(orderNumber: string, region: string, contact: CancelContact): CancelBody {
  return {
    request: {
      omsOrderDocumentReference: '0001',
      omsRegionReference: region,
      dayPhoneNumber: contact.dayPhoneNumber ?? null,
      reasonCode: 216,
      reasonText: 'Front end cancellation',
      ...(contact.email ? { email: contact.email } : { userInfo: { phoneNumber: contact.phoneNumber ?? null } }),
    },
    sourceOfRequest: `orders-web:${orderNumber}`,
  };
}

/** POST .../cancelOrder as the member, or as the stored guest (filter query). Answers 202 {id, status}. */
const postCancel = (orderNumber: string, body: CancelBody): Promise<Partial<JobCreated> | undefined> =>
  apiPost('/order_mgmt/ordermods/v1/{orderNumber}/cancelOrder', {
    auth: 'member-or-guest',
    params: { orderNumber },
    body,
  });

export async function requestCancel(orderNumber: string, region: string, contact: CancelContact): Promise<JobCreated> {
  const created = await postCancel(orderNumber, cancelBody(orderNumber, region, contact));
  // 002 §5: a response without id and status is improperly formatted.
  if (!created || typeof created.id !== 'string' || typeof created.status !== 'string') {
    throw new Error('improperly formatted response');
  }
  return { id: created.id, status: created.status };
}

/** Polls the job until it ends (COMPLETED, DENIED or FAILED), with the shared poller (spec 002 §9). */
export const pollCancelJob = (jobId: string, options?: PollOptions): Promise<CancelJob> =>
  pollJob(
    () => apiGet('/order_mgmt/ordermods/v1/jobs/{jobId}', { auth: 'member-or-guest', params: { jobId } }),
    options,
  );
