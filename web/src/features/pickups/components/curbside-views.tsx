import { useState, type SyntheticEvent, useEffect } from 'react';
import { useHelpLinks } from '@/shared/config/help-links';
import { formatDayHours } from '@/shared/format/store-hours';
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
  const heading = kind === 'storeClosed' ? t('pickups.error.storeClosedHeading') : t('pickups.error.heading');
  const body = {
    missingParameters: t('pickups.error.missingParameters'),
    storeClosed: t('pickups.error.storeClosedBody'),
    noCurbside: t('pickups.error.noCurbside'),
    fetchFailed: t('pickups.error.fetchFailed'),
  }[kind];
  return (
    <div className="card curbside__error" role="alert">
      <h2>{heading}</h2>
      <p>{body}</p>
      {store && (
        <p>
          {t('pickups.error.callStore')} <a href={telephoneHref(store.phone)}>{store.phone}</a>
        </p>
      )}
      <div className="curbside__actions">
        {retry && <Button onClick={onRetry}>{t('pickups.error.retry')}</Button>}
        {contact && <LinkButton href={help.contact}>{t('pickups.error.contact')}</LinkButton>}
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
      <h2>{t('pickups.ready.heading')}</h2>
      <p>{t('pickups.ready.body')}</p>
      {/* The count is the field's polite status: announced when the shopper pauses, not on every key. */}
      <FormField
        label={t('pickups.ready.vehicleLabel')}
        hint={t('pickups.ready.vehicleHint')}
        status={t('pickups.ready.charsRemaining', { charsRemaining: charsRemaining(vehicle) })}
        error={showError ? t('pickups.ready.vehicleRequired') : null}
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
        {busy ? t('pickups.ready.submitting') : t('pickups.ready.submit')}
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
    ? t('pickups.progress.cancelled')
    : {
        initial: t('pickups.progress.submitted'),
        claimed: t('pickups.progress.claimed'),
        completed: t('pickups.progress.completed'),
        duplicateRequest: t('pickups.progress.duplicate'),
      }[status];
  const open = status === 'initial' || status === 'claimed';
  return (
    <div className="card curbside__progress">
      <h2 aria-live="polite">{heading}</h2>
      <div
        className="curbside__bar"
        role="progressbar"
        aria-label={t('pickups.progress.label')}
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
      {open && <p>{t('pickups.progress.guidance')}</p>}
      {open && (
        <Button variant="secondary" onClick={onCancel} loading={cancelling}>
          {t('pickups.progress.cancel')}
        </Button>
      )}
    </div>
  );
}

export function CurbsideSidebar({ orderNumber, store }: { orderNumber: string; store: StoreView | null }) {
  const i18n = useI18n();
  const { t } = i18n;
  const today = store ? todaysHours(store.operationalDetails, new Date(), store.timezone) : null;
  const address = store?.address;
  return (
    <aside className="card curbside__sidebar" aria-label={t('pickups.sidebar.label')}>
      <dl>
        <dt>{t('pickups.sidebar.orderNumber')}</dt>
        <dd>{orderNumber}</dd>
        {store && address && (
          <>
            <dt>{t('pickups.sidebar.store')}</dt>
            <dd>
              <strong>{store.name}</strong>
              <br />
              {[address.address1, address.address2, address.address3].filter(Boolean).join(', ')}
              <br />
              {[address.city, address.state, address.postalCode].filter(Boolean).join(' ')}
            </dd>
            <dt>{t('pickups.sidebar.phone')}</dt>
            <dd>
              <a href={telephoneHref(store.phone)}>{store.phone}</a>
            </dd>
            <dt>{t('pickups.sidebar.todaysHours')}</dt>
            <dd>{today ? formatDayHours(today, i18n) : t('pickups.sidebar.closedToday')}</dd>
          </>
        )}
      </dl>
    </aside>
  );
}
