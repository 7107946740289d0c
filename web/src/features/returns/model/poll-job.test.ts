import { describe, expect, it, vi } from 'vitest';
import type { CaptureJob } from '../api';
import { MAX_POLLS, ReturnJobFailed, SERVER_TIMEOUT, pollJob } from './poll-job';

const job = (status: CaptureJob['status'], extra: Partial<CaptureJob> = {}): CaptureJob => ({
  id: 'J1',
  status,
  ...extra,
});

describe('pollJob', () => {
  it("waits the server's eta, else 500 ms, until the job completes", async () => {
    const answers = [
      job('PENDING', { eta: 1200 }),
      job('IN_PROGRESS'),
      job('IN_PROGRESS', { eta: -5 }),
      job('COMPLETED', { response: { returnOrderNumber: 'R1' } }),
    ];
    const fetchJob = vi.fn(() => Promise.resolve(answers.shift() ?? job('PENDING')));
    const sleep = vi.fn<(ms: number) => Promise<void>>(() => Promise.resolve());
    const done = await pollJob(fetchJob, { sleep });
    expect(done.response?.returnOrderNumber).toBe('R1');
    expect(sleep.mock.calls.map(([ms]) => ms)).toEqual([1200, 500, 500]);
  });

  it('gives up with Server timeout after 20 polls', async () => {
    const fetchJob = vi.fn(() => Promise.resolve(job('PENDING', { eta: 0 })));
    await expect(pollJob(fetchJob, { sleep: () => Promise.resolve() })).rejects.toThrow(SERVER_TIMEOUT);
    expect(fetchJob).toHaveBeenCalledTimes(MAX_POLLS);
  });

  it.each(['DENIED', 'FAILED'] as const)('fails when the job ends %s', async (status) => {
    const fetchJob = () =>
      Promise.resolve(job(status, { error: { httpStatus: 409, code: 'carrier-pickup-refused', message: 'refused' } }));
    await expect(pollJob(fetchJob, { sleep: () => Promise.resolve() })).rejects.toThrow('refused');
  });

  it('fails when the completed job carries an error', async () => {
    const fetchJob = () =>
      Promise.resolve(job('COMPLETED', { error: { code: 'not-returnable', message: 'quantity exceeded' } }));
    await expect(pollJob(fetchJob, { sleep: () => Promise.resolve() })).rejects.toBeInstanceOf(ReturnJobFailed);
  });

  it('passes a failed poll on', async () => {
    const fetchJob = () => Promise.reject(new Error('network'));
    await expect(pollJob(fetchJob, { sleep: () => Promise.resolve() })).rejects.toThrow('network');
  });
});
