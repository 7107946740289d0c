import { useState, type SyntheticEvent } from 'react';
import { isApiError } from '@/shared/api/api-error';
import { useI18n } from '@/shared/i18n/i18n-context';
import { Alert } from '@/shared/ui/alert';
import { Button } from '@/shared/ui/button';
import { ErrorDialog } from '@/shared/ui/error-dialog';
import { TextField } from '@/shared/ui/text-field';
import { useCheckBalance } from '../api/check-balance';
import { useStoreCurrency } from '@/shared/config/store-currency';
import { CARD_NUMBER_MAX_INPUT, PIN_DIGITS, cardDigits, isValidCardNumber, isValidPin } from '../model/gift-card';

/** The card's number and PIN are printed on it: the digit keypad, and no autofill (not the shopper's to keep). */
const PRINTED_DIGITS = { inputMode: 'numeric', autoComplete: 'off' } as const;

/**
 * Spec 000 §2: the PIN is read-only until the number is valid; submit needs a 6-digit PIN and is off
 * while loading and after a bad-number-or-PIN answer (until the shopper changes something). A 400 shows
 * the bad-PIN banner; any other failure opens Balance Unavailable with Retry and Dismiss.
 */
export function GiftCardForm() {
  const { t, money, date, locale } = useI18n();
  const currency = useStoreCurrency();
  const [number, setNumber] = useState('');
  const [pin, setPin] = useState('');
  const [unavailableOpen, setUnavailableOpen] = useState(false);
  const check = useCheckBalance();

  const numberValid = isValidCardNumber(number);
  const badPin = isApiError(check.error) && check.error.status === 400;
  const rateLimited = isApiError(check.error) && check.error.status === 429 ? check.error : null;
  const canSubmit = numberValid && isValidPin(pin) && !check.isPending && !badPin;

  const submit = () => {
    check.mutate(
      { accountNumber: cardDigits(number), pin, currency, country: locale.country.toLowerCase() },
      {
        onError: (error) => {
          if (!isApiError(error) || (error.status !== 400 && error.status !== 429)) setUnavailableOpen(true);
        },
      },
    );
  };
  const onSubmit = (event: SyntheticEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (canSubmit) submit();
  };
  /** A change to either field clears the last answer (and so the bad-PIN banner that blocks submit). */
  const edit = (set: (value: string) => void) => (value: string) => {
    set(value);
    if (check.isError || check.isSuccess) check.reset();
  };

  return (
    <>
      <form className="stack" onSubmit={onSubmit} noValidate>
        {badPin && <Alert>{t('giftCards.error.invalid')}</Alert>}
        {rateLimited && (
          <Alert>
            {rateLimited.retryAfter
              ? t('guestLookup.error.rateLimited', { seconds: rateLimited.retryAfter })
              : t('guestLookup.error.rateLimitedNoTime')}
          </Alert>
        )}
        <TextField
          label={t('giftCards.number')}
          name="cardNumber"
          {...PRINTED_DIGITS}
          maxLength={CARD_NUMBER_MAX_INPUT}
          hint={t('giftCards.numberHint')}
          value={number}
          onValueChange={edit(setNumber)}
        />
        <TextField
          label={t('giftCards.pin')}
          name="pin"
          type="password"
          {...PRINTED_DIGITS}
          maxLength={PIN_DIGITS}
          readOnly={!numberValid}
          hint={numberValid ? t('giftCards.pinHint') : t('giftCards.pinLocked')}
          value={pin}
          onValueChange={edit((value) => {
            setPin(value.replace(/\D/g, ''));
          })}
        />
        <Button type="submit" loading={check.isPending} disabled={!canSubmit}>
          {check.isPending ? t('giftCards.checking') : t('giftCards.submit')}
        </Button>
      </form>
      {check.isSuccess && (
        <section className="gift-card__balance" aria-live="polite" aria-labelledby="gift-card-balance-heading">
          <h2 id="gift-card-balance-heading">{t('giftCards.balanceHeading')}</h2>
          <p className="gift-card__amount">{money(check.data.balance, check.data.currency)}</p>
          {check.data.expiresOn && (
            <p className="muted">{t('giftCards.expires', { date: date(check.data.expiresOn, 'long') })}</p>
          )}
        </section>
      )}
      {unavailableOpen && (
        <ErrorDialog
          title={t('giftCards.unavailable.title')}
          onRetry={() => {
            setUnavailableOpen(false);
            submit();
          }}
          onDismiss={() => {
            setUnavailableOpen(false);
          }}
        >
          <p>{t('giftCards.unavailable.body')}</p>
        </ErrorDialog>
      )}
    </>
  );
}
