import { useEffect } from 'react';
import { isApiError } from '@/shared/api/api-error';
import { apiDelete, apiGet } from '@/shared/api/client';
import { getSession, listenToOtherTabs, setRestoring, signIn, signOut, startedFromPage } from './session';

/** How often an open tab renews its session while the shopper is around (the server renews past half-life). */
const REFRESH_EVERY_MS = 10 * 60 * 1000;

/** Asks the server for this browser's session (the cookie every tab shares) and keeps what it says. */
export async function restoreSession(): Promise<void> {
  if (!getSession().member) setRestoring(true);
  try {
    const session = await apiGet('/auth/v1/session', { auth: 'none' });
    signIn(session, Date.now(), true);
  } catch (error) {
    // 401: no session in this browser. Anything else: keep what this tab knew, and try again later.
    if (isApiError(error) && error.status === 401 && getSession().member && !getSession().member?.accessToken)
      signOut();
  } finally {
    setRestoring(false);
  }
}

/** Ends the browser session on the server too; every tab follows. */
export async function endBrowserSession(): Promise<void> {
  signOut();
  await apiDelete('/auth/v1/session', { auth: 'none' }).catch(() => undefined);
}

/** Restores the session on start, renews it while the tab is open, and follows other tabs. */
export function useBrowserSession() {
  useEffect(() => {
    // A page that came with the session needs no question at start (the timers below keep renewing it).
    if (!startedFromPage()) void restoreSession();
    const timer = setInterval(() => {
      if (document.visibilityState === 'visible' && getSession().member) void restoreSession();
    }, REFRESH_EVERY_MS);
    const onVisible = () => {
      if (document.visibilityState === 'visible') void restoreSession();
    };
    document.addEventListener('visibilitychange', onVisible);
    const stopListening = listenToOtherTabs((message) => {
      if (message === 'signed-in') void restoreSession();
      else if (getSession().member) signOut();
    });
    return () => {
      clearInterval(timer);
      document.removeEventListener('visibilitychange', onVisible);
      stopListening();
    };
  }, []);
}
