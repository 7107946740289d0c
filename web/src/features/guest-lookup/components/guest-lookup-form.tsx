import { useState, type SyntheticEvent } from 'react';
import { useLocation } from 'wouter';
import { useFlags } from '@/shared/config/flags';
import { useI18n } from '@/shared/i18n/i18n-context';
import { paths } from '@/shared/routing/paths';
import { Alert } from '@/shared/ui/alert';
import { Button } from '@/shared/ui/button';
import { TextField } from '@/shared/ui/text-field';
import { useGuestLookup } from '../api/lookup-guest-order';
import { canSubmit, guestIdentity, hasErrors, validateGuestLookup, type GuestLookupValues } from '../model/validation';
import { PhoneField } from './phone-field';
import { ServiceFailure } from './service-failure';

export function GuestLookupForm({ initial }: { initial: GuestLookupValues }) {
  const { t } = useI18n();
  const { enableSmsLookup } = useFlags();
  const [, navigate] = useLocation();
  const [values, setValues] = useState(initial);
  // Errors appear only after the first submit attempt; from then on they follow every keystroke.
  const [attempted, setAttempted] = useState(false);
  const lookup = useGuestLookup();

  const errors = validateGuestLookup(values, enableSmsLookup);
  const showErrors = attempted && hasErrors(errors);
  const set = (field: keyof GuestLookupValues) => (value: string) => { setValues((current) => ({ ...current, [field]: value })); };

  const onSubmit = (event: SyntheticEvent<HTMLFormElement>) => {
    event.preventDefault();
    setAttempted(true);
    if (!canSubmit(values, enableSmsLookup) || hasErrors(errors)) return;
    lookup.mutate(
      { orderNumber: values.orderNumber.trim(), visitor: guestIdentity(values) },
      { onSuccess: (order) => { navigate(paths.orderDetail(order.orderNumber, order.orderType)); } },
    );
  };

  return (
    <form className="stack" onSubmit={onSubmit} noValidate>
      {showErrors && <Alert>{t(enableSmsLookup ? 'guestLookup.error.summaryPhone' : 'guestLookup.error.summary')}</Alert>}
      {!showErrors && lookup.isError && <ServiceFailure error={lookup.error} />}
      <TextField
        label={t('guestLookup.orderNumber')}
        name="orderNumber"
        autoComplete="off"
        autoCapitalize="characters"
        spellCheck={false}
        value={values.orderNumber}
        error={attempted && errors.orderNumber ? t('guestLookup.error.orderNumber') : null}
        onChange={(event) => { set('orderNumber')(event.target.value); }}
      />
      <TextField
        label={t('guestLookup.email')}
        type="email"
        name="email"
        autoComplete="email"
        value={values.email}
        error={attempted && errors.email ? t('guestLookup.error.email') : null}
        onChange={(event) => { set('email')(event.target.value); }}
      />
      {enableSmsLookup && (
        <>
          <p className="guest-lookup__or" aria-hidden="true">{t('guestLookup.or')}</p>
          <PhoneField
            countryCode={values.countryCode}
            phone={values.phone}
            error={attempted && errors.phone ? t('guestLookup.error.phone') : null}
            onCountryCodeChange={set('countryCode')}
            onPhoneChange={set('phone')}
          />
        </>
      )}
      <Button type="submit" loading={lookup.isPending} disabled={!canSubmit(values, enableSmsLookup) || lookup.isPending}>
        {lookup.isPending ? t('guestLookup.submitting') : t('guestLookup.submit')}
      </Button>
    </form>
  );
}
