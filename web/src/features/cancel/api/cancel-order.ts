import { apiGet, apiPost } from '@/shared/api/client';
import type { components } from '@/shared/api/schema';

export type CancelJob = components['schemas']['JobView'];
export type JobCreated = components['schemas']['JobCreated'];
type CancelBody = components['schemas']['CancelBody'];

/** Spec 002 §9: at most 20 polls, 500 ms between them unless the server gives an eta. */
export const MAX_POLLS = 20;
export const DEFAULT_WAIT_MS = 500;
export const SERVER_TIMEOUT = 'Server timeout';

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

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Polls the job until it ends (COMPLETED, DENIED or FAILED); after more than 20 polls: Server timeout. */
export async function pollCancelJob(jobId: string, sleep: (ms: number) => Promise<unknown> = wait): Promise<CancelJob> {
  for (let poll = 0; poll <= MAX_POLLS; poll += 1) {
    const job = await apiGet('/order_mgmt/ordermods/v1/jobs/{jobId}', { auth: 'member-or-guest', params: { jobId } });
    if (job.status !== 'PENDING' && job.status !== 'IN_PROGRESS') return job;
    await sleep(typeof job.eta === 'number' && job.eta > 0 ? job.eta : DEFAULT_WAIT_MS);
  }
  throw new Error(SERVER_TIMEOUT);
}
