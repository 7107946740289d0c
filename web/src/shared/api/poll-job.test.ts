import { describe, expect, it, vi } from 'vitest';
import { JOB_POLL_FALLBACK, SERVER_TIMEOUT, jobErrorText, pollJob, type JobView } from './poll-job';

const job = (status: string, extra: Partial<JobView> = {}): JobView => ({ id: 'J1', status, ...extra });
const noWait = () => Promise.resolve();

describe('pollJob', () => {
  it("waits the server's eta, else the fallback's 500 ms, until the job has ended", async () => {
    const answers = [
      job('PENDING', { eta: 1200 }),
      job('IN_PROGRESS'),
      job('IN_PROGRESS', { eta: -5 }),
      job('COMPLETED', { response: {} }),
    ];
    const fetchJob = vi.fn(() => Promise.resolve(answers.shift() ?? job('PENDING')));
    const sleep = vi.fn<(ms: number) => Promise<void>>(noWait);
    const done = await pollJob(fetchJob, { sleep });
    expect(done.status).toBe('COMPLETED');
    expect(sleep.mock.calls.map(([ms]) => ms)).toEqual([1200, JOB_POLL_FALLBACK.waitMs, JOB_POLL_FALLBACK.waitMs]);
  });

  it('gives up with Server timeout after 20 polls, without a wait after the last', async () => {
    const fetchJob = vi.fn(() => Promise.resolve(job('PENDING', { eta: 0 })));
    const sleep = vi.fn(noWait);
    await expect(pollJob(fetchJob, { sleep })).rejects.toThrow(SERVER_TIMEOUT);
    expect(JOB_POLL_FALLBACK.maxPolls).toBe(20);
    expect(fetchJob).toHaveBeenCalledTimes(20);
    expect(sleep).toHaveBeenCalledTimes(19);
  });

  it.each(['COMPLETED', 'DENIED', 'FAILED'])('answers the job once it has ended %s', async (status) => {
    const fetchJob = vi.fn(() => Promise.resolve(job(status)));
    await expect(pollJob(fetchJob, { sleep: noWait })).resolves.toMatchObject({ status });
    expect(fetchJob).toHaveBeenCalledTimes(1);
  });

  it('passes a failed poll on', async () => {
    const fetchJob = () => Promise.reject(new Error('network'));
    await expect(pollJob(fetchJob, { sleep: noWait })).rejects.toThrow('network');
  });
});

describe('jobErrorText', () => {
  it("reads the error's message, else its code, and null without an error", () => {
    const refused = JSON.parse('{"httpStatus":409,"code":"carrier-pickup-refused","message":"refused"}') as unknown;
    const coded = JSON.parse('{"code":"not-returnable"}') as unknown;
    const failed = (error: unknown): JobView => JSON.parse(JSON.stringify({ ...job('FAILED'), error })) as JobView;
    expect(jobErrorText(failed(refused))).toBe('refused');
    expect(jobErrorText(failed(coded))).toBe('not-returnable');
    expect(jobErrorText(job('COMPLETED'))).toBeNull();
  });
});
