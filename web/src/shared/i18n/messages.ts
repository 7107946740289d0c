import type { MessageFormatElement } from '@formatjs/icu-messageformat-parser';
import type { en as english } from '@/locales/en';

/** Every message key, taken from the English source files (`locales/en/<area>.json`). */
export type MessageKey = keyof typeof english;
/**
 * A message as the build hands it over (scripts/compile-messages.mjs): plain text, or the ICU
 * message's AST when it has arguments. The JSON files themselves hold ICU text.
 */
export type CompiledMessage = string | MessageFormatElement[];
/** A catalogue: the coverage test rejects a language that misses or adds a key. */
export type Messages = Record<MessageKey, CompiledMessage>;

/** Catalogue languages: the folder names under `locales/`, plus the generated pseudo-locale. */
export const PSEUDO_LANGUAGE = 'en-XA';

/** One lazily loaded chunk per language: `locales/<lang>/index.ts` bundles that language's area files. */
const languageModules = import.meta.glob<{ messages: Messages }>('../../locales/*/index.ts');

const loaders: Record<string, () => Promise<Messages>> = Object.fromEntries(
  Object.entries(languageModules).map(([path, load]) => [
    path.split('/').at(-2) ?? path,
    () => load().then((module) => module.messages),
  ]),
);
loaders[PSEUDO_LANGUAGE] = async () => {
  const [{ pseudoLocalize }, english] = await Promise.all([import('./pseudo'), loadCatalog('en')]);
  return pseudoLocalize(english);
};

/** Languages with message files; others read English while Intl still formats for their locale. */
export const catalogLanguage = (language: string): string => (language in loaders ? language : 'en');
export const catalogLanguages = (): string[] => Object.keys(loaders).sort();

const loaded = new Map<string, Messages>();

export const loadedCatalog = (language: string): Messages | undefined => loaded.get(catalogLanguage(language));

export async function loadCatalog(language: string): Promise<Messages> {
  const key = catalogLanguage(language);
  const existing = loaded.get(key);
  if (existing) return existing;
  const load = loaders[key];
  if (!load) throw new Error(`no catalogue for ${key}`);
  // Only the shopper's language is downloaded: no English underneath. The coverage test keeps every
  // language complete; a key one still lacks shows as the key (and t() says so in the console).
  const messages = await load();
  loaded.set(key, messages);
  return messages;
}
