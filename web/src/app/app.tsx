import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { Suspense, useMemo, useState } from 'react';
import { Router, useLocation } from 'wouter';
import { createQueryClient } from '@/shared/api/query-client';
import { FlagsProvider, type Flags } from '@/shared/config/flags';
import { I18nProvider } from '@/shared/i18n/i18n-context';
import { resolveLocale } from '@/shared/i18n/locale-table';
import { parseRoutePrefix } from '@/shared/routing/route-prefix';
import { Spinner } from '@/shared/ui/spinner';
import { Layout } from './layout';
import { AppRoutes } from './routes';

/** Splits the optional /:country/:locale prefix off the URL; the rest is routed under it as base. */
function LocalizedApp() {
  const [location] = useLocation();
  const { country, language, base } = parseRoutePrefix(location);
  // The pseudo-locale: /us/xa/orders, or ?pseudo=1 on any page (kept for the whole visit).
  const [pseudo] = useState(() => new URLSearchParams(window.location.search).get('pseudo') === '1');
  const locale = useMemo(() => resolveLocale(country, language, pseudo), [country, language, pseudo]);
  return (
    <I18nProvider locale={locale} fallback={<Spinner fullPage />}>
      <Router base={base}>
        <Layout>
          <Suspense fallback={<Spinner fullPage />}>
            <AppRoutes />
          </Suspense>
        </Layout>
      </Router>
    </I18nProvider>
  );
}

interface AppProps {
  queryClient?: QueryClient;
  flags?: Partial<Flags>;
}

export function App({ queryClient, flags }: AppProps) {
  const [client] = useState(() => queryClient ?? createQueryClient());
  return (
    <QueryClientProvider client={client}>
      <FlagsProvider flags={flags}>
        <LocalizedApp />
      </FlagsProvider>
    </QueryClientProvider>
  );
}
