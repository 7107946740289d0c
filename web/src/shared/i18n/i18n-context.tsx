import { createContext, useContext, useEffect, useLayoutEffect, useMemo, useState, type ReactNode } from 'react';
import { formatDate, type DateFormat } from '@/shared/format/dates';
import { formatMoney } from '@/shared/format/money';
import { formatMessage, type MessageValues } from './format-message';
import type { ShopperLocale } from './locale-table';
import { catalogLanguage, en, loadCatalog, loadedCatalog, type MessageKey, type Messages } from './messages';

export interface I18n {
  locale: ShopperLocale;
  /** Language of the messages shown (English when the shopper's language has no file). */
  messageLanguage: string;
  t: (key: MessageKey, values?: MessageValues) => string;
  money: (amount: number, currency: string) => string;
  date: (value: string, format: DateFormat) => string;
}

function createI18n(locale: ShopperLocale, messages: Messages, messageLanguage: string): I18n {
  // Plural rules follow the language the text is written in; numbers and dates follow the shopper.
  const pluralLocale = messageLanguage === locale.language ? locale.intlLocale : messageLanguage;
  return {
    locale,
    messageLanguage,
    t: (key, values = {}) => formatMessage(messages[key], values, pluralLocale),
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
  const language = catalogLanguage(locale.language);
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

  // Before paint, so assistive technology never reads new text under the old language.
  useLayoutEffect(() => {
    if (messages) document.documentElement.lang = language === locale.language ? locale.intlLocale : language;
  }, [language, locale, messages]);

  const value = useMemo(() => (messages ? createI18n(locale, messages, language) : null), [locale, messages, language]);
  if (!value) return fallback;
  return <I18nContext.Provider value={value}>{children}</I18nContext.Provider>;
}

const englishFallback = createI18n(
  { country: 'US', language: 'en', intlLocale: 'en', hour12: true },
  en,
  'en',
);

/** Outside a provider (a top-level error screen) the English catalogue answers. */
export const useI18n = (): I18n => useContext(I18nContext) ?? englishFallback;
