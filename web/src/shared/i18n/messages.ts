import { en } from '@/locales/en';

export { en };
/** Every message key, taken from the English source files (`locales/en/<area>.json`). */
export type MessageKey = keyof typeof en;
/** A complete catalogue: the coverage test rejects a language that misses or adds a key. */
export type Messages = Record<MessageKey, string>;

/** One lazily loaded chunk per language: `locales/<lang>/index.ts` bundles that language's area files. */
const languageModules = import.meta.glob<{ messages: Messages }>(['../../locales/*/index.ts', '!../../locales/en/index.ts']);

const loaders: Record<string, () => Promise<Messages>> = Object.fromEntries(
  Object.entries(languageModules).map(([path, load]) => [
    path.split('/').at(-2) ?? path,
    () => load().then((module) => module.messages),
  ]),
);

/** Languages with message files; others read English while Intl still formats for their locale. */
export const catalogLanguage = (language: string): string => (language in loaders ? language : 'en');

const loaded = new Map<string, Messages>([['en', en]]);

export const loadedCatalog = (language: string): Messages | undefined => loaded.get(catalogLanguage(language));

export async function loadCatalog(language: string): Promise<Messages> {
  const key = catalogLanguage(language);
  const existing = loaded.get(key);
  if (existing) return existing;
  const load = loaders[key];
  // A key a language lacks (a string added after its translation) reads in English.
  const messages = load ? await load().then((found) => ({ ...en, ...found }), () => en) : en;
  loaded.set(key, messages);
  return messages;
}
