import type { ReactNode } from 'react';
import { useI18n } from '@/shared/i18n/i18n-context';
import { Button } from './button';
import { Dialog } from './dialog';
import { LinkButton } from './link-button';

interface ErrorDialogProps {
  title: string;
  /** What went wrong, in the shopper's words. */
  children: ReactNode;
  /** Escape and the Dismiss button call this. */
  onDismiss: () => void;
  /** Offered when trying again can help (a Retry button). */
  onRetry?: () => void;
  /** Which button leads: Retry (the default) or Dismiss (the order pages' "Oops"). */
  lead?: 'retry' | 'dismiss';
  /** A Contact us link after the buttons. */
  contactHref?: string;
}

/** Something failed: say what, with Retry (when it can help), Dismiss and optionally Contact us. */
export function ErrorDialog({ title, children, onDismiss, onRetry, lead = 'retry', contactHref }: ErrorDialogProps) {
  const { t } = useI18n();
  const retry = onRetry && <Button onClick={onRetry}>{t('common.retry')}</Button>;
  const dismiss = (
    <Button variant="secondary" onClick={onDismiss}>
      {t('common.dismiss')}
    </Button>
  );
  return (
    <Dialog
      title={title}
      onDismiss={onDismiss}
      actions={
        <>
          {lead === 'dismiss' && dismiss}
          {retry}
          {lead === 'retry' && dismiss}
          {contactHref && <LinkButton href={contactHref}>{t('common.contactUs')}</LinkButton>}
        </>
      }
    >
      {children}
    </Dialog>
  );
}
