import { useEffect } from 'react';
import { Link, useLocation, useSearch } from 'wouter';
import type { OrderSlotProps } from '@/shared/order-slots/order-slots';
import { useI18n } from '@/shared/i18n/i18n-context';
import { Spinner } from '@/shared/ui/spinner';
import { useReturnInstructions } from '../hooks/use-return-data';
import { returnPaths } from '../paths';
import { StoreBarcodeCard } from './return-barcode';
import { ReturnLabelBlock } from './return-label-block';
import { ReturnPickupCard } from './return-pickup-card';
import '../pages/returns.css';

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
  const [, navigate] = useLocation();
  // Spec 001 §2.2: with emeaPaperless on, a paperless return's details are the returnInstructionsEmea
  // page, once loaded (the server says which, `emeaDetails`). That page links back with details=true, so
  // the shopper can still read the return order here.
  const stay = new URLSearchParams(useSearch()).get('details') === 'true';
  const redirect = isReturn && facts?.emeaDetails === true && !stay;
  useEffect(() => {
    if (redirect) navigate(returnPaths.instructionsEmea(returnOrderNumber), { replace: true });
  }, [redirect, navigate, returnOrderNumber]);
  if (!isReturn || instructions.isError) return null;
  if (!facts) return <Spinner label={t('returns.label.loading')} />;
  return (
    <section className="card return-details" aria-labelledby="return-details-heading">
      <h2 id="return-details-heading">{t('returns.details.heading')}</h2>
      {/* Only where the order's returnBarcode action allows one (000 §5 barcode rule, decided by the server). */}
      {facts.barcode && order.actions.returnBarcode?.enabled && (
        <StoreBarcodeCard barcode={facts.barcode} returnOrderNumber={returnOrderNumber} inCard />
      )}
      {/* The courier-pickup variant (001 §2.2): where and when the carrier comes. */}
      {facts.pickup && <ReturnPickupCard pickup={facts.pickup} />}
      <ReturnLabelBlock returnOrderNumber={returnOrderNumber} offered={facts.labelOffered} inCard />
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
