import type { CaptureJob } from '../api';

/** Spec 001 §4.2 / §9: wait the server's eta between polls, else 500 ms; give up after 20 polls. */
export const DEFAULT_POLL_WAIT_MS = 500;
export const MAX_POLLS = 20;
export const SERVER_TIMEOUT = 'Server timeout';

/** The job finished with an error: the return was not created. */
export class ReturnJobFailed extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ReturnJobFailed';
  }
}

const sleepFor = (ms: number) => new Promise<void>((done) => setTimeout(done, ms));

function errorText(error: CaptureJob['error']): string | null {
  if (!error) return null;
  if (typeof error === 'string') return error;
  return error.message ?? error.code ?? 'error';
}

/**
 * Polls the job until COMPLETED. A server eta that is missing, negative or not a number means the
 * default wait; a COMPLETED job with an error fails; more than MAX_POLLS polls fail with Server timeout.
 */
export async function pollJob(
  fetchJob: () => Promise<CaptureJob>,
  { sleep = sleepFor, maxPolls = MAX_POLLS }: { sleep?: (ms: number) => Promise<void>; maxPolls?: number } = {},
): Promise<CaptureJob> {
  for (let poll = 1; poll <= maxPolls; poll += 1) {
    const job = await fetchJob();
    // DENIED and FAILED are final: the return was not made (a refused pickup, a raced last unit).
    if (job.status === 'DENIED' || job.status === 'FAILED')
      throw new ReturnJobFailed(errorText(job.error) ?? job.status);
    if (job.status === 'COMPLETED') {
      const failure = errorText(job.error);
      if (failure) throw new ReturnJobFailed(failure);
      return job;
    }
    if (poll === maxPolls) break;
    const eta =
      typeof job.eta === 'number' && Number.isFinite(job.eta) && job.eta >= 0 ? job.eta : DEFAULT_POLL_WAIT_MS;
    await sleep(eta);
  }
  throw new Error(SERVER_TIMEOUT);
}
