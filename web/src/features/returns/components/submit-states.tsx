import { useI18n } from '@/shared/i18n/i18n-context';
import { ErrorDialog } from '@/shared/ui/error-dialog';

/** The in-progress overlay while the return is created (spec 001 §4.2). */
export function SubmittingOverlay() {
  const { t } = useI18n();
  return (
    <div className="return-overlay" role="status" aria-live="assertive">
      <div className="return-overlay__panel">
        <span className="spinner__wheel" aria-hidden="true" />
        <p>{t('returns.submit.inProgress')}</p>
      </div>
    </div>
  );
}

/** The success state before the redirect to the instructions. */
export function SubmittedNotice({ returnOrderNumber }: { returnOrderNumber: string }) {
  const { t } = useI18n();
  return (
    <div className="return-overlay" role="status" aria-live="assertive">
      <div className="return-overlay__panel">
        <h2>{t('returns.submit.success')}</h2>
        <p>{t('returns.submit.returnNumber', { returnOrderNumber })}</p>
        <p className="muted">{t('returns.submit.redirecting')}</p>
      </div>
    </div>
  );
}

/** Refusals the same request can never turn into a return, by the server's code: said as they are, with no
 * Retry. The value is the message's select key (ICU keys cannot hold hyphens). */
export const REFUSALS = {
  'return-quantity-exceeded': 'quantityExceeded',
  'item-not-returnable': 'notReturnable',
  'return-window-closed': 'windowClosed',
  'return-method-unavailable': 'methodUnavailable',
  'store-country-mismatch': 'storeCountryMismatch',
  'carrier-pickup-refused': 'pickupRefused',
} as const;

const refusalOf = (code: string | null) =>
  code !== null && Object.hasOwn(REFUSALS, code) ? REFUSALS[code as keyof typeof REFUSALS] : null;

/**
 * Spec 001 §8: Return Not Submitted. A network or server failure offers Retry (the same request may still
 * succeed); a refusal (an item returned meanwhile from another tab, the window closed ...) says what
 * happened, by the server's code, and offers no Retry that cannot succeed.
 */
export function NotSubmittedDialog({
  code,
  job = false,
  onRetry,
  onDismiss,
}: {
  code: string | null;
  /** The capture job ended without a return (rather than the request failing). */
  job?: boolean;
  onRetry: () => void;
  onDismiss: () => void;
}) {
  const { t } = useI18n();
  const refusal = refusalOf(code);
  // The job met a carrier (or database) that did not answer in all its tries: the units were given back,
  // nothing was made, and Retry (a new request) may work.
  const body = job && code === 'service-unavailable' ? 'returns.error.unavailable' : 'returns.error.notSubmitted.body';
  if (refusal) {
    return (
      <ErrorDialog title={t('returns.error.notSubmitted.title')} onDismiss={onDismiss}>
        <p>{t('returns.error.refused', { code: refusal })}</p>
      </ErrorDialog>
    );
  }
  return (
    <ErrorDialog title={t('returns.error.notSubmitted.title')} onRetry={onRetry} onDismiss={onDismiss}>
      <p>{t(body)}</p>
    </ErrorDialog>
  );
}
