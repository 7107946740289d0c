import { IntlMessageFormat } from 'intl-messageformat';
import { createContext, useContext, useEffect, useLayoutEffect, useMemo, useState, type ReactNode } from 'react';
import { formatDate, type DateFormat, type DateFormats } from '@/shared/format/dates';
import { formatMoney } from '@/shared/format/money';
import { isolate, printedArguments } from './bidi';
import { messageLanguage as catalogueFor, textDirection, type ShopperLocale } from './locale-table';
import {
  catalogLanguage,
  loadCatalog,
  loadedCatalog,
  type CompiledMessage,
  type MessageKey,
  type Messages,
} from './messages';

/** Argument values of an ICU message: text, numbers ({n, number}, plural) or dates ({d, date, long}). */
export type MessageValues = Readonly<Record<string, string | number | Date>>;

export interface I18n {
  locale: ShopperLocale;
  /** Catalogue the messages come from ("zh-Hant", "en-XA"; English when the language has none). */
  messageLanguage: string;
  /** Writing direction of the messages shown. */
  dir: 'ltr' | 'rtl';
  t: (key: MessageKey, values?: MessageValues) => string;
  /** Whether the catalogue has `key` (for keys built from data, e.g. an address layout's label ids). */
  has: (key: string) => key is MessageKey;
  money: (amount: number, currency: string) => string;
  date: (value: string, format: DateFormat) => string;
}

// The library resolves a message's locale by asking the engine which of the given ones it supports, which
// makes the engine list every locale it has: the largest single piece of a page's start on a phone-speed
// CPU (docs/performance.md). Our locales are well-formed (locale-table.ts) and the catalogues' messages come
// parsed, so the first one given is the message's locale; formatting falls back as the engine does anyway.
IntlMessageFormat.resolveLocale = (locales) => new Intl.Locale(Array.isArray(locales) ? (locales[0] ?? 'en') : locales);

export function createI18n(locale: ShopperLocale, messages: Messages, messageLanguage: string): I18n {
  // Plural rules follow the language the text is written in; numbers and dates follow the shopper.
  const textLocale = messageLanguage === 'en-XA' ? 'en' : messageLanguage;
  const formatLocale = textLocale.split('-')[0] === locale.language ? [locale.intlLocale, textLocale] : [textLocale];
  const formatters = new Map<MessageKey, IntlMessageFormat>();
  const dir = textDirection(textLocale);
  const printed = new Map<MessageKey, Set<string>>();
  // Right to left, every text argument a message prints goes in as its own direction island (bidi.ts).
  const isolated = (key: MessageKey, message: CompiledMessage, values: MessageValues | undefined) => {
    if (dir !== 'rtl' || !values || typeof message === 'string') return values;
    let names = printed.get(key);
    if (!names) printed.set(key, (names = printedArguments(message)));
    return Object.fromEntries(
      Object.entries(values).map(([name, value]) => [
        name,
        typeof value === 'string' && names.has(name) ? isolate(value) : value,
      ]),
    );
  };
  const t = (key: MessageKey, values?: MessageValues): string => {
    const message = messages[key] as CompiledMessage | undefined;
    if (typeof message === 'string') return message;
    if (message === undefined) {
      console.error(`i18n: "${key}" is missing from the ${messageLanguage} catalogue`);
      return key;
    }
    let formatter = formatters.get(key);
    if (!formatter) formatters.set(key, (formatter = new IntlMessageFormat(message, formatLocale)));
    try {
      return String(formatter.format(isolated(key, message, values)));
    } catch (error) {
      // A missing argument is a programming error: say so in the console, show the key, keep the page.
      console.error(`i18n: cannot format "${key}"`, error);
      return key;
    }
  };
  const has = (key: string): key is MessageKey => key in messages;
  return {
    locale,
    has,
    messageLanguage,
    dir,
    t,
    money: (amount, currency) => formatMoney(amount, currency, locale.intlLocale),
    date: (value, format) => formatDate(value, format, locale),
  };
}

const I18nContext = createContext<I18n | null>(null);

interface I18nProviderProps {
  locale: ShopperLocale;
  children: ReactNode;
  /** Shown while a lazily loaded message file arrives. */
  fallback: ReactNode;
}

export function I18nProvider({ locale, children, fallback }: I18nProviderProps) {
  const language = catalogLanguage(catalogueFor(locale));
  const [, setVersion] = useState(0);
  const messages = loadedCatalog(language);

  useEffect(() => {
    if (messages) return;
    let active = true;
    void loadCatalog(language).then(() => {
      if (active) setVersion((version) => version + 1);
    });
    return () => {
      active = false;
    };
  }, [language, messages]);

  const value = useMemo(() => (messages ? createI18n(locale, messages, language) : null), [locale, messages, language]);

  // Before paint, so assistive technology never reads new text under the old language or direction.
  useLayoutEffect(() => {
    if (!value) return;
    const root = document.documentElement;
    root.lang =
      language === 'en-XA' ? 'en-XA' : language.split('-')[0] === locale.language ? locale.intlLocale : language;
    root.dir = value.dir;
  }, [language, locale, value]);

  if (!value) return fallback;
  return <I18nContext.Provider value={value}>{children}</I18nContext.Provider>;
}

/** Outside a provider no catalogue is loaded yet: plain English texts when English is loaded, else nothing. */
const keysOnly: I18n = {
  locale: { country: 'US', language: 'en', intlLocale: 'en', hour12: true },
  messageLanguage: 'en',
  dir: 'ltr',
  // Only the loading spinner renders here, for the moment the shopper's catalogue is on its way.
  t: (key) => {
    const message = loadedCatalog('en')?.[key];
    return typeof message === 'string' ? message : '';
  },
  has: (key: string): key is MessageKey => key in (loadedCatalog('en') ?? {}),
  money: (amount, currency) => formatMoney(amount, currency, 'en'),
  date: (value, format) => formatDate(value, format, { intlLocale: 'en', hour12: true }),
};

export const useI18n = (): I18n => useContext(I18nContext) ?? keysOnly;

/**
 * The country's date formats and clock from /config (`locale.dateFormats`, `locale.hour12`: spec 000 §9's
 * format groups and 12-hour countries), which the server's country data decides: every date below is
 * written with them. Until the configuration arrives (or where it failed) the locale's own stay.
 */
export function CountryFormats({
  formats,
  hour12,
  children,
}: {
  formats: DateFormats | undefined;
  hour12: boolean | undefined;
  children: ReactNode;
}) {
  const parent = useI18n();
  const value = useMemo(() => {
    if (!formats && hour12 === undefined) return parent;
    const dateLocale = { ...parent.locale, hour12: hour12 ?? parent.locale.hour12, formats };
    return { ...parent, date: (text: string, format: DateFormat) => formatDate(text, format, dateLocale) };
  }, [parent, formats, hour12]);
  return <I18nContext.Provider value={value}>{children}</I18nContext.Provider>;
}
