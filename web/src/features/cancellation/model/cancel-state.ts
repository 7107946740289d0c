/** The cancellation dialog's states (spec 002 §4). */
export type CancelState = 'confirming' | 'inProgress' | 'pending' | 'complete' | 'denied' | 'error';

export interface JobEnd {
  status: string;
  error?: { httpStatus?: unknown; code?: unknown; message?: unknown } | null;
  response?: { pendingModification?: { type?: unknown } | null } | null;
}

export const ALREADY_CANCELLED = 'already in cancelled status';
export const PENDING_CANCEL_TYPE = 'CANCEL_ORDER';

/** Why a cancel was refused, from the job's error code. */
export type DeniedReason = 'expired' | 'invalidState';

export interface Outcome {
  state: CancelState;
  reason?: DeniedReason;
}

/**
 * Where the dialog goes once the job has ended: pending when the warehouse must confirm, complete on
 * success or when the order is already cancelled (a 4xx whose message says so), denied for a refusal
 * the server explains (window expired, invalid state: tracked as denied), error for anything else.
 */
export function outcomeOf(job: JobEnd): Outcome {
  if (job.status === 'COMPLETED') {
    return { state: job.response?.pendingModification?.type === PENDING_CANCEL_TYPE ? 'pending' : 'complete' };
  }
  const httpStatus = typeof job.error?.httpStatus === 'number' ? job.error.httpStatus : 0;
  const message = typeof job.error?.message === 'string' ? job.error.message : '';
  if (httpStatus >= 400 && httpStatus < 500 && message.includes(ALREADY_CANCELLED)) return { state: 'complete' };
  if (job.status === 'DENIED') {
    return { state: 'denied', reason: job.error?.code === 'cancel-window-expired' ? 'expired' : 'invalidState' };
  }
  return { state: 'error' };
}

/**
 * 002 §4: an error (any outcome but complete or pending) sets the cancellable-expired flag, so the page stops
 * offering a cancel the server has just refused or could not make; the dialog sends the shopper to contact us.
 * Here a refusal (window expired, invalid state) counts too: trying again would be refused the same way.
 */
export const endsCancellable = (state: CancelState): boolean => state === 'denied' || state === 'error';
