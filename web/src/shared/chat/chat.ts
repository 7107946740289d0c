import { useSession } from '@/shared/auth/session';
import { useFlags } from '@/shared/config/flags';
import { useI18n } from '@/shared/i18n/i18n-context';

/**
 * Locales without chat (spec 000 §6 "the locale is in an excluded list"; the list itself is not shown).
 * The retailer's chat desk answers in the languages its agents speak; simplified Chinese is excluded
 * because shoppers in mainland China reach support through the chat app (as its payments do, 002), not the
 * site's chat.
 * Written once, here: a retailer changes this list, nothing else.
 */
export const CHAT_EXCLUDED_LOCALES: readonly string[] = ['zh-Hans'];

/** The account-type word that makes an account employee-style (000 §6: they get no chat). */
export const EMPLOYEE_ACCOUNT_WORD = 'employee';

export interface ChatFacts {
  /** The country's disableChat flag. */
  disableChat: boolean;
  /** The visitor has an access token (a member session). */
  signedIn: boolean;
  /** The page's BCP 47 locale (`en-US`, `zh-Hans-CN`, `de-DE`); a listed tag excludes its longer tags. */
  locale: string;
  /** The member's account type, when one is known. */
  accountType: string | null;
}

const isExcluded = (locale: string) =>
  CHAT_EXCLUDED_LOCALES.some((excluded) => {
    const tag = locale.toLowerCase();
    const other = excluded.toLowerCase();
    return tag === other || tag.startsWith(`${other}-`);
  });

/** The word on its own, between non-letters (`EMPLOYEE`, `retail_employee_purchase`, not `employees`). */
const isEmployee = (accountType: string | null) =>
  accountType !== null &&
  accountType
    .toLowerCase()
    .split(/[^a-z]+/)
    .includes(EMPLOYEE_ACCOUNT_WORD);

/**
 * Spec 000 §6, the whole rule, decided here only: chat is shown unless disableChat is on with no token,
 * the locale is in the excluded list, or the account is employee-style.
 */
export function chatShown({ disableChat, signedIn, locale, accountType }: ChatFacts): boolean {
  if (disableChat && !signedIn) return false;
  if (isExcluded(locale)) return false;
  return !isEmployee(accountType);
}

/** chatShown for this page: the country's flag, the session and the page's locale. */
export function useChatShown(): boolean {
  const { disableChat } = useFlags();
  const session = useSession();
  const { locale } = useI18n();
  return chatShown({
    disableChat,
    signedIn: Boolean(session.member),
    locale: locale.intlLocale,
    // The session does not carry an account type yet (the server's session answer has none), so no
    // account is employee-style today; the rule is ready for the field.
    accountType: null,
  });
}
