import { useState } from 'react';
import { Button } from '@/shared/ui/button';
import { Dialog } from '@/shared/ui/dialog';
import { Spinner } from '@/shared/ui/spinner';
import { useHelpLinks } from '@/shared/config/help-links';
import { useI18n } from '@/shared/i18n/i18n-context';
import { pollCancelJob, requestCancel, type CancelContact } from '../api/cancel-order';
import { track } from '@/shared/analytics/analytics';
import { leaveApp } from '@/shared/routing/leave-app';
import { endsCancellable, outcomeOf, type CancelState, type DeniedReason } from '../model/cancel-state';

/** Spec 002 §9: narrower than 960 px is mobile (the error offers to call). */
const isMobile = () => typeof window !== 'undefined' && window.innerWidth < 960;

interface CancelDialogProps {
  orderNumber: string;
  region: string;
  contact: CancelContact;
  /** Closing after complete or pending: the page marks the order recently cancelled or pending. */
  onFinished: (state: 'complete' | 'pending') => void;
  /** The cancel was refused or failed: the page marks the order not cancellable (002 §4, cancellable-expired). */
  onRefused: () => void;
  onClose: () => void;
}

export function CancelDialog({ orderNumber, region, contact, onFinished, onRefused, onClose }: CancelDialogProps) {
  const { t } = useI18n();
  const help = useHelpLinks();
  const [state, setState] = useState<CancelState>('confirming');
  const [reason, setReason] = useState<DeniedReason>('invalidState');

  const confirm = async () => {
    setState('inProgress');
    try {
      const created = await requestCancel(orderNumber, region, contact);
      const outcome = outcomeOf(await pollCancelJob(created.id));
      if (outcome.reason) setReason(outcome.reason);
      // Spec 002 §7: an invalid-state answer is tracked as denied.
      if (outcome.state === 'complete' || outcome.state === 'pending' || outcome.state === 'denied') {
        track({ name: 'cancel_outcome', outcome: outcome.state === 'complete' ? 'cancelled' : outcome.state });
      }
      if (endsCancellable(outcome.state)) onRefused();
      setState(outcome.state);
    } catch {
      onRefused();
      setState('error');
    }
  };

  const close = () => {
    if (state === 'complete' || state === 'pending') onFinished(state);
    else onClose();
  };

  // 002 §4: the error's confirm closes the dialog and goes to the contact page. Still a link, so that it can
  // be opened in another tab (a modified click is left to the browser, and the dialog stays).
  const contactLink = (
    <a
      className="button button--primary"
      href={help.contact}
      onClick={(event) => {
        if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
        event.preventDefault();
        close();
        leaveApp(help.contact);
      }}
    >
      {t(isMobile() ? 'cancellation.error.call' : 'cancellation.contact')}
    </a>
  );
  const closeButton = (
    <Button variant="secondary" onClick={close}>
      {t('cancellation.close')}
    </Button>
  );

  switch (state) {
    case 'confirming':
      return (
        <Dialog
          title={t('cancellation.dialog.title')}
          onDismiss={onClose}
          actions={
            <>
              <Button
                onClick={() => {
                  void confirm();
                }}
              >
                {t('cancellation.confirming.yes')}
              </Button>
              <Button variant="secondary" onClick={onClose}>
                {t('cancellation.confirming.no')}
              </Button>
            </>
          }
        >
          <p>{t('cancellation.confirming.body', { orderNumber })}</p>
        </Dialog>
      );
    case 'inProgress':
      return (
        <Dialog title={t('cancellation.dialog.title')} onDismiss={() => undefined} actions={null}>
          <div role="status" aria-live="polite">
            <Spinner />
            <p>{t('cancellation.inProgress')}</p>
          </div>
        </Dialog>
      );
    case 'pending':
      return (
        <Dialog title={t('cancellation.pending.title')} onDismiss={close} actions={closeButton}>
          <p role="status">{t('cancellation.pending.body')}</p>
        </Dialog>
      );
    case 'complete':
      return (
        <Dialog title={t('cancellation.complete.title')} onDismiss={close} actions={closeButton}>
          <p role="status">{t('cancellation.complete.body')}</p>
        </Dialog>
      );
    case 'denied':
      return (
        <Dialog
          title={t('cancellation.denied.title')}
          onDismiss={close}
          actions={
            <>
              {contactLink}
              {closeButton}
            </>
          }
        >
          <p role="alert">
            {t(reason === 'expired' ? 'cancellation.denied.expired' : 'cancellation.denied.invalidState')}
          </p>
        </Dialog>
      );
    case 'error':
      return (
        <Dialog
          title={t('cancellation.error.title')}
          onDismiss={close}
          actions={
            <>
              {contactLink}
              {closeButton}
            </>
          }
        >
          <p role="alert">{t(isMobile() ? 'cancellation.error.bodyMobile' : 'cancellation.error.body')}</p>
        </Dialog>
      );
  }
}
