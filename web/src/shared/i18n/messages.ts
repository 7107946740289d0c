import { en } from '@/locales/en';

export { en };
/** Every message key, taken from the English source file. */
export type MessageKey = keyof typeof en;
/** A complete catalogue: the compiler rejects a translation that misses a key. */
export type Messages = Record<MessageKey, string>;

/** Languages with a message file; others read English while Intl still formats for their locale. */
const loaders: Record<string, () => Promise<Messages>> = {
  fr: () => import('@/locales/fr').then((module) => module.fr),
  ja: () => import('@/locales/ja').then((module) => module.ja),
};

export const catalogLanguage = (language: string): string => (language in loaders ? language : 'en');

const loaded = new Map<string, Messages>([['en', en]]);

export const loadedCatalog = (language: string): Messages | undefined => loaded.get(catalogLanguage(language));

export async function loadCatalog(language: string): Promise<Messages> {
  const key = catalogLanguage(language);
  const existing = loaded.get(key);
  if (existing) return existing;
  const load = loaders[key];
  const messages = load ? await load().catch(() => en) : en;
  loaded.set(key, messages);
  return messages;
}
