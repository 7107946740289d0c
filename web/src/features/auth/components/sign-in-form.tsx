import { useState, type SyntheticEvent } from 'react';
import { isApiError } from '@/shared/api/api-error';
import { useI18n } from '@/shared/i18n/i18n-context';
import { Alert } from '@/shared/ui/alert';
import { Button } from '@/shared/ui/button';
import { useCreateSession } from '../api/create-token';
import { EmailField } from '@/shared/ui/email-field';
import { PasswordField } from '@/shared/ui/password-field';

export function SignInForm() {
  const { t } = useI18n();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [missing, setMissing] = useState(false);
  const token = useCreateSession();

  const onSubmit = (event: SyntheticEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!email.trim() || !password) {
      setMissing(true);
      return;
    }
    setMissing(false);
    token.mutate({ email: email.trim(), password });
  };

  const error = token.error;
  const errorText = missing
    ? t('auth.signIn.missingFields')
    : error
      ? isApiError(error) && error.code === 'invalid-credentials'
        ? t('auth.signIn.invalidCredentials')
        : t('auth.signIn.failed')
      : null;

  return (
    <form className="stack" onSubmit={onSubmit} noValidate>
      {errorText && <Alert>{errorText}</Alert>}
      <EmailField label={t('auth.signIn.email')} value={email} onValueChange={setEmail} />
      <PasswordField
        label={t('auth.signIn.password')}
        name="password"
        autoComplete="current-password"
        value={password}
        onValueChange={setPassword}
      />
      <Button type="submit" loading={token.isPending}>
        {token.isPending ? t('auth.signIn.submitting') : t('auth.signIn.submit')}
      </Button>
    </form>
  );
}
