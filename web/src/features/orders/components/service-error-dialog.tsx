import { useHelpLinks } from '@/shared/config/help-links';
import { useI18n } from '@/shared/i18n/i18n-context';
import { Button } from '@/shared/ui/button';
import { Dialog } from '@/shared/ui/dialog';
import { LinkButton } from '@/shared/ui/link-button';

/**
 * Member order-detail failure (000 §4): Contact us, Retry (which reloads the page, spec 000 "retry reloads
 * the page") and a visible Dismiss (Escape dismisses too).
 */
export function ServiceErrorDialog({ onRetry, onDismiss }: { onRetry: () => void; onDismiss: () => void }) {
  const { t } = useI18n();
  const help = useHelpLinks();
  return (
    <Dialog
      title={t('common.errors.oops.title')}
      onDismiss={onDismiss}
      actions={
        <>
          <LinkButton href={help.contact}>{t('common.contactUs')}</LinkButton>
          <Button variant="secondary" onClick={onDismiss}>
            {t('common.dismiss')}
          </Button>
          <Button onClick={onRetry}>{t('common.retry')}</Button>
        </>
      }
    >
      <p>{t('common.errors.oops.body')}</p>
      <p>{t('common.errors.oops.contact')}</p>
    </Dialog>
  );
}
