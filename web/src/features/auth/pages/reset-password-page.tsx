import { useState, type SyntheticEvent } from 'react';
import { Link } from 'wouter';
import { isApiError } from '@/shared/api/api-error';
import { useI18n } from '@/shared/i18n/i18n-context';
import { paths } from '@/shared/routing/paths';
import { Alert } from '@/shared/ui/alert';
import { Button } from '@/shared/ui/button';
import { useResetPassword } from '../api/password-reset';
import { NEW_PASSWORD, PasswordField } from '@/shared/ui/password-field';

const MIN_PASSWORD = 8;
const MAX_PASSWORD = 128;

/** The link's token: in the fragment (`#token=...`), which the browser sends to no server. */
const tokenFromLocation = () => new URLSearchParams(window.location.hash.replace(/^#/, '')).get('token') ?? '';

/** The page a reset link opens: choose a new password. */
export function ResetPasswordPage() {
  const { t } = useI18n();
  const [token] = useState(tokenFromLocation);
  const [password, setPassword] = useState('');
  const [tooShort, setTooShort] = useState(false);
  const reset = useResetPassword();

  const onSubmit = (event: SyntheticEvent<HTMLFormElement>) => {
    event.preventDefault();
    // Code points, as the server counts them (Rust `chars()`).
    const length = Array.from(password).length;
    if (length < MIN_PASSWORD || length > MAX_PASSWORD) {
      setTooShort(true);
      return;
    }
    setTooShort(false);
    reset.mutate({ token, password });
  };

  const error = reset.error;
  const code = isApiError(error) ? error.code : null;
  const linkBroken = !token || code === 'password-reset-invalid' || code === 'password-reset-expired';

  if (reset.isSuccess) {
    return (
      <div className="narrow-page">
        <h1 tabIndex={-1}>{t('auth.reset.doneHeading')}</h1>
        <Alert tone="info">{t('auth.reset.done')}</Alert>
        <p className="narrow-page__aside">
          <Link href={paths.signIn()}>{t('auth.reset.signIn')}</Link>
        </p>
      </div>
    );
  }

  if (linkBroken) {
    return (
      <div className="narrow-page">
        <h1 tabIndex={-1}>{t('auth.reset.heading')}</h1>
        <Alert>{code === 'password-reset-expired' ? t('auth.reset.expired') : t('auth.reset.invalid')}</Alert>
        <p className="narrow-page__aside">
          <Link href={paths.forgotPassword()}>{t('auth.reset.newLink')}</Link>
        </p>
      </div>
    );
  }

  const fieldError = tooShort || code === 'validation-failed' ? t('auth.reset.length') : null;
  return (
    <div className="narrow-page">
      <h1 tabIndex={-1}>{t('auth.reset.heading')}</h1>
      <div className="card">
        <form className="stack" onSubmit={onSubmit} noValidate>
          {error && !fieldError && <Alert>{t('auth.reset.failed')}</Alert>}
          <PasswordField
            label={t('auth.reset.password')}
            {...NEW_PASSWORD}
            hint={t('auth.reset.length')}
            error={fieldError}
            value={password}
            onValueChange={setPassword}
          />
          <Button type="submit" loading={reset.isPending}>
            {reset.isPending ? t('auth.reset.submitting') : t('auth.reset.submit')}
          </Button>
        </form>
      </div>
    </div>
  );
}
