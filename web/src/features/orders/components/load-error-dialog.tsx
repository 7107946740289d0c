import { useI18n } from '@/shared/i18n/i18n-context';
import { Button } from '@/shared/ui/button';
import { Dialog } from '@/shared/ui/dialog';

/** "Oops... something went wrong." with Dismiss, and Retry when the failed load can be tried again. */
export function LoadErrorDialog({ onDismiss, onRetry }: { onDismiss: () => void; onRetry?: () => void }) {
  const { t } = useI18n();
  return (
    <Dialog
      title={t('common.errors.oops.title')}
      onDismiss={onDismiss}
      actions={
        <>
          <Button variant="secondary" onClick={onDismiss}>
            {t('common.dismiss')}
          </Button>
          {onRetry && <Button onClick={onRetry}>{t('common.retry')}</Button>}
        </>
      }
    >
      <p>{t('common.errors.oops.body')}</p>
    </Dialog>
  );
}
