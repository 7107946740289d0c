import { useCallback, useEffect, useState } from 'react';
import { isApiError } from '@/shared/api/api-error';
import { cancelPickup, createPickup, getPickup, type ImHere } from '../api/curbside';
import {
  DUPLICATE_MARKER,
  POLL_ATTEMPTS,
  POLL_INTERVAL_MS,
  POLL_RETRY_MS,
  errorKindOf,
  idFromLocation,
  keepsPolling,
  loadSaved,
  pageStatusOf,
  save,
  startingPickup,
  type CurbsideErrorKind,
  type SavedPickup,
} from '../model/curbside';

export interface PickupFlow {
  saved: SavedPickup | null;
  /** The interaction's own status, once read (CANCELLED_CONSUMER shows its own text). */
  rawStatus: string | null;
  submitting: boolean;
  cancelling: boolean;
  /** A failed create, or polls that failed 5 times in a row: the page shows its error view. */
  failure: CurbsideErrorKind | null;
  submit: (request: ImHere) => void;
  cancel: () => void;
  /** After a failure: polls again (or goes back to the ready view when the create failed). */
  resume: () => void;
}

/**
 * The shopper's side of curbside (spec 002 §4): submit, then poll every second while the interaction is
 * SUBMITTED or CLAIMED; a failed poll is tried again every 1.5 s, 5 attempts in all. The id and page
 * status are kept in session storage by order number, so a reload comes back to the same place; but the
 * server's answer of the order's open request (`openPickupId`, `undefined` when it could not be read)
 * wins over this tab's, so a second tab or device follows the request instead of asking again.
 */
export function usePickupFlow(
  orderNumber: string,
  storeInteractionId: string | null,
  openPickupId: string | null | undefined,
): PickupFlow {
  const [saved, setSaved] = useState<SavedPickup | null>(() =>
    startingPickup(openPickupId, storeInteractionId, loadSaved(orderNumber)),
  );
  const [rawStatus, setRawStatus] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const [cancelling, setCancelling] = useState(false);
  const [failure, setFailure] = useState<CurbsideErrorKind | null>(null);
  const [failedPolls, setFailedPolls] = useState(0);
  // Bumped to restart polling after a failure.
  const [pollRound, setPollRound] = useState(0);

  const remember = useCallback(
    (next: SavedPickup | null) => {
      setSaved(next);
      save(orderNumber, next);
    },
    [orderNumber],
  );

  const polling = saved !== null && saved.id !== DUPLICATE_MARKER && keepsPolling(saved.status) && failure === null;
  const pollId = saved?.id;
  const pollStatus = saved?.status;
  useEffect(() => {
    if (!polling || !pollId || !pollStatus) return;
    const controller = new AbortController();
    const timer = setTimeout(
      () => {
        getPickup(pollId, controller.signal)
          .then((pickup) => {
            setFailedPolls(0);
            setRawStatus(pickup.status);
            const next = pageStatusOf(pickup.status);
            // Unchanged: a new round of the effect (the poll count changes), so it polls again in 1 s.
            if (next === pollStatus) setPollRound((round) => round + 1);
            else remember({ id: pollId, status: next });
          })
          .catch(() => {
            if (controller.signal.aborted) return;
            setFailedPolls((count) => {
              const failed = count + 1;
              if (failed >= POLL_ATTEMPTS) setFailure('fetchFailed');
              else setPollRound((round) => round + 1);
              return failed;
            });
          });
      },
      // A request not yet read in this page (followed from the server's answer, a link or a reload): at once.
      failedPolls > 0 ? POLL_RETRY_MS : rawStatus === null ? 0 : POLL_INTERVAL_MS,
    );
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
    // failedPolls and rawStatus are read for the delay only; pollRound restarts the effect.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [polling, pollId, pollStatus, pollRound, remember]);

  const submit = (request: ImHere) => {
    setSubmitting(true);
    createPickup(request)
      .then((created) => {
        setRawStatus(created.status);
        remember({ id: created.id, status: pageStatusOf(created.status) });
      })
      .catch((error: unknown) => {
        if (isApiError(error) && error.status === 409) {
          // A request is already open for this order: follow it (or say it is still being processed).
          const id = idFromLocation(error.location);
          remember({ id, status: id === DUPLICATE_MARKER ? 'duplicateRequest' : 'initial' });
          return;
        }
        setFailure(isApiError(error) ? errorKindOf(error.code) : 'fetchFailed');
      })
      .finally(() => {
        setSubmitting(false);
      });
  };

  const cancel = () => {
    if (!saved) return;
    setCancelling(true);
    cancelPickup(saved.id)
      .then((pickup) => {
        setRawStatus(pickup.status);
        remember({ id: pickup.id, status: pageStatusOf(pickup.status) });
      })
      .catch(() => {
        // Completed or claimed meanwhile: the next poll shows where it stands.
        setPollRound((round) => round + 1);
      })
      .finally(() => {
        setCancelling(false);
      });
  };

  const resume = () => {
    setFailedPolls(0);
    setFailure(null);
    setPollRound((round) => round + 1);
  };

  return { saved, rawStatus, submitting, cancelling, failure, submit, cancel, resume };
}
