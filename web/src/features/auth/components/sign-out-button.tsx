import { useQueryClient } from '@tanstack/react-query';
import { useLocation } from 'wouter';
import { endBrowserSession } from '@/shared/auth/restore-session';
import { forgetVisitor, useSession } from '@/shared/auth/session';
import { useCountryConfig } from '@/shared/config/config-provider';
import { useI18n } from '@/shared/i18n/i18n-context';
import { paths } from '@/shared/routing/paths';
import { goToServerPage } from '@/shared/routing/server-page';
import { Button } from '@/shared/ui/button';

/** Shown in the header while a member is signed in; for a guest, the way to end their order lookup. */
export function SignOutButton() {
  const { t } = useI18n();
  const session = useSession();
  const queryClient = useQueryClient();
  const [, navigate] = useLocation();
  const config = useCountryConfig();
  // Signed in through the retailer's provider: sign out there too (the server's logout route).
  const signIn = config?.signIn ?? null;
  const logoutUrl = signIn?.method === 'oidc' ? signIn.logoutUrl : undefined;
  if (!session.member) {
    if (!session.visitor) return null;
    // A guest who looked an order up ends the lookup here (walk minor 20): on a shared computer the next
    // person must not find the order still open.
    const endLookup = () => {
      queryClient.removeQueries({ queryKey: ['orders'] });
      forgetVisitor();
      navigate(paths.guestLookup());
    };
    return (
      <Button variant="secondary" className="header__sign-out" onClick={endLookup}>
        {t('auth.endLookup')}
      </Button>
    );
  }
  const onClick = () => {
    queryClient.removeQueries({ queryKey: ['orders'] });
    if (logoutUrl) {
      void endBrowserSession().finally(() => {
        goToServerPage(logoutUrl);
      });
      return;
    }
    void endBrowserSession();
    navigate(paths.signIn());
  };
  return (
    <Button variant="secondary" className="header__sign-out" onClick={onClick}>
      {t('auth.signOut')}
    </Button>
  );
}
