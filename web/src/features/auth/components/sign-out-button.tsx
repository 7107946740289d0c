import { useQueryClient } from '@tanstack/react-query';
import { useLocation } from 'wouter';
import { endBrowserSession } from '@/shared/auth/restore-session';
import { useSession } from '@/shared/auth/session';
import { useI18n } from '@/shared/i18n/i18n-context';
import { paths } from '@/shared/routing/paths';
import { Button } from '@/shared/ui/button';

/** Shown in the header while a member is signed in. */
export function SignOutButton() {
  const { t } = useI18n();
  const session = useSession();
  const queryClient = useQueryClient();
  const [, navigate] = useLocation();
  if (!session.member) return null;
  const onClick = () => {
    void endBrowserSession();
    queryClient.removeQueries({ queryKey: ['orders'] });
    navigate(paths.signIn());
  };
  return (
    <Button variant="secondary" className="header__sign-out" onClick={onClick}>
      {t('auth.signOut')}
    </Button>
  );
}
