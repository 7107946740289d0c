import { jobErrorText, type JobView } from '@/shared/api/poll-job';

/** The capture job finished with an error: the return was not created. */
export class ReturnJobFailed extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ReturnJobFailed';
  }
}

/**
 * The return exists only when its capture job COMPLETED without an error; DENIED and FAILED (a refused
 * pickup, a raced last unit) and a completed job carrying an error throw ReturnJobFailed.
 */
export function capturedOrThrow(job: JobView): JobView {
  const failure = jobErrorText(job);
  if (job.status === 'COMPLETED' && failure === null) return job;
  throw new ReturnJobFailed(failure ?? job.status);
}
