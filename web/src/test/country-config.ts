import type { CountryConfig } from '@/shared/config/country-config';
import { tableRules } from '@/shared/config/country-rules';
import { defaultFlags } from '@/shared/config/flags';
import { json, type MockRoute } from './mock-fetch';

/** The help site of the test configuration. */
export const HELP_SITE = 'https://help.example.com';
const SITE = HELP_SITE;
export const PRODUCT_COLORS = { primary: '#111111', onPrimary: '#ffffff', accent: '#111111', background: '#f5f5f5' };

/** GET /config/v1/{country} as a test sends it. */
export function countryConfig(country: string, flags: Record<string, boolean> = {}): CountryConfig {
  // The rules /config serves from the server's country table (calling codes, China's guest lookup).
  const rules = tableRules(country);
  return {
    country,
    flags: { ...defaultFlags, ...flags },
    eu: false,
    locale: {
      name: 'Test',
      languages: ['en', 'fr'],
      langCode: `en-${country.toUpperCase()}`,
      wave: 1,
      formatGroup: 1,
      currency: 'USD',
      timeZone: 'America/New_York',
      hour12: true,
      callingCode: rules.callingCode,
      taxInclusive: false,
      dateFormats: {},
    },
    help: {
      generic: `${SITE}/help`,
      contact: `${SITE}/${country}/help/a/contact-us`,
      changeOrCancelOrder: {
        en: `${SITE}/${country}/help/a/change-cancel-order`,
        fr: `${SITE}/${country}/fr/help/a/change-cancel-order`,
      },
      howToReturn: { en: `${SITE}/${country}/help/a/returns-policy` },
      returnsPolicy: `${SITE}/${country}/help/a/returns-policy`,
      phone: '+18005550100',
    },
    brand: { colors: PRODUCT_COLORS },
    analytics: { enabled: true, dataLayer: 'dataLayer' },
    signIn: { method: 'password', allowSignUp: false },
    guestLookup: rules.guestLookup,
    reloadAfterCancel: rules.reloadAfterCancel,
    callingCodes: [...rules.callingCodes],
  };
}

export const configRoute = (config: CountryConfig, status = 200): MockRoute => ({
  path: `/config/v1/${config.country}`,
  respond: () => json(config, status),
});
