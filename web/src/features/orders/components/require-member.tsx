import type { ReactNode } from 'react';
import { Redirect, useLocation, useRouter, useSearch } from 'wouter';
import { useSession } from '@/shared/auth/session';
import { paths } from '@/shared/routing/paths';
import { Spinner } from '@/shared/ui/spinner';

/** History pages are for members: without a token the visitor goes to sign in, and comes back after. */
export function RequireMember({ children }: { children: ReactNode }) {
  const session = useSession();
  const [location] = useLocation();
  const search = useSearch();
  const { base } = useRouter();
  if (session.member) return children;
  // A new tab asks the server for the shared session first.
  if (session.restoring) return <Spinner fullPage />;
  const here = `${base}${location}${search ? `?${search}` : ''}`;
  return <Redirect to={paths.signIn(here)} replace />;
}
