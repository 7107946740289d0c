import { useQueryClient } from '@tanstack/react-query';
import { track } from '@/shared/analytics/analytics';
import { useEffect, useRef, useState } from 'react';
import { useLocation } from 'wouter';
import { isApiError } from '@/shared/api/api-error';
import { pollJob } from '@/shared/api/poll-job';
import {
  captureJobResponse,
  createReturnCapture,
  getCaptureJob,
  sendStoreReturnEmail,
  type CaptureRequest,
  type FakeReturnOrder,
} from '../api';
import { capturedOrThrow, ReturnJobFailed } from '../model/capture-outcome';
import { returnOptionsQueryKey } from './use-return-data';
import { returnPaths } from '../paths';

/** Spec 001 §9: the redirect to the instructions 3 s after the success state shows. */
export const REDIRECT_DELAY_MS = 3000;

export type SubmitState =
  | { kind: 'idle' }
  | { kind: 'submitting' }
  | { kind: 'success'; returnOrderNumber: string }
  /** enableFakeReturn: the server answered a mock; nothing was created, nothing to redirect to. */
  | { kind: 'fake'; order: FakeReturnOrder }
  /** `job`: the capture job ended without a return (its code says why), not the request. */
  | { kind: 'failed'; reason: string; code: string | null; job: boolean };

export interface SubmitInput {
  request: CaptureRequest;
  /** Where the new return's instructions are: the EMEA paperless page or the general one. The page itself
   * reads everything else from the server (GET /order_mgmt/return_instructions/v1/{n}). */
  summary: { paperless: boolean; orderNumber: string; country: string };
  /** The store e-mail to send after a store return, when the flag and an address allow it. */
  storeEmail: { to: string; firstName: string; language: string } | null;
}

const newKey = () =>
  typeof crypto.randomUUID === 'function'
    ? crypto.randomUUID()
    : `${String(Date.now())}-${String(Math.random()).slice(2)}`;

/** The instructions route of a new return (spec 001 §2.1), with pageView and emailSent. */
export function instructionsPath(returnOrderNumber: string, paperless: boolean, emailSent: boolean): string {
  const query = new URLSearchParams({ pageView: 'true' });
  if (emailSent) query.set('emailSent', 'true');
  const path = paperless
    ? returnPaths.instructionsEmea(returnOrderNumber)
    : returnPaths.instructions(returnOrderNumber);
  return `${path}?${query.toString()}`;
}

/**
 * Submit (spec 001 §4.2): POST the capture with an Idempotency-Key, poll its job, then the success state
 * and the redirect. A retry after a network or server failure sends the same key with the same body, so
 * a return the server did make is answered again instead of made twice; a changed body or a job that
 * finished with an error takes a new key.
 */
export function useSubmitReturn() {
  const [state, setState] = useState<SubmitState>({ kind: 'idle' });
  const [, navigate] = useLocation();
  const queryClient = useQueryClient();
  const attempt = useRef<{ key: string; body: string } | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(
    () => () => {
      clearTimeout(timer.current);
    },
    [],
  );

  const submit = async ({ request, summary, storeEmail }: SubmitInput) => {
    const body = JSON.stringify(request);
    if (attempt.current?.body !== body) attempt.current = { key: newKey(), body };
    setState({ kind: 'submitting' });
    try {
      const capture = await createReturnCapture(request, attempt.current.key);
      if ('fake' in capture) {
        attempt.current = null;
        setState({ kind: 'fake', order: capture.fake });
        return;
      }
      const job = captureJobResponse(capturedOrThrow(await pollJob(() => getCaptureJob(capture.jobId))));
      const returnOrderNumber = job.returnOrderNumber ?? capture.response.returnOrderNumber;
      // The capture job may already have sent the store e-mail; otherwise the page asks for it.
      let emailSent = job.emailSent === true;
      if (!emailSent && storeEmail) {
        // Spec 001 §5: success is a 200; a failure only changes the instructions page's wording.
        emailSent = await sendStoreReturnEmail({
          ...storeEmail,
          country: summary.country,
          orderNumber: summary.orderNumber,
          returnNumber: returnOrderNumber,
        }).then(
          () => true,
          () => false,
        );
      }
      attempt.current = null;
      track({
        name: 'return_submitted',
        method: request.returnMethod ?? request.methodId ?? '',
        itemCount: request.orderLines.reduce((sum, line) => sum + line.quantity, 0),
        country: summary.country,
      });
      // What may still be returned has changed: a later visit (Back from the instructions) asks the server
      // again instead of showing the old answer while it does.
      queryClient.removeQueries({ queryKey: returnOptionsQueryKey(summary.orderNumber) });
      setState({ kind: 'success', returnOrderNumber });
      timer.current = setTimeout(() => {
        // In place of the submitted step (walk minor 2): Back from the instructions goes to the wizard's
        // earlier steps, started afresh (its draft is cleared), never to the submitted one.
        navigate(instructionsPath(returnOrderNumber, summary.paperless, emailSent), { replace: true });
      }, REDIRECT_DELAY_MS);
    } catch (error) {
      // A refusal of this very request (4xx) or a failed job will not succeed again with the same key.
      const final =
        error instanceof ReturnJobFailed ||
        (isApiError(error) && error.status >= 400 && error.status < 500 && error.status !== 409);
      if (final) attempt.current = null;
      const code = isApiError(error) ? error.code : error instanceof ReturnJobFailed ? error.code : null;
      const job = error instanceof ReturnJobFailed;
      setState({ kind: 'failed', reason: error instanceof Error ? error.message : String(error), code, job });
    }
  };

  return {
    state,
    submit: (input: SubmitInput) => {
      void submit(input);
    },
    dismiss: () => {
      setState({ kind: 'idle' });
    },
  };
}
