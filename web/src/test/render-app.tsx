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
}

/** Renders the whole app at a URL, as a shopper would open it. */
export function renderApp(url: string, { flags, member = false, visitor, loadConfig = false }: RenderAppOptions = {}) {
  if (member) signIn({ accessToken: 'token-123', upmId: 'member-1', expiresIn: 3600 });
  if (visitor) rememberVisitor(visitor);
  const memory = memoryLocation({ path: url, record: true });
  const queryClient = createQueryClient({ retries: false });
  const user = userEvent.setup();
  const view = render(
    <Router hook={memory.hook} searchHook={memory.searchHook}>
      <App queryClient={queryClient} flags={flags} browserSession={false} loadConfig={loadConfig} />
    </Router>,
  );
  /** The URL the app is showing now (path and query). */
  const currentUrl = () => memory.history.at(-1) ?? url;
  return { ...view, user, queryClient, currentUrl, navigate: memory.navigate };
}
