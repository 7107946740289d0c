import { useQuery } from '@tanstack/react-query';
import { createContext, useContext, useMemo, type ReactNode } from 'react';
import { Spinner } from '@/shared/ui/spinner';
import { configureAnalytics } from '@/shared/analytics/analytics';
import { CountryFormats } from '@/shared/i18n/i18n-context';
import { countryConfigQuery, type CountryConfig } from './country-config';
import { FlagsContext, flagsFrom, type Flags } from './flags';

const CountryConfigContext = createContext<CountryConfig | null>(null);

interface ConfigProviderProps {
  /** The route's country ("US", "gb"). */
  country: string;
  /** Fetch the configuration (off in component tests that set flags themselves). */
  load?: boolean;
  /** Flags set over whatever was loaded (tests). */
  overrides?: Partial<Flags>;
  children: ReactNode;
}

/**
 * Loads the route country's configuration once (cached for the visit) and provides its flags and data.
 * While it loads the page shows a spinner, so no feature appears and then vanishes; when it fails the app
 * runs on the default flags and the generic links (the server still refuses what is off), never blank.
 */
export function ConfigProvider({ country, load = true, overrides, children }: ConfigProviderProps) {
  // A failed load is not tried again on mount: the app runs on the defaults for the visit.
  const query = useQuery({ ...countryConfigQuery(country), enabled: load, retryOnMount: false });
  const config = query.data ?? null;
  const flags = useMemo(() => ({ ...flagsFrom(config?.flags), ...overrides }), [config, overrides]);
  // The deployment's analytics adapter (window.dataLayer unless /config says otherwise).
  configureAnalytics(config?.analytics);
  if (load && query.isPending) return <Spinner fullPage />;
  return (
    <CountryConfigContext.Provider value={config}>
      <FlagsContext.Provider value={flags}>
        <CountryFormats formats={config?.locale.dateFormats} hour12={config?.locale.hour12}>
          {children}
        </CountryFormats>
      </FlagsContext.Provider>
    </CountryConfigContext.Provider>
  );
}

/** The loaded configuration, or null when it could not be loaded (use the fallbacks). */
export const useCountryConfig = (): CountryConfig | null => useContext(CountryConfigContext);
