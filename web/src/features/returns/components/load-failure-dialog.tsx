import { useI18n } from '@/shared/i18n/i18n-context';
import { Button } from '@/shared/ui/button';
import { Dialog } from '@/shared/ui/dialog';

/** A page's data did not load: say so, with retry and dismiss. */
export function LoadFailureDialog({ onRetry, onDismiss }: { onRetry: () => void; onDismiss: () => void }) {
  const { t } = useI18n();
  return (
    <Dialog
      title={t('returns.error.load.title')}
      onDismiss={onDismiss}
      actions={
        <>
          <Button onClick={onRetry}>{t('common.retry')}</Button>
          <Button variant="secondary" onClick={onDismiss}>
            {t('common.dismiss')}
          </Button>
        </>
      }
    >
      <p>{t('returns.error.load.body')}</p>
    </Dialog>
  );
}
