import { storeCurrency } from '@/shared/format/store-currency';
import { useI18n } from '@/shared/i18n/i18n-context';
import { useCountryConfig } from './config-provider';

/** The store's currency: the country's from the configuration, else the compiled-in table's. */
export function useStoreCurrency(): string {
  const config = useCountryConfig();
  const { locale } = useI18n();
  return config?.locale.currency ?? storeCurrency(locale.country);
}
