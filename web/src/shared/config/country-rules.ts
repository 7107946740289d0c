// The named import keeps the file's other keys (its `_comment`, the default country) out of the bundle.
import { countries } from '@data/countries/countries.json';
import { useI18n } from '@/shared/i18n/i18n-context';
import { useCountryConfig } from './config-provider';
import type { CountryConfig } from './country-config';

export type CallingCode = CountryConfig['callingCodes'][number];

/** The rules of a country that /config serves from the server's country table. */
export interface CountryRules {
  /** The calling codes offered beside a phone number: every country's, this one's first. */
  callingCodes: readonly CallingCode[];
  /** This country's calling code: the phone's default. */
  callingCode: string;
  guestLookup: CountryConfig['guestLookup'];
  /** The order page reloads after a successful cancel (the China region, 000 and 002). */
  reloadAfterCancel: boolean;
}

interface TableEntry {
  callingCode: string;
  guestLookup?: Partial<CountryConfig['guestLookup']>;
  reloadAfterCancel?: boolean;
}
const TABLE = countries as Record<string, TableEntry>;

/**
 * The rules of `country` read from the server's own file (`data/countries/countries.json`): what the
 * app uses until /config answers, when it cannot be loaded, and in component tests that load none (as
 * shared/format/dates.ts does for the date formats). /config, when it has answered, decides.
 */
export function tableRules(country: string): CountryRules {
  const key = country.toLowerCase();
  const own = TABLE[key] ?? TABLE.us;
  return {
    callingCodes: Object.entries(TABLE)
      .sort(([a], [b]) => Number(b === key) - Number(a === key))
      .map(([code, entry]) => ({ country: code.toUpperCase(), code: entry.callingCode })),
    callingCode: own?.callingCode ?? '1',
    guestLookup: { termsRequired: false, callingCodeFixed: false, ...own?.guestLookup },
    reloadAfterCancel: own?.reloadAfterCancel ?? false,
  };
}

/** The route country's rules: /config's answer, else the table file's. */
export function useCountryRules(): CountryRules {
  const config = useCountryConfig();
  const { locale } = useI18n();
  if (config)
    return {
      callingCodes: config.callingCodes,
      callingCode: config.locale.callingCode,
      guestLookup: config.guestLookup,
      reloadAfterCancel: config.reloadAfterCancel,
    };
  return tableRules(locale.country);
}
