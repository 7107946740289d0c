import { useMutation } from '@tanstack/react-query';
import { useState, type SyntheticEvent } from 'react';
import { Link, Redirect, useLocation, useSearch } from 'wouter';
import { useSession } from '@/shared/auth/session';
import { useHelpLinks } from '@/shared/config/help-links';
import { useI18n } from '@/shared/i18n/i18n-context';
import { paths } from '@/shared/routing/paths';
import { Button } from '@/shared/ui/button';
import { ErrorDialog } from '@/shared/ui/error-dialog';
import { Spinner } from '@/shared/ui/spinner';
import { TextField } from '@/shared/ui/text-field';
import { isApiError } from '@/shared/api/api-error';
import { submitBankRefund } from '../api';
import { useOrderForReturn } from '../hooks/use-return-data';
import { FIRST_NAME_MAX, compactIban, isValidIban, maskIban } from '../model/iban';
import { returnPaths } from '../paths';
import './returns.css';

const confirmationKey = (orderNumber: string) => `orders.refund.${orderNumber}`;

/**
 * refund (spec 001 §2.2, §5): account holder first name (at most 24), last name and IBAN; submit is off
 * until all three are there and the IBAN checks out. The button says Continue after a new return
 * (pageView), Submit otherwise. A failure opens Form Not Submitted with retry and dismiss (§8).
 */
export function BankRefundPage({ orderNumber }: { orderNumber: string }) {
  const { t } = useI18n();
  const help = useHelpLinks();
  const session = useSession();
  const search = new URLSearchParams(useSearch());
  const returnNumber = search.get('returnNumber') ?? undefined;
  const pageView = search.has('pageView');
  const [, navigate] = useLocation();
  const order = useOrderForReturn(orderNumber);
  const [firstName, setFirstName] = useState('');
  const [lastName, setLastName] = useState('');
  const [iban, setIban] = useState('');
  const [ibanTouched, setIbanTouched] = useState(false);
  const [failureOpen, setFailureOpen] = useState(false);
  const [serverIbanRefused, setServerIbanRefused] = useState<string | null>(null);
  const refund = useMutation({ mutationFn: submitBankRefund });

  if (!session.member && !session.visitor && !session.restoring)
    return <Redirect to={paths.guestLookup(orderNumber)} replace />;
  const email = order.data?.authorizationInfo.email ?? '';
  const ibanInvalid = iban !== '' && (!isValidIban(iban) || serverIbanRefused === compactIban(iban));
  const canSubmit =
    firstName.trim() !== '' &&
    lastName.trim() !== '' &&
    iban !== '' &&
    !ibanInvalid &&
    Boolean(order.data) &&
    !refund.isPending;

  const send = () => {
    refund.mutate(
      {
        accountDetails: { iban: compactIban(iban), owner: { firstName: firstName.trim(), lastName: lastName.trim() } },
        email,
        orderNumber,
      },
      {
        onSuccess: () => {
          // Only the e-mail and the IBAN's last four go to the confirmation page, never the full IBAN.
          sessionStorage.setItem(confirmationKey(orderNumber), JSON.stringify({ email, iban: maskIban(iban) }));
          navigate(returnPaths.refundConfirmation(orderNumber, returnNumber));
        },
        onError: (error) => {
          // The server's IBAN check is the last word: its refusal shows on the field, not as a failure.
          if (isApiError(error) && error.status === 400 && error.field === 'accountDetails.iban') {
            setIbanTouched(true);
            setServerIbanRefused(compactIban(iban));
            return;
          }
          setFailureOpen(true);
        },
      },
    );
  };
  const onSubmit = (event: SyntheticEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (canSubmit) send();
  };

  return (
    <div className="return-instructions">
      <h1 tabIndex={-1}>{t('returns.refund.heading')}</h1>
      <p>{t('returns.refund.intro')}</p>
      {order.isPending && <Spinner />}
      <form className="refund-form card" onSubmit={onSubmit} noValidate>
        <TextField
          label={t('returns.refund.firstName')}
          autoComplete="given-name"
          maxLength={FIRST_NAME_MAX}
          hint={t('returns.refund.firstNameHint', { max: FIRST_NAME_MAX })}
          value={firstName}
          onChange={(event) => {
            setFirstName(event.target.value.slice(0, FIRST_NAME_MAX));
          }}
        />
        <TextField
          label={t('returns.refund.lastName')}
          autoComplete="family-name"
          value={lastName}
          onValueChange={setLastName}
        />
        <TextField
          label={t('returns.refund.iban')}
          autoComplete="off"
          spellCheck={false}
          value={iban}
          error={ibanTouched && ibanInvalid ? t('returns.error.invalidIban') : null}
          onBlur={() => {
            setIbanTouched(true);
          }}
          onChange={(event) => {
            setIban(event.target.value.toUpperCase());
          }}
        />
        <Button type="submit" disabled={!canSubmit} loading={refund.isPending}>
          {pageView ? t('returns.refund.continue') : t('returns.refund.submit')}
        </Button>
      </form>
      {failureOpen && (
        <ErrorDialog
          title={t('returns.error.refundFailed.title')}
          onRetry={() => {
            setFailureOpen(false);
            send();
          }}
          onDismiss={() => {
            setFailureOpen(false);
          }}
          contactHref={help.contact}
        >
          <p>{t('returns.error.refundFailed.body')}</p>
        </ErrorDialog>
      )}
    </div>
  );
}

/** refundConfirmation: the refund e-mail; return instructions after a new return, else its details. */
export function RefundConfirmationPage({ orderNumber }: { orderNumber: string }) {
  const { t } = useI18n();
  const search = new URLSearchParams(useSearch());
  const returnNumber = search.get('returnNumber');
  let saved: { email?: string; iban?: string } = {};
  try {
    saved = JSON.parse(sessionStorage.getItem(confirmationKey(orderNumber)) ?? '{}') as typeof saved;
  } catch {
    saved = {};
  }
  return (
    <div className="return-instructions">
      <h1 tabIndex={-1}>{t('returns.refund.confirmedHeading')}</h1>
      <p>{t('returns.refund.confirmedBody', { email: saved.email ?? '', iban: saved.iban ?? '' })}</p>
      {search.has('pageView') && returnNumber ? (
        <Link className="button button--primary" href={returnPaths.instructions(returnNumber)}>
          {t('returns.refund.backToInstructions')}
        </Link>
      ) : (
        <Link
          className="button button--primary"
          href={paths.orderDetail(returnNumber ?? orderNumber, returnNumber ? 'RETURN_ORDER' : 'SALES_ORDER')}
        >
          {t('returns.refund.viewReturn')}
        </Link>
      )}
    </div>
  );
}
