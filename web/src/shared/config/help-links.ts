import { useI18n } from '@/shared/i18n/i18n-context';
import { useCountryConfig } from './config-provider';
import { contactUrl, helpUrl } from './site';

export interface HelpLinks {
  /** The help centre's start page. */
  help: string;
  contact: string;
  returnsPolicy: string;
  changeOrCancelOrder: string;
  howToReturn: string;
  /** E.164, when the country has a help line. */
  phone: string | null;
  /** Korea's separate returns contact. */
  returnsPhone: string | null;
}

/**
 * Help links and phones of the shopper's country in their language, from the configuration: an article
 * without this language's variant reads the country's default language, a missing one the generic help
 * page. Without a configuration (it failed to load) every link is the deployment's generic help link.
 */
export function useHelpLinks(): HelpLinks {
  const config = useCountryConfig();
  const { locale } = useI18n();
  if (!config) {
    const help = helpUrl(locale.country, locale.language);
    return {
      help,
      contact: contactUrl(locale.country, locale.language),
      returnsPolicy: help,
      changeOrCancelOrder: help,
      howToReturn: help,
      phone: null,
      returnsPhone: null,
    };
  }
  const { help } = config;
  const defaultLanguage = config.locale.languages[0] ?? 'en';
  const article = (variants: Record<string, string>) =>
    variants[locale.language] ?? variants[defaultLanguage] ?? help.generic;
  return {
    help: help.generic,
    contact: help.contact ?? help.generic,
    returnsPolicy: help.returnsPolicy ?? help.generic,
    changeOrCancelOrder: article(help.changeOrCancelOrder),
    howToReturn: article(help.howToReturn),
    phone: help.phone ?? null,
    returnsPhone: help.returnsPhone ?? null,
  };
}
