import { useRef, useState, type SyntheticEvent } from 'react';
import { useLocation, useSearch } from 'wouter';
import { useCountryRules } from '@/shared/config/country-rules';
import { useFlags } from '@/shared/config/flags';
import { useI18n } from '@/shared/i18n/i18n-context';
import { paths } from '@/shared/routing/paths';
import { isReturnDetailPath } from '@/shared/routing/route-prefix';
import { Alert } from '@/shared/ui/alert';
import { Button } from '@/shared/ui/button';
import { EmailField } from '@/shared/ui/email-field';
import { TextField } from '@/shared/ui/text-field';
import { useGuestLookup } from '../api/lookup-guest-order';
import {
  canSubmit,
  firstInvalidField,
  guestIdentity,
  hasErrors,
  normalizeOrderNumber,
  validateGuestLookup,
  type GuestLookupValues,
} from '../model/validation';
import { PhoneField } from './phone-field';
import { ServiceFailure } from './service-failure';

export function GuestLookupForm({ initial }: { initial: GuestLookupValues }) {
  const { t } = useI18n();
  // The country's rules from /config (spec 000 §2: China asks to accept the terms, and its phone is always +86).
  const rules = useCountryRules();
  const termsRequired = rules.guestLookup.termsRequired;
  const fixedCode = rules.guestLookup.callingCodeFixed ? rules.callingCode : undefined;
  const [termsAccepted, setTermsAccepted] = useState(!termsRequired);
  const orderNumberRef = useRef<HTMLInputElement>(null);
  const emailRef = useRef<HTMLInputElement>(null);
  const phoneRef = useRef<HTMLInputElement>(null);
  const { enableSmsLookup } = useFlags();
  const [, navigate] = useLocation();
  const redirectPath = new URLSearchParams(useSearch()).get('redirectPath');
  const [values, setValues] = useState(initial);
  // Errors appear only after the first submit attempt; from then on they follow every keystroke.
  const [attempted, setAttempted] = useState(false);
  const lookup = useGuestLookup();

  const errors = validateGuestLookup(values, enableSmsLookup);
  const showErrors = attempted && hasErrors(errors);
  const set = (field: keyof GuestLookupValues) => (value: string) => {
    setValues((current) => ({ ...current, [field]: value }));
  };

  const onSubmit = (event: SyntheticEvent<HTMLFormElement>) => {
    event.preventDefault();
    setAttempted(true);
    if (!canSubmit(values, enableSmsLookup, termsAccepted)) return;
    const invalid = firstInvalidField(errors);
    if (invalid) {
      // Errors say which field is wrong; focus goes to the first of them.
      const target = { orderNumber: orderNumberRef, email: emailRef, phone: phoneRef }[invalid];
      target.current?.focus();
      return;
    }
    lookup.mutate(
      { orderNumber: normalizeOrderNumber(values.orderNumber), visitor: guestIdentity(values) },
      {
        onSuccess: (order) => {
          // Resuming (000 §2): a redirectPath to a return's detail is where the guest was going; else the order.
          navigate(
            isReturnDetailPath(redirectPath)
              ? `~${redirectPath}`
              : paths.orderDetail(order.orderNumber, order.orderType),
          );
        },
      },
    );
  };

  return (
    <form className="stack" onSubmit={onSubmit} noValidate>
      {/* The spec's summary (000 §5) is about the order number and its case; when only the contact is
          wrong it would send the shopper to the wrong field, so that case says what is wrong instead. */}
      {showErrors && (
        <Alert>
          {errors.orderNumber
            ? t(enableSmsLookup ? 'guestLookup.error.summaryPhone' : 'guestLookup.error.summary')
            : t(enableSmsLookup ? 'guestLookup.error.contactPhone' : 'guestLookup.error.email')}
        </Alert>
      )}
      {!showErrors && lookup.isError && <ServiceFailure error={lookup.error} />}
      <TextField
        label={t('guestLookup.orderNumber')}
        name="orderNumber"
        autoComplete="off"
        autoCapitalize="characters"
        spellCheck={false}
        ref={orderNumberRef}
        value={values.orderNumber}
        error={attempted && errors.orderNumber ? t('guestLookup.error.orderNumber') : null}
        onValueChange={set('orderNumber')}
      />
      <EmailField
        label={t('guestLookup.email')}
        ref={emailRef}
        value={values.email}
        error={attempted && errors.email ? t('guestLookup.error.email') : null}
        onValueChange={set('email')}
      />
      {enableSmsLookup && (
        <>
          <p className="guest-lookup__or" aria-hidden="true">
            {t('guestLookup.or')}
          </p>
          <PhoneField
            ref={phoneRef}
            codes={rules.callingCodes}
            fixedCountryCode={fixedCode}
            countryCode={fixedCode ?? values.countryCode}
            phone={values.phone}
            error={attempted && errors.phone ? t('guestLookup.error.phone') : null}
            onCountryCodeChange={set('countryCode')}
            onPhoneChange={set('phone')}
          />
        </>
      )}
      {termsRequired && (
        <label className="guest-lookup__terms">
          <input
            type="checkbox"
            checked={termsAccepted}
            onChange={(event) => {
              setTermsAccepted(event.target.checked);
            }}
          />{' '}
          {t('guestLookup.chinaTerms')}
        </label>
      )}
      <Button
        type="submit"
        loading={lookup.isPending}
        disabled={!canSubmit(values, enableSmsLookup, termsAccepted) || lookup.isPending}
      >
        {lookup.isPending ? t('guestLookup.submitting') : t('guestLookup.submit')}
      </Button>
    </form>
  );
}
