import { useI18n } from '@/shared/i18n/i18n-context';
import { isSafeOrdersPath } from '@/shared/routing/route-prefix';

interface ProviderSignInProps {
  /** The server's login route (`signIn.loginUrl` of the configuration). */
  loginUrl: string;
  /** The retailer's name on the button. */
  providerName: string;
  /** The page to come back to after signing in (a path of this site). */
  returnTo: string | null;
}

/**
 * Signing in through the retailer's OpenID provider: a plain link to the server's login route, which
 * sends the browser to the provider and back (the server holds the session; no token reaches scripts).
 */
export function ProviderSignIn({ loginUrl, providerName, returnTo }: ProviderSignInProps) {
  const { t } = useI18n();
  const here = window.location.pathname.replace(/\/signin\/?$/, '');
  const target = isSafeOrdersPath(returnTo) ? returnTo : isSafeOrdersPath(here) ? here : '/orders';
  const href = `${loginUrl}?${new URLSearchParams({ returnTo: target }).toString()}`;
  return (
    <a className="button button--primary" href={href}>
      {t('auth.signIn.withProvider', { name: providerName })}
    </a>
  );
}
