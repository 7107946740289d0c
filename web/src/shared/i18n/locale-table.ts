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
  /** The pseudo-locale (/us/xa/orders or ?pseudo=1): English catalogue, accented and lengthened. */
  pseudo?: boolean;
}

export const DEFAULT_COUNTRY = 'US';

const DEFAULT_LANGUAGE: Record<string, string> = {
  us: 'en',
  gb: 'en',
  ie: 'en',
  au: 'en',
  nz: 'en',
  ca: 'en',
  in: 'en',
  sg: 'en',
  my: 'en',
  ph: 'en',
  za: 'en',
  ae: 'ar',
  sa: 'ar',
  eg: 'ar',
  kw: 'ar',
  qa: 'ar',
  bh: 'ar',
  om: 'ar',
  jo: 'ar',
  ma: 'fr',
  il: 'he',
  hk: 'zh',
  tw: 'zh',
  cn: 'zh',
  jp: 'ja',
  kr: 'ko',
  th: 'th',
  vn: 'vi',
  id: 'id',
  fr: 'fr',
  be: 'fr',
  lu: 'fr',
  ch: 'de',
  de: 'de',
  at: 'de',
  nl: 'nl',
  es: 'es',
  mx: 'es',
  ar: 'es',
  cl: 'es',
  co: 'es',
  pe: 'es',
  uy: 'es',
  pr: 'es',
  it: 'it',
  pt: 'pt',
  br: 'pt',
  se: 'sv',
  dk: 'da',
  no: 'nb',
  fi: 'fi',
  pl: 'pl',
  cz: 'cs',
  sk: 'sk',
  hu: 'hu',
  gr: 'el',
  tr: 'tr',
  ro: 'ro',
  si: 'sl',
  hr: 'hr',
  bg: 'bg',
  ru: 'ru',
  ua: 'uk',
};

const TWELVE_HOUR_COUNTRIES = new Set(['us', 'ca', 'au', 'mx', 'in']);

/** The route's language segment that selects the pseudo-locale. */
/** Every market the app serves (ISO country codes, upper case). */
export const MARKETS: readonly string[] = Object.keys(DEFAULT_LANGUAGE).map((code) => code.toUpperCase());

export const PSEUDO_SEGMENT = 'xa';

/** Chinese is written in Traditional characters in these markets, Simplified elsewhere. */
const TRADITIONAL_CHINESE = new Set(['tw', 'hk', 'mo']);

/** Scripts written right to left, by language. */
const RIGHT_TO_LEFT = new Set(['ar', 'he', 'fa', 'ur']);

export function resolveLocale(country: string | null, language: string | null, pseudo = false): ShopperLocale {
  const market = (country ?? DEFAULT_COUNTRY).toLowerCase();
  const isPseudo = pseudo || language?.toLowerCase() === PSEUDO_SEGMENT;
  const lang = isPseudo ? 'en' : (language ?? DEFAULT_LANGUAGE[market] ?? 'en').toLowerCase();
  const script = lang === 'zh' ? (TRADITIONAL_CHINESE.has(market) ? '-Hant' : '-Hans') : '';
  const candidate = `${lang}${script}-${market.toUpperCase()}`;
  return {
    country: market.toUpperCase(),
    language: lang,
    intlLocale: isWellFormed(candidate) ? candidate : `${lang}${script}`,
    hour12: TWELVE_HOUR_COUNTRIES.has(market),
    ...(isPseudo ? { pseudo: true } : {}),
  };
}

/**
 * The catalogue a shopper reads: the folder under src/locales ("zh-Hant", "de"), or the pseudo-locale.
 * A language without a catalogue reads English (messages.ts falls back).
 */
export function messageLanguage(locale: Pick<ShopperLocale, 'language' | 'intlLocale' | 'pseudo'>): string {
  if (locale.pseudo) return 'en-XA';
  if (locale.language === 'zh') return locale.intlLocale.startsWith('zh-Hant') ? 'zh-Hant' : 'zh-Hans';
  return locale.language;
}

export const textDirection = (language: string): 'ltr' | 'rtl' =>
  RIGHT_TO_LEFT.has(language.split('-')[0] ?? language) ? 'rtl' : 'ltr';

/**
 * Whether `tag` is a well-formed language tag. Not whether the engine has data for it: asking that
 * (`supportedLocalesOf`) makes the engine list every locale it knows, about 250 ms on a phone-speed CPU
 * at the page's start, and changes nothing: a well-formed tag the engine lacks data for ("en-XQ") falls
 * back as its language alone would, in every Intl formatter.
 */
function isWellFormed(tag: string): boolean {
  try {
    return Intl.getCanonicalLocales(tag).length > 0;
  } catch {
    return false;
  }
}
