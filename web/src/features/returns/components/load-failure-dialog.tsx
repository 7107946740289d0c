import { useI18n } from '@/shared/i18n/i18n-context';
import { ErrorDialog } from '@/shared/ui/error-dialog';

/** A page's data did not load: say so, with retry and dismiss. */
export function LoadFailureDialog({ onRetry, onDismiss }: { onRetry: () => void; onDismiss: () => void }) {
  const { t } = useI18n();
  return (
    <ErrorDialog title={t('returns.error.load.title')} onRetry={onRetry} onDismiss={onDismiss}>
      <p>{t('returns.error.load.body')}</p>
    </ErrorDialog>
  );
}
