import { jobErrorCode, jobErrorText, type JobView } from '@/shared/api/poll-job';

/** The capture job finished with an error: the return was not created. */
export class ReturnJobFailed extends Error {
  /** The job's stable error code (e.g. carrier-pickup-refused), when it sent one. */
  readonly code: string | null;
  constructor(message: string, code: string | null = null) {
    super(message);
    this.name = 'ReturnJobFailed';
    this.code = code;
  }
}

/**
 * The return exists only when its capture job COMPLETED without an error; DENIED and FAILED (a refused
 * pickup, a raced last unit) and a completed job carrying an error throw ReturnJobFailed.
 */
export function capturedOrThrow(job: JobView): JobView {
  const failure = jobErrorText(job);
  if (job.status === 'COMPLETED' && failure === null) return job;
  throw new ReturnJobFailed(failure ?? job.status, jobErrorCode(job));
}
