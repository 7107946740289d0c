import { useState } from 'react';
import { useI18n } from '@/shared/i18n/i18n-context';
import { Alert } from '@/shared/ui/alert';
import { Button } from '@/shared/ui/button';
import { Spinner } from '@/shared/ui/spinner';
import { useReturnLabel } from '../hooks/use-return-data';
import { LabelActions } from './label-actions';
import { ReturnCodeContent, ReturnCodeDialog } from './return-code-dialog';

/**
 * A return's label (spec 001 §4.3), where the server says one exists: loading, a failure with retry, the
 * drop-off or QR code (its dialog opens by itself on a new return, `openCodeFirst`), and the PDF's
 * download, e-mail and post actions. Shared by the instructions page and the return detail. `codeOnPage`
 * is the paperless return confirmation (001 §2.2): the code is shown on the page, not in a modal.
 */
export function ReturnLabelBlock({
  returnOrderNumber,
  offered,
  openCodeFirst = false,
  inCard = false,
  codeOnPage = false,
}: {
  returnOrderNumber: string;
  offered: boolean;
  openCodeFirst?: boolean;
  inCard?: boolean;
  codeOnPage?: boolean;
}) {
  const { t } = useI18n();
  const label = useReturnLabel(returnOrderNumber, offered);
  const [codeOpen, setCodeOpen] = useState<boolean | null>(null);
  const code = label.data?.dropOffCode?.data ?? null;
  const png = label.data?.labelFormat.toUpperCase() === 'PNG';
  const showCode = code !== null && !codeOnPage && (codeOpen ?? openCodeFirst);
  return (
    <>
      {label.isPending && label.fetchStatus !== 'idle' && <Spinner label={t('returns.label.loading')} />}
      {label.isError && (
        <Alert>
          {t('returns.label.loadFailed')}{' '}
          <Button
            variant="secondary"
            onClick={() => {
              void label.refetch();
            }}
          >
            {t('common.retry')}
          </Button>
        </Alert>
      )}
      {label.data && code && codeOnPage && (
        <section className="card" aria-labelledby="return-code-heading">
          <h2 id="return-code-heading">{t('returns.code.title')}</h2>
          <ReturnCodeContent code={code} pngBase64={png ? label.data.returnLabel : null} carrier={label.data.carrier} />
        </section>
      )}
      {label.data && code && !codeOnPage && (
        <Button
          variant="secondary"
          onClick={() => {
            setCodeOpen(true);
          }}
        >
          {t('returns.code.show')}
        </Button>
      )}
      {label.data && !png && <LabelActions label={label.data} returnOrderNumber={returnOrderNumber} inCard={inCard} />}
      {showCode && label.data && (
        <ReturnCodeDialog
          code={code}
          pngBase64={png ? label.data.returnLabel : null}
          carrier={label.data.carrier}
          onClose={() => {
            setCodeOpen(false);
          }}
        />
      )}
    </>
  );
}
