import { QueryClientProvider, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { Suspense, useEffect, useMemo, useRef, useState } from 'react';
import { Router, useLocation, useSearch } from 'wouter';
import { createQueryClient } from '@/shared/api/query-client';
import { useBrowserSession } from '@/shared/auth/restore-session';
import { ConfigProvider } from '@/shared/config/config-provider';
import { countryConfigQuery } from '@/shared/config/country-config';
import type { Flags } from '@/shared/config/flags';
import { I18nProvider } from '@/shared/i18n/i18n-context';
import { warmUpFormats } from '@/shared/format/warm-up';
import { resolveLocale } from '@/shared/i18n/locale-table';
import { parseRoutePrefix } from '@/shared/routing/route-prefix';
import { PageFailure } from '@/shared/routing/chunk-failure';
import { ErrorBoundary } from '@/shared/ui/error-boundary';
import { Spinner } from '@/shared/ui/spinner';
import { Layout } from './layout';
import { AppRoutes, startPage } from './routes';

/** Splits the optional /:country/:locale prefix off the URL; the rest is routed under it as base. */
function BrowserSession() {
  useBrowserSession();
  return null;
}

function LocalizedApp({ flags, loadConfig }: { flags?: Partial<Flags>; loadConfig: boolean }) {
  const [location] = useLocation();
  const search = useSearch();
  const { country, language, base, rest } = parseRoutePrefix(location);
  // The pseudo-locale: /us/xa/orders, or ?pseudo=1 on any page (kept for the whole visit).
  const [pseudo] = useState(() => new URLSearchParams(window.location.search).get('pseudo') === '1');
  const locale = useMemo(() => resolveLocale(country, language, pseudo), [country, language, pseudo]);
  const client = useQueryClient();
  // Asked for at once, beside the language's catalogue, rather than after it has loaded.
  useEffect(() => {
    if (loadConfig) client.query(countryConfigQuery(locale.country)).catch(() => undefined);
  }, [client, loadConfig, locale.country]);
  // The page this visit opened on: its code and first data at once (routes.tsx, `startPage`). Later pages are
  // reached inside the app, whose code and catalogue are here by then.
  const started = useRef(false);
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    startPage(rest, search, client, locale);
    warmUpFormats(locale);
  }, [client, locale, rest, search]);
  return (
    <I18nProvider locale={locale} fallback={<Spinner fullPage />}>
      {/* The route country's flags and data (one request per country, cached for the visit). */}
      <ConfigProvider country={locale.country} load={loadConfig} overrides={flags}>
        <Router base={base}>
          <Layout>
            {/* Keyed by location: moving to another page clears a failure. */}
            <ErrorBoundary key={location} fallback={(error, reset) => <PageFailure error={error} onRetry={reset} />}>
              <Suspense fallback={<Spinner fullPage />}>
                <AppRoutes />
              </Suspense>
            </ErrorBoundary>
          </Layout>
        </Router>
      </ConfigProvider>
    </I18nProvider>
  );
}

interface AppProps {
  queryClient?: QueryClient;
  flags?: Partial<Flags>;
  /** Restore and renew the cookie session with the server (off in component tests that mock every call). */
  browserSession?: boolean;
  /** Load the country's configuration from the server (off in component tests that set `flags` themselves). */
  loadConfig?: boolean;
}

export function App({ queryClient, flags, browserSession = true, loadConfig = true }: AppProps) {
  const [client] = useState(() => queryClient ?? createQueryClient());
  return (
    <QueryClientProvider client={client}>
      {browserSession && <BrowserSession />}
      <LocalizedApp flags={flags} loadConfig={loadConfig} />
    </QueryClientProvider>
  );
}
