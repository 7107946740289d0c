import { useI18n } from '@/shared/i18n/i18n-context';
import { ErrorDialog } from '@/shared/ui/error-dialog';

/** "Oops... something went wrong." with Dismiss, and Retry when the failed load can be tried again. */
export function LoadErrorDialog({ onDismiss, onRetry }: { onDismiss: () => void; onRetry?: () => void }) {
  const { t } = useI18n();
  return (
    <ErrorDialog title={t('common.errors.oops.title')} lead="dismiss" onDismiss={onDismiss} onRetry={onRetry}>
      <p>{t('common.errors.oops.body')}</p>
    </ErrorDialog>
  );
}
