import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { App } from '@/app/app';
import { createQueryClient } from '@/shared/api/query-client';
import { rememberVisitor, signIn, type Visitor } from '@/shared/auth/session';
import type { Flags } from '@/shared/config/flags';

interface RenderAppOptions {
  flags?: Partial<Flags>;
  member?: boolean;
  visitor?: Visitor;
  /** Load /config/v1/{country} through the (mocked) fetch, as the real app does. */
  loadConfig?: boolean;
  /**
   * Route on jsdom's own location and history, as the real app does, instead of an in-memory location:
   * for tests of the browser's Back and Forward (`window.history.back()`, `forward()`).
   */
  browserHistory?: boolean;
}

/** Renders the whole app at a URL, as a shopper would open it. */
export function renderApp(
  url: string,
  { flags, member = false, visitor, loadConfig = false, browserHistory = false }: RenderAppOptions = {},
) {
  if (member) signIn({ accessToken: 'token-123', upmId: 'member-1', expiresIn: 3600 });
  if (visitor) rememberVisitor(visitor);
  const queryClient = createQueryClient({ retries: false });
  const user = userEvent.setup();
  const app = <App queryClient={queryClient} flags={flags} browserSession={false} loadConfig={loadConfig} />;
  if (browserHistory) {
    window.history.replaceState(null, '', url);
    const view = render(app);
    const currentUrl = () => `${window.location.pathname}${window.location.search}`;
    const navigate = (to: string) => {
      window.history.pushState(null, '', to);
    };
    return { ...view, user, queryClient, currentUrl, navigate };
  }
  const memory = memoryLocation({ path: url, record: true });
  const view = render(
    <Router hook={memory.hook} searchHook={memory.searchHook}>
      {app}
    </Router>,
  );
  /** The URL the app is showing now (path and query). */
  const currentUrl = () => memory.history.at(-1) ?? url;
  return { ...view, user, queryClient, currentUrl, navigate: memory.navigate };
}
