import { isApiError } from '@/shared/api/api-error';
import { useI18n } from '@/shared/i18n/i18n-context';
import { Alert } from '@/shared/ui/alert';
import { retryWait } from '../model/retry-wait';

/** The lookup failed: too many attempts (429), no such order for these details, or a service failure. */
export function ServiceFailure({ error }: { error: unknown }) {
  const { t } = useI18n();
  if (isApiError(error) && error.status === 429) {
    return (
      <Alert>
        {error.retryAfter
          ? t('guestLookup.error.rateLimited', retryWait(error.retryAfter))
          : t('guestLookup.error.rateLimitedNoTime')}
      </Alert>
    );
  }
  const notFound = isApiError(error) && (error.status === 404 || error.status === 400);
  return <Alert>{notFound ? t('guestLookup.error.notFound') : t('common.errors.oops.body')}</Alert>;
}
