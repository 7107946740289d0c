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

/** Spec 001 §8: Return Not Submitted, with retry and dismiss. */
export function NotSubmittedDialog({ onRetry, onDismiss }: { onRetry: () => void; onDismiss: () => void }) {
  const { t } = useI18n();
  return (
    <ErrorDialog title={t('returns.error.notSubmitted.title')} onRetry={onRetry} onDismiss={onDismiss}>
      <p>{t('returns.error.notSubmitted.body')}</p>
    </ErrorDialog>
  );
}
