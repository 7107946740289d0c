import { useState, type SyntheticEvent } from 'react';
import { Link } from 'wouter';
import { isApiError } from '@/shared/api/api-error';
import { useI18n } from '@/shared/i18n/i18n-context';
import { paths } from '@/shared/routing/paths';
import { Alert } from '@/shared/ui/alert';
import { Button } from '@/shared/ui/button';
import { EmailField } from '@/shared/ui/email-field';
import { useRequestPasswordReset } from '../api/password-reset';

/** "Forgot password?": asks for a reset link. The answer is the same whether an account has the e-mail. */
export function ForgotPasswordPage() {
  const { t, locale } = useI18n();
  const [email, setEmail] = useState('');
  const [missing, setMissing] = useState(false);
  const request = useRequestPasswordReset();

  const onSubmit = (event: SyntheticEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!email.trim()) {
      setMissing(true);
      return;
    }
    setMissing(false);
    request.mutate({ email: email.trim(), language: locale.language });
  };

  const error = request.error;
  const errorText = missing
    ? t('auth.forgot.missingEmail')
    : error
      ? isApiError(error) && error.code === 'rate-limited'
        ? t('auth.forgot.tooMany')
        : isApiError(error) && error.status === 400
          ? t('auth.forgot.invalidEmail')
          : t('auth.forgot.failed')
      : null;

  return (
    <div className="narrow-page">
      <h1 tabIndex={-1}>{t('auth.forgot.heading')}</h1>
      {request.isSuccess ? (
        <Alert tone="info">{t('auth.forgot.sent', { email: email.trim() })}</Alert>
      ) : (
        <>
          <p className="muted">{t('auth.forgot.intro')}</p>
          <div className="card">
            <form className="stack" onSubmit={onSubmit} noValidate>
              {errorText && <Alert>{errorText}</Alert>}
              <EmailField label={t('auth.signIn.email')} value={email} onValueChange={setEmail} />
              <Button type="submit" loading={request.isPending}>
                {request.isPending ? t('auth.forgot.submitting') : t('auth.forgot.submit')}
              </Button>
            </form>
          </div>
        </>
      )}
      <p className="narrow-page__aside">
        <Link href={paths.signIn()}>{t('auth.forgot.backToSignIn')}</Link>
      </p>
    </div>
  );
}
