import { useEffect, useRef, useState } from 'react';
import { Link, useLocation, useRouter, useSearch } from 'wouter';
import type { OrderDetail } from '@/shared/api/types';
import { useSession } from '@/shared/auth/session';
import { useHelpLinks } from '@/shared/config/help-links';
import { signInShown } from '@/shared/embed/embed';
import { countryName } from '@/shared/format/address';
import { useI18n } from '@/shared/i18n/i18n-context';
import { countrySitePath, paths } from '@/shared/routing/paths';
import { Alert } from '@/shared/ui/alert';
import { Button } from '@/shared/ui/button';
import { Dialog } from '@/shared/ui/dialog';
import { Spinner } from '@/shared/ui/spinner';
import type { ReturnMethodOption, ReturnOptions } from '../model/return-options';
import { returnableLines, useOrderForReturn, useReturnOptions } from '../hooks/use-return-data';
import { useStoreCountry } from '../hooks/use-store-country';
import { useSubmitReturn } from '../hooks/use-submit-return';
import { useReturnFlags } from '../model/flags';
import { refundPreview } from '../model/refund-preview';
import { loadSavedMethod, saveMethod } from '../model/saved-method';
import { buildCaptureRequest, checkedLines, type Selection } from '../model/selection';
import { primaryAction, readySteps, stepTotal, wizardSteps } from '../model/wizard';
import { clearDraft, saveDraft, startWizard } from '../model/wizard-draft';
import { useStepInUrl } from '../hooks/use-step-in-url';
import { returnPaths } from '../paths';
import { ItemsStep } from './items-step';
import { LoadFailureDialog } from './load-failure-dialog';
import { MethodStep } from './method-step';
import { PickupAddressStep, type PickupChoice } from './pickup-address-step';
import { ReturnBreadcrumb } from './return-breadcrumb';
import { ReturnSummary } from './return-summary';
import { StoreStep } from './store-step';
import { FakeReturnView } from './fake-return-view';
import { NotSubmittedDialog, SubmittedNotice, SubmittingOverlay } from './submit-states';

interface ReturnWizardProps {
  orderNumber: string;
  selectedGtin: string | null;
  isGuest: boolean;
}

export function ReturnWizard({ orderNumber, selectedGtin, isGuest }: ReturnWizardProps) {
  const { t } = useI18n();
  const order = useOrderForReturn(orderNumber);
  const options = useReturnOptions(orderNumber);
  const [dismissed, setDismissed] = useState(false);

  if (order.data && options.data) {
    return <LoadedWizard order={order.data} options={options.data} selectedGtin={selectedGtin} isGuest={isGuest} />;
  }
  const failed = (order.isError || options.isError) && !dismissed;
  return (
    <>
      <h1 className="visually-hidden" tabIndex={-1}>
        {t('returns.heading')}
      </h1>
      <div className="return-skeleton" aria-hidden="true">
        <div className="return-skeleton__block" />
        <div className="return-skeleton__block" />
      </div>
      {!failed && <Spinner />}
      {failed && (
        <LoadFailureDialog
          onRetry={() => {
            setDismissed(false);
            if (order.isError) void order.refetch();
            if (options.isError) void options.refetch();
          }}
          onDismiss={() => {
            setDismissed(true);
          }}
        />
      )}
      {dismissed && <Link href={paths.salesOrder(orderNumber)}>{t('returns.backToOrder')}</Link>}
    </>
  );
}

