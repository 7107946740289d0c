/**
 * Market (country) and language are kept apart: the URL may name both (/ca/fr/orders), only the
 * country (/de/orders: the country's default language), or neither (US English).
 */
export interface ShopperLocale {
  /** ISO country, upper case: "US", "GB". */
  country: string;
  /** Language the shopper reads, lower case: "en", "fr", "ja", "de". */
  language: string;
  /** BCP 47 tag for Intl: language plus country ("fr-CA", "ja-JP", "zh-CN"). */
  intlLocale: string;
  /** Times use a 12-hour clock only in these markets (spec §9). */
  hour12: boolean;
}

export const DEFAULT_COUNTRY = 'US';

const DEFAULT_LANGUAGE: Record<string, string> = {
  us: 'en', gb: 'en', ie: 'en', au: 'en', nz: 'en', ca: 'en', in: 'en', sg: 'en', my: 'en', ph: 'en',
  za: 'en', ae: 'en', sa: 'en', eg: 'en', ma: 'fr', il: 'he', hk: 'zh', tw: 'zh', cn: 'zh', jp: 'ja', kr: 'ko',
  th: 'th', vn: 'vi', id: 'id', fr: 'fr', be: 'fr', lu: 'fr', ch: 'de', de: 'de', at: 'de', nl: 'nl',
  es: 'es', mx: 'es', ar: 'es', cl: 'es', co: 'es', pe: 'es', uy: 'es', pr: 'es', it: 'it', pt: 'pt',
  br: 'pt', se: 'sv', dk: 'da', no: 'nb', fi: 'fi', pl: 'pl', cz: 'cs', sk: 'sk', hu: 'hu', gr: 'el',
  tr: 'tr', ro: 'ro', si: 'sl', hr: 'hr', bg: 'bg', ru: 'ru', ua: 'uk',
};

const TWELVE_HOUR_COUNTRIES = new Set(['us', 'ca', 'au', 'mx', 'in']);

export function resolveLocale(country: string | null, language: string | null): ShopperLocale {
  const market = (country ?? DEFAULT_COUNTRY).toLowerCase();
  const lang = (language ?? DEFAULT_LANGUAGE[market] ?? 'en').toLowerCase();
  const candidate = `${lang}-${market.toUpperCase()}`;
  return {
    country: market.toUpperCase(),
    language: lang,
    intlLocale: isSupportedByIntl(candidate) ? candidate : lang,
    hour12: TWELVE_HOUR_COUNTRIES.has(market),
  };
}

function isSupportedByIntl(tag: string): boolean {
  try {
    return Intl.NumberFormat.supportedLocalesOf([tag]).length > 0;
  } catch {
    return false;
  }
}
