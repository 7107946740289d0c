import { useMutation } from '@tanstack/react-query';
import { Link, Redirect } from 'wouter';
import { isApiError } from '@/shared/api/api-error';
import { useSession } from '@/shared/auth/session';
import { useI18n } from '@/shared/i18n/i18n-context';
import { paths } from '@/shared/routing/paths';
import { Alert } from '@/shared/ui/alert';
import { Button } from '@/shared/ui/button';
import { Spinner } from '@/shared/ui/spinner';
import { declareWithdrawal } from '../api';
import { useReturnOptions } from '../hooks/use-return-data';
import { returnPaths } from '../paths';
import './returns.css';

/**
 * The EU right of withdrawal (issue 10, beyond the anchors): within 14 days of delivery, a declaration
 * that asks only what the law asks (which order; no reason), confirmed with the date and time it was
 * received (and by e-mail), then leading into the same return methods.
 */
export function WithdrawalPage({ orderNumber }: { orderNumber: string }) {
  const { t, date, locale } = useI18n();
  const session = useSession();
  const options = useReturnOptions(orderNumber);
  const declare = useMutation({ mutationFn: () => declareWithdrawal(orderNumber, locale.intlLocale) });
  if (!session.member && !session.visitor && !session.restoring)
    return <Redirect to={paths.guestLookup(orderNumber)} replace />;

  if (declare.isSuccess) {
    const at = declare.data.declaredAt;
    return (
      <div className="return-instructions">
        <h1 tabIndex={-1}>{t('returns.withdrawal.doneHeading')}</h1>
        <p role="status">{t('returns.withdrawal.received', { date: date(at, 'long'), time: date(at, 'time') })}</p>
        {declare.data.emailSent && <p>{t('returns.withdrawal.emailSent')}</p>}
        <p>{t('returns.withdrawal.next')}</p>
        <Link className="button button--primary" href={returnPaths.items(orderNumber)}>
          {t('returns.withdrawal.chooseMethod')}
        </Link>
      </div>
    );
  }
  const closed = options.data && !options.data.withdrawalAvailable;
  const refused = isApiError(declare.error) && declare.error.status === 409;
  return (
    <div className="return-instructions">
      <h1 tabIndex={-1}>{t('returns.withdrawal.heading')}</h1>
      <p>{t('returns.withdrawal.intro', { orderNumber })}</p>
      {options.isPending && <Spinner />}
      {options.data?.withdrawalDeadline && options.data.withdrawalAvailable && (
        <p>{t('returns.withdrawal.deadline', { date: date(options.data.withdrawalDeadline, 'long') })}</p>
      )}
      {(closed || refused) && <Alert tone="info">{t('returns.withdrawal.closed')}</Alert>}
      {declare.isError && !refused && <Alert>{t('returns.withdrawal.failed')}</Alert>}
      {!closed && !refused && (
        <Button
          onClick={() => {
            declare.mutate();
          }}
          loading={declare.isPending}
          disabled={!options.data}
        >
          {t('returns.withdrawal.submit')}
        </Button>
      )}
      <p>
        <Link href={paths.salesOrder(orderNumber)}>{t('returns.breadcrumb.order')}</Link>
      </p>
    </div>
  );
}
