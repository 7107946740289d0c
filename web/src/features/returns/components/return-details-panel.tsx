import { useState } from 'react';
import { Link } from 'wouter';
import type { OrderSlotProps } from '@/shared/order-slots/order-slots';
import { useI18n } from '@/shared/i18n/i18n-context';
import { Alert } from '@/shared/ui/alert';
import { Button } from '@/shared/ui/button';
import { Spinner } from '@/shared/ui/spinner';
import { useReturnInstructions, useReturnLabel } from '../hooks/use-return-data';
import { returnPaths } from '../paths';
import { LabelActions } from './label-actions';
import { StoreBarcodeCard } from './return-barcode';
import { ReturnCodeDialog } from './return-code-dialog';

/**
 * On a return order's detail (spec 001 §2.1 returnOrderDetail, 000 §2 "return barcode" quick action): the
 * return's store barcode, its label (download, e-mail, post) and its drop-off or QR code, read from the
 * server, so a shopper who comes back later (another tab, an e-mail link, the next day) finds them here.
 */
export function ReturnDetailsPanel({ order }: OrderSlotProps) {
  const isReturn = order.orderType === 'RETURN_ORDER';
  const returnOrderNumber = isReturn ? order.orderNumber : '';
  const { t } = useI18n();
  const instructions = useReturnInstructions(returnOrderNumber);
  const facts = instructions.data;
  const label = useReturnLabel(returnOrderNumber, facts?.labelOffered === true);
  const [codeOpen, setCodeOpen] = useState(false);
  if (!isReturn || instructions.isError) return null;
  if (!facts) return <Spinner label={t('returns.label.loading')} />;
  const code = label.data?.dropOffCode?.data ?? null;
  const png = label.data?.labelFormat.toUpperCase() === 'PNG';
  return (
    <section className="card return-details" aria-labelledby="return-details-heading">
      <h2 id="return-details-heading">{t('returns.details.heading')}</h2>
      {facts.barcode && <StoreBarcodeCard barcode={facts.barcode} returnOrderNumber={returnOrderNumber} inCard />}
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
      {label.data && code && (
        <Button
          variant="secondary"
          onClick={() => {
            setCodeOpen(true);
          }}
        >
          {t('returns.code.show')}
        </Button>
      )}
      {label.data && !png && <LabelActions label={label.data} returnOrderNumber={returnOrderNumber} inCard />}
      {codeOpen && label.data && code && (
        <ReturnCodeDialog
          code={code}
          pngBase64={png ? label.data.returnLabel : null}
          carrier={label.data.carrier}
          onClose={() => {
            setCodeOpen(false);
          }}
        />
      )}
      <p>
        <Link
          href={
            facts.variant === 'paperless'
              ? returnPaths.instructionsEmea(returnOrderNumber)
              : returnPaths.instructions(returnOrderNumber)
          }
        >
          {t('returns.details.instructions')}
        </Link>
      </p>
    </section>
  );
}