function LoadedWizard({
  order,
  options,
  selectedGtin,
  isGuest,
}: {
  order: OrderDetail;
  options: ReturnOptions;
  selectedGtin: string | null;
  isGuest: boolean;
}) {
  const { t, locale } = useI18n();
  const flags = useReturnFlags();
  const help = useHelpLinks();
  const { base } = useRouter();
  const [location] = useLocation();
  const search = useSearch();
  const lines = returnableLines(order, options);
  // Walk minor 2: a reload (or Back, then Forward) keeps the choices (`model/wizard-draft.ts`); the step is
  // the URL's (`hooks/use-step-in-url.ts`).
  const [start] = useState(() =>
    startWizard({
      orderNumber: order.orderNumber,
      lines,
      options,
      selectedGtin,
      saved: loadSavedMethod(order.orderNumber),
    }),
  );
  const [selection, setSelection] = useState<Selection>(start.selection);
  const [method, setMethod] = useState<ReturnMethodOption | null>(start.method);
  const [storeId, setStoreId] = useState<string | null>(start.storeId);
  const [pickup, setPickup] = useState<PickupChoice>(start.pickup);
  const [promptDone, setPromptDone] = useState(false);
  // Embedded without showSignin: the retailer's page owns signing in, so no sign-in offer here. Signing in
  // comes back to this page and step (the sign-in page follows a redirectPath within /orders).
  const signInPath = signInShown(search) ? paths.signIn(`${base}${location}${search ? `?${search}` : ''}`) : null;
  const [takenInStore, setTakenInStore] = useState(false);
  const upmId = useSession().member?.upmId ?? null;
  // Audit L553: a saved or kept store of another country than the order's is never sent; the shopper is
  // told and chooses another (spec 001 §5, "Choose Another Store").
  const storeCheck = useStoreCountry(method?.method === 'returnToStore' ? storeId : null, order.country);
  const usableStoreId = storeCheck === 'same' ? storeId : null;
  const steps = wizardSteps(method, flags.storeSelector);
  const stepReady = readySteps(selection, method, usableStoreId, pickup);
  const { step, hrefFor, goTo } = useStepInUrl(steps, stepReady);
  // A new step takes focus (as a new page would), so keyboard and screen-reader users start at its top.
  const main = useRef<HTMLDivElement>(null);
  const shownStep = useRef(step);
  useEffect(() => {
    if (shownStep.current === step) return;
    shownStep.current = step;
    // Not when a dialog opened with the step (the guest's log-in prompt): the dialog keeps focus.
    if (document.activeElement?.closest('[role="dialog"]')) return;
    main.current?.focus();
  }, [step]);
  // Walk minor 3: a missing reason is said once the shopper tries to go on, not as soon as a line is checked
  // (the preselected line included). Each try moves focus to the first line still missing its reason.
  const [itemsTries, setItemsTries] = useState(0);
  useEffect(() => {
    if (itemsTries === 0) return;
    main.current?.querySelector<HTMLElement>('select[aria-invalid="true"]')?.focus();
  }, [itemsTries]);
  const [storeNoticeSeen, setStoreNoticeSeen] = useState<string | null>(null);
  const storeNotice = storeCheck === 'other' && storeNoticeSeen !== storeId;
  useEffect(() => {
    // The stored selection loses the store (the method stays).
    if (storeCheck === 'other' && method) saveMethod({ orderNumber: order.orderNumber, returnMethod: method.id });
  }, [storeCheck, method, order.orderNumber]);
  const { state, submit, dismiss } = useSubmitReturn();
  const submitted = state.kind === 'success' || takenInStore;
  useEffect(() => {
    if (submitted) clearDraft(order.orderNumber);
    else
      saveDraft(order.orderNumber, {
        selection,
        methodId: method?.id ?? null,
        storeId: storeCheck === 'other' ? null : storeId,
        pickup,
      });
  }, [order.orderNumber, submitted, selection, method, storeId, storeCheck, pickup]);

  const stepIndex = steps.indexOf(step);
  const total = stepTotal(options.methods, method, flags.storeSelector);
  const action = primaryAction(step, steps, method);
  const currency = options.currency || order.currency;
  const preview = refundPreview({
    lines,
    selection,
    method: step === 'items' ? null : method,
    currency,
    orderArrival: options.refundArrival,
    paymentTypes: order.payment.map((payment) => payment.paymentType),
    storeRefundToGiftCard: options.storeRefundToGiftCard,
  });
  const slots = method?.pickupSlots ?? [];
  // A store return waits for its store's country check before it may be submitted.
  const storeChecking = storeCheck === 'checking' && (action === 'submit' || action === 'getInstructions');
  const enabled = stepReady[step] && !storeChecking;
  // On the items step Continue stays usable once a line is checked: pressing it is how the shopper learns
  // which reason is missing. Every other step keeps it disabled until the step is ready.
  const primaryUsable = enabled || (step === 'items' && checkedLines(selection).length > 0);

  const choose = (next: ReturnMethodOption) => {
    setMethod(next);
    // Spec 001 §2.1: the choice is kept per order (60 days), with the store for store returns.
    saveMethod({
      orderNumber: order.orderNumber,
      returnMethod: next.id,
      ...(next.method === 'returnToStore' && storeId ? { selectedStore: storeId } : {}),
    });
  };
  const chooseStore = (id: string) => {
    setStoreId(id);
    if (method) saveMethod({ orderNumber: order.orderNumber, returnMethod: method.id, selectedStore: id });
  };

  const doSubmit = () => {
    if (!method || storeCheck === 'checking') return;
    // Spec 001 §4.2: a store return in Korea creates nothing online; the store takes it from the order.
    if (method.createsReturn === false) {
      setTakenInStore(true);
      return;
    }
    // The server offers the paperless code only in the EMEA countries with emeaPaperless on (returns::methods).
    const paperless = method.method === 'PAPERLESS_RETURN';
    const email = order.authorizationInfo.email;
    const storeReturn = method.method === 'returnToStore';
    submit({
      request: buildCaptureRequest({
        order,
        lines,
        selection,
        reasons: options.reasons,
        method,
        storeId: storeReturn ? usableStoreId : null,
        pickup: pickup.address && pickup.slot ? { address: pickup.address, slot: pickup.slot } : null,
        locale: locale.intlLocale,
        flags,
      }),
      summary: { paperless, orderNumber: order.orderNumber, country: order.country },
      storeEmail:
        storeReturn && flags.sendStoreReturnEmail && email
          ? { to: email, firstName: order.shipFrom?.recipient?.firstName ?? '', language: locale.language }
          : null,
    });
  };

  const onPrimary = () => {
    if (!enabled) {
      if (step === 'items') setItemsTries((tries) => tries + 1);
      return;
    }
    if (action === 'submit' || action === 'getInstructions') doSubmit();
    else goTo(steps[stepIndex + 1] ?? step);
  };
  // Spec 001 §5: the country-mismatch prompt shows when the ship-from country differs from the shopper's
  // and the order-mismatch flag is on (the order's country stands in when the order has no ship-from).
  const shipFromCountry = (order.shipFrom?.address?.country ?? order.country).trim().toUpperCase();
  const mismatch =
    flags.orderMismatch && /^[A-Z]{2}$/.test(shipFromCountry) && shipFromCountry !== locale.country.toUpperCase();
  if (takenInStore) {
    return (
      <div className="return-instructions">
        <h1 tabIndex={-1}>{t('returns.koreaStore.title')}</h1>
        <p>{t('returns.koreaStore.body', { orderNumber: order.orderNumber })}</p>
        <Link className="button button--primary" href={paths.salesOrder(order.orderNumber)}>
          {t('returns.breadcrumb.order')}
        </Link>
      </div>
    );
  }

  if (state.kind === 'fake') return <FakeReturnView order={order} mock={state.order} />;

  return (
    <div className="return-page">
      <ReturnBreadcrumb
        orderNumber={order.orderNumber}
        backHref={stepIndex === 0 ? null : hrefFor(steps[stepIndex - 1] ?? 'items')}
        onBack={() => {
          // Spec 001 §4.2: going back clears the chosen address (the browser's Back keeps it, for Forward).
          if (step === 'address') setPickup({ address: null, slot: null });
        }}
      />
      <h1 tabIndex={-1}>{t('returns.heading')}</h1>
      <p className="muted">
        {t('returns.orderNumber', { orderNumber: order.orderNumber })} ·{' '}
        {total === null
          ? t('returns.step', { step: stepIndex + 1 })
          : t('returns.stepOf', { step: stepIndex + 1, total })}
      </p>
      {mismatch && (
        <Alert tone="info">
          {/* Walk minor 1: no "Profile > Settings" page exists. The way on is this return on the site of the
              country the order shipped from (built as the order detail's mismatch modal builds its link), or the
              country's contact page from /config. */}
          <strong>{t('returns.error.location.title')}</strong> {t('returns.error.location.body')}{' '}
          <a href={countrySitePath(shipFromCountry, returnPaths.items(order.orderNumber, selectedGtin ?? undefined))}>
            {t('returns.error.location.site', { country: countryName(shipFromCountry, locale.intlLocale) })}
          </a>
          {' · '}
          <a href={help.contact}>{t('returns.error.location.contact')}</a>
        </Alert>
      )}
      {step === 'items' && options.withdrawalAvailable && (
        <p className="return-withdrawal">
          {t('returns.withdrawal.offer')}{' '}
          <Link href={returnPaths.withdrawal(order.orderNumber)}>{t('returns.withdrawal.heading')}</Link>
        </p>
      )}
      <div className="return-layout">
        <div className="return-main" ref={main} tabIndex={-1}>
          {step === 'items' && (
            <ItemsStep
              lines={lines}
              selection={selection}
              reasons={options.reasons}
              country={order.country}
              currency={currency}
              commentsOn={options.commentAllowed}
              showErrors={itemsTries > 0}
              onChange={(lineNumber, choice) => {
                setSelection((current) => ({ ...current, [lineNumber]: choice }));
              }}
            />
          )}
          {step === 'method' && (
            <MethodStep
              methods={options.methods}
              chosen={method}
              currency={currency}
              isGuest={isGuest && !options.asMember}
              signInPath={signInPath}
              proofOfPurchase={options.proofOfPurchaseRequired}
              onChoose={choose}
            />
          )}
          {step === 'store' && (
            <StoreStep
              country={order.country}
              storeId={storeCheck === 'other' ? null : storeId}
              onChoose={chooseStore}
            />
          )}
          {step === 'address' &&
            (upmId ? (
              <PickupAddressStep
                upmId={upmId}
                country={order.country}
                slots={slots}
                choice={pickup}
                onChange={setPickup}
              />
            ) : (
              <p>
                {t('returns.pickup.membersOnly')}{' '}
                {signInPath && <Link href={signInPath}>{t('returns.method.signIn')}</Link>}
              </p>
            ))}
        </div>
        <ReturnSummary
          preview={preview}
          currency={currency}
          action={action}
          disabled={!primaryUsable}
          busy={state.kind === 'submitting'}
          onAction={onPrimary}
        />
      </div>
      {step === 'method' && isGuest && options.loginPrompt && signInPath && !promptDone && (
        <Dialog
          title={t('returns.loginPrompt.title')}
          onDismiss={() => {
            setPromptDone(true);
          }}
          actions={
            <>
              <Link className="button button--primary" href={signInPath}>
                {t('returns.loginPrompt.signIn')}
              </Link>
              <Button
                variant="secondary"
                onClick={() => {
                  setPromptDone(true);
                }}
              >
                {t('returns.loginPrompt.proceed')}
              </Button>
            </>
          }
        >
          <p>{t('returns.loginPrompt.body')}</p>
        </Dialog>
      )}
      {storeNotice && (
        <Dialog
          title={t('returns.store.otherCountry')}
          onDismiss={() => {
            setStoreNoticeSeen(storeId);
          }}
          actions={
            <Button
              onClick={() => {
                setStoreNoticeSeen(storeId);
                // Straight to the stores of the order's country when the path has that step and may go there.
                if (steps.includes('store') && stepReady.items && stepIndex >= 1) goTo('store');
              }}
            >
              {t('returns.store.heading')}
            </Button>
          }
        >
          <p>{t('returns.store.sameCountry')}</p>
        </Dialog>
      )}
      {state.kind === 'submitting' && <SubmittingOverlay />}
      {state.kind === 'success' && <SubmittedNotice returnOrderNumber={state.returnOrderNumber} />}
      {state.kind === 'failed' && (
        <NotSubmittedDialog code={state.code} job={state.job} onRetry={doSubmit} onDismiss={dismiss} />
      )}
    </div>
  );
}
