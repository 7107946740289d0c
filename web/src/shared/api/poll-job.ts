import type { components } from './schema';

/** What every job endpoint answers (cancel, return capture, deferred payment): `{id, status, eta, error, response}`. */
export type JobView = components['schemas']['JobView'];

/**
 * The one fallback for polling a job: the server paces the polls with each answer's `eta` (milliseconds),
 * but the 202 answers (JobCreated, CaptureAccepted) carry neither an eta nor a limit in openapi.json, and an
 * answer without an eta (an older server) still needs a wait. Then: 500 ms between polls (the server's own
 * default, `DEFAULT_ETA_MS`) and 20 polls at most (spec 001 §4.2, 002 §4 and §9), then Server timeout.
 */
export const JOB_POLL_FALLBACK = { waitMs: 500, maxPolls: 20 } as const;
export const SERVER_TIMEOUT = 'Server timeout';

const sleepFor = (ms: number) => new Promise<void>((done) => setTimeout(done, ms));

/** PENDING and IN_PROGRESS run on; COMPLETED, DENIED and FAILED (and anything new) have ended. */
export const jobHasEnded = (job: JobView) => job.status !== 'PENDING' && job.status !== 'IN_PROGRESS';

/** The server's wait when it is a usable number of milliseconds, else the fallback. */
function waitAfter(job: JobView): number {
  const eta = job.eta;
  return typeof eta === 'number' && Number.isFinite(eta) && eta >= 0 ? eta : JOB_POLL_FALLBACK.waitMs;
}

/**
 * The text of a job's `error`, or null when it has none. The document types `error` as a bare object
 * (`{"httpStatus","code","message"}` in its description), so it is read field by field.
 */
export function jobErrorText(job: JobView): string | null {
  const error: unknown = job.error;
  if (error === null || error === undefined) return null;
  if (typeof error === 'string') return error;
  if (typeof error !== 'object') return 'error';
  if ('message' in error && typeof error.message === 'string') return error.message;
  return 'code' in error && typeof error.code === 'string' ? error.code : 'error';
}

/** The stable `code` of a job's `error`, or null when it sent none. */
export function jobErrorCode(job: JobView): string | null {
  const error: unknown = job.error;
  if (error === null || typeof error !== 'object' || !('code' in error)) return null;
  return typeof error.code === 'string' ? error.code : null;
}

export interface PollOptions {
  sleep?: (ms: number) => Promise<void>;
  maxPolls?: number;
}

/**
 * Polls a job until it has ended and answers that last view; a poll that fails passes its error on.
 * Waits the server's eta between polls; after `maxPolls` polls that all ran on: Error(SERVER_TIMEOUT).
 */
export async function pollJob(
  fetchJob: () => Promise<JobView>,
  { sleep = sleepFor, maxPolls = JOB_POLL_FALLBACK.maxPolls }: PollOptions = {},
): Promise<JobView> {
  for (let poll = 1; poll <= maxPolls; poll += 1) {
    const job = await fetchJob();
    if (jobHasEnded(job)) return job;
    if (poll < maxPolls) await sleep(waitAfter(job));
  }
  throw new Error(SERVER_TIMEOUT);
}
