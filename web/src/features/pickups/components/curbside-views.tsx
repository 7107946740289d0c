import { useState, type SyntheticEvent, useEffect } from 'react';
import { useHelpLinks } from '@/shared/config/help-links';
import { formatTimeOfDay } from '@/shared/format/clock';
import { track } from '@/shared/analytics/analytics';
import { useI18n } from '@/shared/i18n/i18n-context';
import { Button } from '@/shared/ui/button';
import { FormField } from '@/shared/ui/form-field';
import { LinkButton } from '@/shared/ui/link-button';
import type { StoreView } from '../api/curbside';
import {
  PROGRESS_SEGMENTS,
  VEHICLE_MAX_CHARS,
  charsRemaining,
  errorActions,
  progress,
  todaysHours,
  vehicleIsValid,
  type CurbsideErrorKind,
  type PageStatus,
} from '../model/curbside';

/** "tel:" wants the number alone: a leading + and digits. */
const telephoneHref = (telephone: string): string =>
  `tel:${telephone.trim().startsWith('+') ? '+' : ''}${telephone.replace(/\D/g, '')}`;

export function CurbsideErrorView({
  kind,
  attempts,
  store,
  onRetry,
}: {
  kind: CurbsideErrorKind;
  attempts: number;
  store: StoreView | null;
  onRetry: () => void;
}) {
  const { t } = useI18n();
  const help = useHelpLinks();
  const { retry, contact } = errorActions(kind, attempts);
  // Spec 002 §8: the error view's page view, with status, service name and message.
  useEffect(() => {
    track({ name: 'curbside_error_view', status: 'unknown', service: 'curbside', message: kind });
  }, [kind]);
  const heading = kind === 'storeClosed' ? t('curbside.error.storeClosedHeading') : t('curbside.error.heading');
  const body = {
    missingParameters: t('curbside.error.missingParameters'),
    storeClosed: t('curbside.error.storeClosedBody'),
    noCurbside: t('curbside.error.noCurbside'),
    fetchFailed: t('curbside.error.fetchFailed'),
  }[kind];
  return (
    <div className="card curbside__error" role="alert">
      <h2>{heading}</h2>
      <p>{body}</p>
      {store && (
        <p>
          {t('curbside.error.callStore')} <a href={telephoneHref(store.phone)}>{store.phone}</a>
        </p>
      )}
      <div className="curbside__actions">
        {retry && <Button onClick={onRetry}>{t('curbside.error.retry')}</Button>}
        {contact && <LinkButton href={help.contact}>{t('curbside.error.contact')}</LinkButton>}
      </div>
    </div>
  );
}

export function ReadyView({ busy, onSubmit }: { busy: boolean; onSubmit: (vehicle: string) => void }) {
  const { t } = useI18n();
  const [vehicle, setVehicle] = useState('');
  const [touched, setTouched] = useState(false);
  const valid = vehicleIsValid(vehicle);
  const submit = (event: SyntheticEvent<HTMLFormElement>) => {
    event.preventDefault();
    setTouched(true);
    if (valid && !busy) onSubmit(vehicle);
  };
  const showError = touched && !valid;
  return (
    <form className="card curbside__ready" onSubmit={submit} noValidate>
      <h2>{t('curbside.ready.heading')}</h2>
      <p>{t('curbside.ready.body')}</p>
      {/* The count is the field's polite status: announced when the shopper pauses, not on every key. */}
      <FormField
        label={t('curbside.ready.vehicleLabel')}
        hint={t('curbside.ready.vehicleHint')}
        status={t('curbside.ready.charsRemaining', { charsRemaining: charsRemaining(vehicle) })}
        error={showError ? t('curbside.ready.vehicleRequired') : null}
      >
        {(control) => (
          <input
            {...control}
            className="field__input"
            value={vehicle}
            maxLength={VEHICLE_MAX_CHARS}
            required
            autoComplete="off"
            onChange={(event) => {
              setVehicle(event.target.value);
            }}
            onBlur={() => {
              setTouched(true);
            }}
          />
        )}
      </FormField>
      {/* Spec 002 §5: disabled while empty or while a request is in flight. */}
      <Button type="submit" disabled={!valid || busy} loading={busy}>
        {busy ? t('curbside.ready.submitting') : t('curbside.ready.submit')}
      </Button>
    </form>
  );
}

export function ProgressView({
  status,
  cancelled,
  cancelling,
  onCancel,
}: {
  status: PageStatus;
  cancelled: boolean;
  cancelling: boolean;
  onCancel: () => void;
}) {
  const { t } = useI18n();
  const value = progress(status);
  const heading = cancelled
    ? t('curbside.progress.cancelled')
    : {
        initial: t('curbside.progress.submitted'),
        claimed: t('curbside.progress.claimed'),
        completed: t('curbside.progress.completed'),
        duplicateRequest: t('curbside.progress.duplicate'),
      }[status];
  const open = status === 'initial' || status === 'claimed';
  return (
    <div className="card curbside__progress">
      <h2 aria-live="polite">{heading}</h2>
      <div
        className="curbside__bar"
        role="progressbar"
        aria-label={t('curbside.progress.label')}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={value}
      >
        {PROGRESS_SEGMENTS.map((segment) => (
          <span
            key={segment}
            className={value >= segment ? 'curbside__segment curbside__segment--on' : 'curbside__segment'}
          />
        ))}
      </div>
      {open && <p>{t('curbside.progress.guidance')}</p>}
      {open && (
        <Button variant="secondary" onClick={onCancel} loading={cancelling}>
          {t('curbside.progress.cancel')}
        </Button>
      )}
    </div>
  );
}

export function CurbsideSidebar({ orderNumber, store }: { orderNumber: string; store: StoreView | null }) {
  const { t, locale } = useI18n();
  const today = store ? todaysHours(store.operationalDetails, new Date(), store.timezone) : null;
  const address = store?.address;
  return (
    <aside className="card curbside__sidebar" aria-label={t('curbside.sidebar.label')}>
      <dl>
        <dt>{t('curbside.sidebar.orderNumber')}</dt>
        <dd>{orderNumber}</dd>
        {store && address && (
          <>
            <dt>{t('curbside.sidebar.store')}</dt>
            <dd>
              <strong>{store.name}</strong>
              <br />
              {[address.address1, address.address2, address.address3].filter(Boolean).join(', ')}
              <br />
              {[address.city, address.state, address.postalCode].filter(Boolean).join(' ')}
            </dd>
            <dt>{t('curbside.sidebar.phone')}</dt>
            <dd>
              <a href={telephoneHref(store.phone)}>{store.phone}</a>
            </dd>
            <dt>{t('curbside.sidebar.todaysHours')}</dt>
            <dd>
              {today && today.closes - today.opens >= 24 * 60
                ? t('curbside.sidebar.open24Hours')
                : today
                  ? t('curbside.sidebar.hoursRange', {
                      opens: formatTimeOfDay(today.opens, locale),
                      closes: formatTimeOfDay(today.closes, locale),
                    })
                  : t('curbside.sidebar.closedToday')}
            </dd>
          </>
        )}
      </dl>
    </aside>
  );
}
