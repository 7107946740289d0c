import { contactUrl } from '@/shared/config/site';
import { useI18n } from '@/shared/i18n/i18n-context';
import { Button } from '@/shared/ui/button';
import { Dialog } from '@/shared/ui/dialog';
import { LinkButton } from '@/shared/ui/link-button';

/** Member order-detail failure: Contact us, or Retry. */
export function ServiceErrorDialog({ onRetry, onDismiss }: { onRetry: () => void; onDismiss: () => void }) {
  const { t, locale } = useI18n();
  return (
    <Dialog
      title={t('common.errors.oops.title')}
      onDismiss={onDismiss}
      actions={
        <>
          <LinkButton href={contactUrl(locale.country, locale.language)}>{t('common.contactUs')}</LinkButton>
          <Button onClick={onRetry}>{t('common.retry')}</Button>
        </>
      }
    >
      <p>{t('common.errors.oops.body')}</p>
      <p>{t('common.errors.oops.contact')}</p>
    </Dialog>
  );
}
