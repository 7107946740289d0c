import { Link, useSearch } from 'wouter';
import { useExposure, useVariant } from '@/shared/experiments/experiments';
import { useI18n } from '@/shared/i18n/i18n-context';
import { paths } from '@/shared/routing/paths';
import { Alert } from '@/shared/ui/alert';
import { Button } from '@/shared/ui/button';
import { Spinner } from '@/shared/ui/spinner';
import { StoreBarcodeCard } from '../components/return-barcode';
import { ReturnLabelBlock } from '../components/return-label-block';
import { ReturnPickupCard } from '../components/return-pickup-card';
import { ReturnStoreCard } from '../components/return-store-card';
import { useReturnInstructions } from '../hooks/use-return-data';
import { returnPaths } from '../paths';
import './returns.css';

/**
 * returnInstructions and returnInstructionsEmea (spec 001 §2.1, §2.2): what to do next for a return, the
 * label actions, the carrier's return-code modal and the store-return barcode. Everything is read from
 * the server (`useReturnInstructions`), so the page works from its URL alone: in another tab, from an
 * e-mail link or the next day.
 */
export function ReturnInstructionsPage({ returnOrderNumber }: { returnOrderNumber: string; emea: boolean }) {
  const { t } = useI18n();
  const query = new URLSearchParams(useSearch());
  const pageView = query.has('pageView');
  const emailSent = query.get('emailSent') === 'true';
  const instructions = useReturnInstructions(returnOrderNumber);
  const facts = instructions.data;
  // The server offers the paperless confirmation (enablePaperlessReturnConfirmation); with A/B testing on,
  // the visitor's variant decides whether they get it or the control (the code in its modal).
  const offered = facts?.paperlessConfirmation === true;
  const variant = useVariant('paperlessConfirmation');
  useExposure('paperlessConfirmation', variant, offered);
  const codeOnPage = offered && variant !== 'control';
  // Spec 001 §4.3: the code modal opens by itself when a code exists, for the return just created.

  if (instructions.isPending && instructions.fetchStatus !== 'idle') {
    return (
      <div className="return-instructions">
        <h1 tabIndex={-1}>{t('returns.instructions.heading')}</h1>
        <Spinner label={t('returns.label.loading')} />
      </div>
    );
  }
  if (!facts) {
    return (
      <div className="return-instructions">
        <h1 tabIndex={-1}>{t('returns.instructions.heading')}</h1>
        <Alert>
          {t('returns.instructions.loadFailed')}{' '}
          <Button
            variant="secondary"
            onClick={() => {
              void instructions.refetch();
            }}
          >
            {t('common.retry')}
          </Button>
        </Alert>
      </div>
    );
  }
  const kind = facts.variant;
  // Mail returns outside the US follow their carrier's own steps and link (001 §2.2); the US and store
  // returns keep the catalogue's text.
  const carrier = facts.carrierInstructions;
  // With emeaPaperless this page is the return's detail (the return order detail redirects here), so its
  // link to the return order says to stay there.
  const returnLink = facts.emeaDetails
    ? `${paths.returnOrder(returnOrderNumber)}?details=true`
    : paths.returnOrder(returnOrderNumber);
  return (
    <div className="return-instructions">
      <h1 tabIndex={-1}>{t('returns.instructions.heading')}</h1>
      {pageView && <Alert tone="info">{t('returns.instructions.created', { returnOrderNumber })}</Alert>}
      {kind === 'store' && (
        <p>{emailSent ? t('returns.instructions.emailSent') : t('returns.instructions.nextStep')}</p>
      )}
      {facts.showSteps && (
        <section className="card" aria-labelledby="return-steps-heading">
          <h2 id="return-steps-heading">{carrier?.title ?? t('returns.instructions.stepsHeading')}</h2>
          <ol className="return-steps">
            {carrier && carrier.steps.length > 0
              ? carrier.steps.map((step) => (
                  <li key={step.title}>
                    <span className="return-steps__title">{step.title}</span> {step.description}
                  </li>
                ))
              : [1, 2, 3].map((step) => (
                  <li key={step}>
                    {t('returns.instructions.step', { variant: kind, step, carrier: facts.carrierName ?? '' })}
                  </li>
                ))}
          </ol>
          {kind === 'paperless' && facts.codeWaitMinutes != null && (
            <p className="muted">{t('returns.instructions.codeWait', { minutes: facts.codeWaitMinutes })}</p>
          )}
          {carrier?.link && (
            <p>
              <a className="button button--secondary" href={carrier.link} target="_blank" rel="noopener noreferrer">
                {t('returns.instructions.carrierLink', { carrier: facts.carrierName ?? '' })}
              </a>
            </p>
          )}
        </section>
      )}
      {facts.store && <ReturnStoreCard store={facts.store} />}
      {facts.pickup && <ReturnPickupCard pickup={facts.pickup} />}
      {facts.barcode && <StoreBarcodeCard barcode={facts.barcode} returnOrderNumber={returnOrderNumber} />}
      {/* Without the store barcode (the server's barcode rule, enableReturnsBarcode), the store reads the
          return number the steps point to. */}
      {kind === 'store' && !facts.barcode && (
        <p className="return-instructions__number">{t('returns.submit.returnNumber', { returnOrderNumber })}</p>
      )}
      <ReturnLabelBlock
        returnOrderNumber={returnOrderNumber}
        offered={facts.labelOffered}
        openCodeFirst={pageView}
        codeOnPage={codeOnPage}
      />
      {facts.bankRefundOffered && (
        <p>
          <Link href={returnPaths.refund(facts.orderNumber, returnOrderNumber)}>
            {t('returns.instructions.bankRefund')}
          </Link>
        </p>
      )}
      <p>
        <Link href={returnLink}>{t('returns.instructions.viewReturn')}</Link>
      </p>
    </div>
  );
}
