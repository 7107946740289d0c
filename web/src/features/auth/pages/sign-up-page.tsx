import { useState, type SyntheticEvent } from 'react';
import { Link, Redirect } from 'wouter';
import { isApiError } from '@/shared/api/api-error';
import { useSession } from '@/shared/auth/session';
import { useCountryConfig } from '@/shared/config/config-provider';
import { useI18n } from '@/shared/i18n/i18n-context';
import { paths } from '@/shared/routing/paths';
import { Alert } from '@/shared/ui/alert';
import { Button } from '@/shared/ui/button';
import { TextField } from '@/shared/ui/text-field';
import { useCreateAccount } from '../api/create-account';
import { useCreateSession } from '../api/create-token';
import { EmailField } from '@/shared/ui/email-field';
import { NEW_PASSWORD, PasswordField } from '@/shared/ui/password-field';

type Failure = 'missing' | 'taken' | 'tooMany' | 'failed' | null;

/**
 * "Create an account", where the retailer allows it (`signIn.allowSignUp` of /config). The server answers
 * 202 whether or not the e-mail was free, so the page signs in with what was typed: a new account opens the
 * orders at once; an e-mail that already had an account (with another password) is told to sign in or reset
 * the password, which says no more than the sign-in form does.
 */
export function SignUpPage() {
  const { t, locale } = useI18n();
  const session = useSession();
  const config = useCountryConfig();
  const [firstName, setFirstName] = useState('');
  const [lastName, setLastName] = useState('');
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [failure, setFailure] = useState<Failure>(null);
  const [invalidField, setInvalidField] = useState<string | null>(null);
  const account = useCreateAccount();
  const signIn = useCreateSession();

  if (session.member) return <Redirect to={paths.history()} replace />;
  // The configuration decides; while it loads nothing is offered, and where sign-up is off the page is not.
  if (config && !config.signIn.allowSignUp) return <Redirect to={paths.signIn()} replace />;

  const onSubmit = async (event: SyntheticEvent<HTMLFormElement>) => {
    event.preventDefault();
    setInvalidField(null);
    if (!email.trim() || !password) {
      setFailure('missing');
      return;
    }
    setFailure(null);
    const credentials = { email: email.trim(), password };
    try {
      await account.mutateAsync({ ...credentials, firstName, lastName, country: locale.country });
    } catch (error) {
      if (isApiError(error) && error.code === 'validation-failed') setInvalidField(error.field ?? null);
      else setFailure(isApiError(error) && error.code === 'rate-limited' ? 'tooMany' : 'failed');
      return;
    }
    try {
      // Success updates the session and the redirect above opens the orders.
      await signIn.mutateAsync(credentials);
    } catch (error) {
      setFailure(isApiError(error) && error.code === 'invalid-credentials' ? 'taken' : 'failed');
    }
  };

  const pending = account.isPending || signIn.isPending;
  return (
    <div className="narrow-page">
      <h1 tabIndex={-1}>{t('auth.signUp.heading')}</h1>
      <p className="muted">{t('auth.signUp.intro')}</p>
      <div className="card">
        <form
          className="stack"
          onSubmit={(event) => {
            void onSubmit(event);
          }}
          noValidate
        >
          {failure === 'missing' && <Alert>{t('auth.signUp.missingFields')}</Alert>}
          {failure === 'tooMany' && <Alert>{t('auth.forgot.tooMany')}</Alert>}
          {failure === 'failed' && <Alert>{t('auth.signUp.failed')}</Alert>}
          {failure === 'taken' && (
            <Alert>
              {t('auth.signUp.taken')} <Link href={paths.signIn()}>{t('auth.reset.signIn')}</Link>
              {' · '}
              <Link href={paths.forgotPassword()}>{t('auth.signIn.forgotLink')}</Link>
            </Alert>
          )}
          <TextField
            label={t('auth.signUp.firstName')}
            name="given-name"
            autoComplete="given-name"
            maxLength={100}
            error={invalidField === 'firstName' ? t('auth.signUp.nameLength') : null}
            value={firstName}
            onValueChange={setFirstName}
          />
          <TextField
            label={t('auth.signUp.lastName')}
            name="family-name"
            autoComplete="family-name"
            maxLength={100}
            error={invalidField === 'lastName' ? t('auth.signUp.nameLength') : null}
            value={lastName}
            onValueChange={setLastName}
          />
          <EmailField
            label={t('auth.signIn.email')}
            value={email}
            onValueChange={setEmail}
            error={invalidField === 'email' ? t('auth.forgot.invalidEmail') : null}
          />
          <PasswordField
            label={t('auth.signIn.password')}
            {...NEW_PASSWORD}
            // The rule once: as a hint, or as the error when the server refused the password by it.
            hint={invalidField === 'password' ? undefined : t('auth.reset.length')}
            error={invalidField === 'password' ? t('auth.reset.length') : null}
            value={password}
            onValueChange={setPassword}
          />
          <Button type="submit" loading={pending}>
            {pending ? t('auth.signUp.submitting') : t('auth.signUp.submit')}
          </Button>
        </form>
      </div>
      <p className="narrow-page__aside">
        {t('auth.signUp.haveAccount')} <Link href={paths.signIn()}>{t('auth.reset.signIn')}</Link>
      </p>
    </div>
  );
}
