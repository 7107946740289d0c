import { describe, expect, it } from 'vitest';
import type { JobView } from '@/shared/api/poll-job';
import { ReturnJobFailed, capturedOrThrow } from './capture-outcome';

/** A job as the server answers it (its `error` is an untyped object in the document). */
const job = (answer: object): JobView => JSON.parse(JSON.stringify({ id: 'J1', ...answer })) as JobView;

describe('capturedOrThrow', () => {
  it('answers a job that completed without an error', () => {
    const done = job({ status: 'COMPLETED', response: { returnOrderNumber: 'R1' } });
    expect(capturedOrThrow(done)).toBe(done);
  });

  it.each(['DENIED', 'FAILED'])('fails when the job ends %s, with its message', (status) => {
    const refused = job({ status, error: { httpStatus: 409, code: 'carrier-pickup-refused', message: 'refused' } });
    expect(() => capturedOrThrow(refused)).toThrow(new ReturnJobFailed('refused', 'carrier-pickup-refused'));
    expect(() => capturedOrThrow(refused)).toThrow(expect.objectContaining({ code: 'carrier-pickup-refused' }));
  });

  it('fails when the completed job carries an error', () => {
    const raced = job({ status: 'COMPLETED', error: { code: 'not-returnable', message: 'quantity exceeded' } });
    expect(() => capturedOrThrow(raced)).toThrow(ReturnJobFailed);
  });
});
