import { Link, Redirect, useSearch } from 'wouter';
import { useSession } from '@/shared/auth/session';
import { useCountryConfig } from '@/shared/config/config-provider';
import { useI18n } from '@/shared/i18n/i18n-context';
import { isSafeOrdersPath } from '@/shared/routing/route-prefix';
import { paths } from '@/shared/routing/paths';
import { Alert } from '@/shared/ui/alert';
import { ProviderSignIn } from '../components/provider-sign-in';
import { SignInForm } from '../components/sign-in-form';

/** guestLookupSummary: where visitors without a token land. */
export function SignInPage() {
  const { t } = useI18n();
  const session = useSession();
  const config = useCountryConfig();
  // The retailer's OpenID provider signs members in when the server says so; else the password form.
  // (`?.` on signIn too: an answer cached from before the field existed has none.)
  const signIn = config?.signIn ?? null;
  const provider = signIn?.method === 'oidc' ? signIn.loginUrl : undefined;
  const redirectPath = new URLSearchParams(useSearch()).get('redirectPath');
  // The redirect path is absolute (it keeps its own country/locale prefix); "~" tells the router so.
  const target = isSafeOrdersPath(redirectPath) ? `~${redirectPath}` : paths.history();

  if (session.member) return <Redirect to={target} replace />;

  return (
    <div className="narrow-page">
      <h1 tabIndex={-1}>{t('auth.signIn.heading')}</h1>
      {session.ended && <Alert tone="info">{t('auth.sessionEnded')}</Alert>}
      <p className="muted">{t('auth.signIn.intro')}</p>
      <div className="card">
        {provider ? (
          <ProviderSignIn
            loginUrl={provider}
            providerName={config?.brand.name ?? t('app.brand')}
            returnTo={redirectPath}
          />
        ) : (
          // Signing in updates the session, and the redirect above takes the shopper on.
          <SignInForm />
        )}
      </div>
      {/* The provider owns its members' passwords and accounts: reset and sign-up are the portal's only. */}
      {!provider && (
        <p className="narrow-page__aside">
          <Link href={paths.forgotPassword()}>{t('auth.signIn.forgotLink')}</Link>
        </p>
      )}
      {!provider && signIn?.allowSignUp && (
        <p className="narrow-page__aside">
          {t('auth.signIn.noAccount')} <Link href={paths.signUp()}>{t('auth.signIn.signUpLink')}</Link>
        </p>
      )}
      <p className="narrow-page__aside">
        <Link href={paths.guestLookup()}>{t('auth.signIn.guestLink')}</Link>
      </p>
    </div>
  );
}
