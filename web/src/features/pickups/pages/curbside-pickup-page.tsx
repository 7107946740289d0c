import { useState } from 'react';
import { Redirect, useSearch } from 'wouter';
import { isApiError } from '@/shared/api/api-error';
import { useFlags } from '@/shared/config/flags';
import { useI18n } from '@/shared/i18n/i18n-context';
import { paths } from '@/shared/routing/paths';
import { Spinner } from '@/shared/ui/spinner';
import { useFreshCurbsideOffer, useStore } from '../api/curbside';
import { CurbsideHelpBoxes, CurbsideTips } from '../components/curbside-help';
import { CurbsideErrorView, CurbsideSidebar, ProgressView, ReadyView } from '../components/curbside-views';
import { usePickupFlow } from '../components/use-pickup-flow';
import { errorKindOf, type CurbsideErrorKind } from '../model/curbside';
import './curbside.css';

/** curbsidePickup: /orders/curbside/{orderNumber}?storeId=&qrId=[&storeInteractionId=] (spec 002 §2). */
export function CurbsidePickupPage({ orderNumber }: { orderNumber: string }) {
  const { enableCurbsidePickup } = useFlags();
  if (!enableCurbsidePickup) return <Redirect to={paths.history()} replace />;
  return <CurbsidePickup orderNumber={orderNumber} />;
}

function CurbsidePickup({ orderNumber }: { orderNumber: string }) {
  const { t } = useI18n();
  const search = new URLSearchParams(useSearch());
  const storeId = search.get('storeId') ?? '';
  const qrId = search.get('qrId') ?? '';
  const missing = !storeId || !qrId || !orderNumber;
  const store = useStore(storeId, !missing);
  // The server names the order's open "I'm here" request (another tab's or device's): the page waits for
  // that answer, read afresh, before it offers the vehicle form; without an answer it goes on as before.
  const offer = useFreshCurbsideOffer(orderNumber, !missing);
  const offerSettled = missing || offer.isError || offer.isFetchedAfterMount;

  return (
    <div className="curbside">
      <h1 tabIndex={-1}>{t('pickups.page.title')}</h1>
      <div className="curbside__layout">
        <div className="curbside__main">
          {offerSettled ? (
            <CurbsideMain
              orderNumber={orderNumber}
              storeId={storeId}
              qrId={qrId}
              missing={missing}
              store={store}
              storeInteractionId={search.get('storeInteractionId')}
              openPickupId={offer.isSuccess ? (offer.data.openPickupId ?? null) : undefined}
            />
          ) : (
            <Spinner label={t('pickups.loading')} />
          )}
        </div>
        <CurbsideSidebar orderNumber={orderNumber} store={store.data ?? null} />
      </div>
    </div>
  );
}

function CurbsideMain({
  orderNumber,
  storeId,
  qrId,
  missing,
  store,
  storeInteractionId,
  openPickupId,
}: {
  orderNumber: string;
  storeId: string;
  qrId: string;
  missing: boolean;
  store: ReturnType<typeof useStore>;
  storeInteractionId: string | null;
  openPickupId: string | null | undefined;
}) {
  const { t } = useI18n();
  const flow = usePickupFlow(orderNumber, storeInteractionId, openPickupId);
  const [attempts, setAttempts] = useState(0);

  const storeData = store.data ?? null;
  let error: CurbsideErrorKind | null = null;
  if (missing) error = 'missingParameters';
  else if (store.isError) error = isApiError(store.error) ? errorKindOf(store.error.code) : 'fetchFailed';
  else if (flow.failure) error = flow.failure;
  // A shopper who has not yet said "I'm here" learns before typing that curbside is not possible now.
  else if (storeData && !flow.saved && !storeData.storeServices.includes('curbside')) error = 'noCurbside';
  else if (storeData && !flow.saved && !storeData.isOpenNow) error = 'storeClosed';

  const retry = () => {
    setAttempts((count) => count + 1);
    if (store.isError || (storeData && !flow.saved)) void store.refetch();
    if (flow.failure) flow.resume();
  };

  if (error) return <CurbsideErrorView kind={error} attempts={attempts} store={storeData} onRetry={retry} />;
  if (!storeData) return <Spinner label={t('pickups.loading')} />;
  if (flow.saved)
    return (
      <ProgressView
        status={flow.saved.status}
        cancelled={flow.rawStatus === 'CANCELLED_CONSUMER'}
        cancelling={flow.cancelling}
        onCancel={flow.cancel}
      />
    );
  return (
    <>
      <CurbsideTips />
      <ReadyView
        busy={flow.submitting}
        onSubmit={(vehicle) => {
          flow.submit({ orderNumber, storeId, qrId, vehicle });
        }}
      />
      <CurbsideHelpBoxes />
    </>
  );
}
