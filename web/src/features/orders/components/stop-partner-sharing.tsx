import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useLocation } from 'wouter';
import { useSession } from '@/shared/auth/session';
import { useI18n } from '@/shared/i18n/i18n-context';
import { paths } from '@/shared/routing/paths';
import { Alert } from '@/shared/ui/alert';
import { Button } from '@/shared/ui/button';
import { Dialog } from '@/shared/ui/dialog';
import { consentsQueryOptions } from '../api/get-consents';
import { useSetConsent } from '../api/set-consent';

type Step = 'closed' | 'confirm' | 'done';

/**
 * "Stop sharing partner orders": withdraws the member's partner order data sharing consent (000 §6, the FAQ's
 * data-removal answer). The portal holds that consent itself, so this is where the member manages the link
 * between their account and the partners'. Asks first; an error keeps the dialog open with Retry and changes
 * nothing; once withdrawn, the history drops the partner tab (the consent records are reloaded).
 */
export function StopPartnerSharing() {
  const { t } = useI18n();
  const [, navigate] = useLocation();
  const upmId = useSession().member?.upmId ?? '';
  const consents = useQuery({ ...consentsQueryOptions(upmId), enabled: Boolean(upmId) });
  const change = useSetConsent(upmId);
  const [step, setStep] = useState<Step>('closed');
  // Only a record that says so counts as stopped: without one (none decided, or the list failed to load)
  // the control stays, and withdrawing again is harmless.
  const stopped =
    consents.data?.some((record) => record.type === 'partnerOrderDataSharing' && !record.granted) ?? false;

  const open = () => {
    change.reset();
    setStep('confirm');
  };
  // A write on its way cannot be called back: the dialog stays until it has an answer.
  const close = () => {
    if (!change.isPending) setStep('closed');
  };
  const withdraw = () => {
    change.mutate(
      { type: 'partnerOrderDataSharing', granted: false },
      {
        onSuccess: () => {
          setStep('done');
        },
      },
    );
  };

  let confirmLabel = t('orders.partnerFaq.stop.confirm');
  if (change.isPending) confirmLabel = t('orders.partnerFaq.stop.stopping');
  else if (change.isError) confirmLabel = t('common.retry');

  const confirmActions = (
    <>
      <Button variant="secondary" onClick={close} disabled={change.isPending}>
        {t('orders.partnerFaq.stop.keep')}
      </Button>
      <Button onClick={withdraw} loading={change.isPending}>
        {confirmLabel}
      </Button>
    </>
  );
  const doneActions = (
    <Button
      onClick={() => {
        navigate(paths.history());
      }}
    >
      {t('orders.partnerFaq.stop.goToOrders')}
    </Button>
  );

  return (
    <>
      {stopped ? (
        <p className="partner-faq__stopped">{t('orders.partnerFaq.stop.stopped')}</p>
      ) : (
        <Button variant="secondary" onClick={open}>
          {t('orders.partnerFaq.stop.button')}
        </Button>
      )}
      {/* One dialog that changes what it shows (confirm, working, done), so focus stays inside it throughout. */}
      {step !== 'closed' && (
        <Dialog
          title={t(step === 'done' ? 'orders.partnerFaq.stop.stopped' : 'orders.partnerFaq.stop.confirmTitle')}
          onDismiss={close}
          actions={step === 'done' ? doneActions : confirmActions}
        >
          {step === 'done' ? (
            <p role="status">{t('orders.partnerFaq.stop.doneBody')}</p>
          ) : (
            <>
              <p>{t('orders.partnerFaq.stop.confirmBody')}</p>
              {change.isError && <Alert>{t('orders.partnerFaq.stop.error')}</Alert>}
            </>
          )}
        </Dialog>
      )}
    </>
  );
}
