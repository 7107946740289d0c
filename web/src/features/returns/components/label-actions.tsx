import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useHelpLinks } from '@/shared/config/help-links';
import { useI18n } from '@/shared/i18n/i18n-context';
import { Alert } from '@/shared/ui/alert';
import { Button } from '@/shared/ui/button';
import { Dialog } from '@/shared/ui/dialog';
import { LinkButton } from '@/shared/ui/link-button';
import { dispatchReturnLabel, type DispatchType, type CheckedLabel } from '../api';

/** Opens the PDF label from its base64 in a new tab (the browser's own viewer prints and saves it). */
function downloadLabel(label: CheckedLabel, returnOrderNumber: string) {
  const bytes = Uint8Array.from(atob(label.returnLabel), (char) => char.charCodeAt(0));
  const type = label.labelFormat.toUpperCase() === 'PNG' ? 'image/png' : 'application/pdf';
  const url = URL.createObjectURL(new Blob([bytes], { type }));
  const link = document.createElement('a');
  link.href = url;
  link.download = `return-label-${returnOrderNumber}.${type === 'image/png' ? 'png' : 'pdf'}`;
  link.click();
  setTimeout(() => {
    URL.revokeObjectURL(url);
  }, 10_000);
}

/**
 * Label download, e-mail and post (spec 001 §4.3): confirm, then sending (button off), then sent, or a
 * failure alert titled by the dispatch type with retry, dismiss and contact (§8).
 */
export function LabelActions({
  label,
  returnOrderNumber,
  inCard = false,
}: {
  label: CheckedLabel;
  returnOrderNumber: string;
  /** Inside another card (the return detail's panel): no card of its own. */
  inCard?: boolean;
}) {
  const { t } = useI18n();
  const help = useHelpLinks();
  const [confirming, setConfirming] = useState<DispatchType | null>(null);
  const [failureOpen, setFailureOpen] = useState(true);
  const dispatch = useMutation({ mutationFn: (type: DispatchType) => dispatchReturnLabel(type, returnOrderNumber) });
  const send = (type: DispatchType) => {
    setConfirming(null);
    setFailureOpen(true);
    dispatch.mutate(type);
  };
  const sentType = dispatch.isSuccess ? dispatch.variables : null;
  return (
    <section className={inCard ? undefined : 'card'} aria-labelledby="label-actions-heading">
      <h2 id="label-actions-heading">{t('returns.label.heading')}</h2>
      <div className="return-label-actions">
        <Button
          onClick={() => {
            downloadLabel(label, returnOrderNumber);
          }}
        >
          {t('returns.label.download')}
        </Button>
        {(['EMAIL', 'POST'] as const).map((type) => (
          <Button
            key={type}
            variant="secondary"
            loading={dispatch.isPending && dispatch.variables === type}
            disabled={dispatch.isPending}
            onClick={() => {
              setConfirming(type);
            }}
          >
            {dispatch.isPending && dispatch.variables === type
              ? t('returns.label.sending')
              : t('returns.label.send', { type })}
          </Button>
        ))}
      </div>
      {sentType && (
        <p role="status" className="return-label__sent">
          {t('returns.label.sent', { type: sentType })}
        </p>
      )}
      {confirming && (
        <Dialog
          title={t('returns.label.confirmTitle', { type: confirming })}
          onDismiss={() => {
            setConfirming(null);
          }}
          actions={
            <>
              <Button
                onClick={() => {
                  send(confirming);
                }}
              >
                {t('returns.label.confirm')}
              </Button>
              <Button
                variant="secondary"
                onClick={() => {
                  setConfirming(null);
                }}
              >
                {t('returns.label.cancel')}
              </Button>
            </>
          }
        >
          <p>{t('returns.label.confirmBody', { type: confirming })}</p>
        </Dialog>
      )}
      {dispatch.isError && failureOpen && (
        <Alert>
          <strong>{t('returns.error.labelNotSent', { type: dispatch.variables })}</strong>
          <span className="return-label-actions">
            <Button
              onClick={() => {
                send(dispatch.variables);
              }}
            >
              {t('common.retry')}
            </Button>
            <Button
              variant="secondary"
              onClick={() => {
                setFailureOpen(false);
              }}
            >
              {t('common.dismiss')}
            </Button>
            <LinkButton href={help.contact}>{t('common.contactUs')}</LinkButton>
          </span>
        </Alert>
      )}
    </section>
  );
}
