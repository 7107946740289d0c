// Build-time ICU compilation (what `formatjs compile --ast` does), as a Vite plugin so dev, build and
// Vitest all read the same compiled catalogues: every `src/locales/<lang>/<area>.json` is parsed with
// FormatJS's parser and handed on as JSON whose values are either a plain string (a message without
// arguments, apostrophes already resolved) or the message's AST for intl-messageformat. The parser
// therefore never ships to the browser (see the `no-parser` alias in vite.config.ts).
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse, TYPE } from '@formatjs/icu-messageformat-parser';

const CATALOGUE = /[\\/]src[\\/]locales[\\/][^\\/]+[\\/][^\\/]+\.json$/;

/** A message's compiled form; throws with the key named when the ICU text does not parse. */
export function compileMessage(key, text) {
  let ast;
  try {
    ast = parse(text, { requiresOtherClause: true });
  } catch (error) {
    throw new Error(`ICU syntax error in "${key}": ${error.message}`, { cause: error });
  }
  if (ast.length === 0) return '';
  if (ast.every((element) => element.type === TYPE.literal)) return ast.map((element) => element.value).join('');
  return ast;
}

export function compileCatalogue(source, id = 'catalogue') {
  const messages = JSON.parse(source);
  const compiled = {};
  for (const [key, text] of Object.entries(messages)) {
    if (typeof text !== 'string') throw new Error(`${id}: "${key}" is not a string`);
    compiled[key] = compileMessage(key, text);
  }
  return compiled;
}

export function compileMessages() {
  return {
    name: 'orders:compile-icu-messages',
    enforce: 'pre',
    transform(code, id) {
      const file = id.split('?')[0];
      if (!CATALOGUE.test(file)) return null;
      return { code: JSON.stringify(compileCatalogue(code, file)), map: null };
    },
  };
}

/**
 * `virtual:first-paint-messages`: the few messages the first paint draws (`src/boot/first-paint.ts`, ADR 0032),
 * compiled as above, in every catalogue language: `messages: { [language]: { [key]: compiled } }`. All of them
 * ride in the first paint's own chunk (about 4 KB gzip): a chunk per language would cost the frame a round trip.
 */
export function firstPaintMessages(keys) {
  const ID = 'virtual:first-paint-messages';
  const RESOLVED = `\0${ID}`;
  const root = join(import.meta.dirname, '..', 'src', 'locales');
  return {
    name: 'orders:first-paint-messages',
    resolveId(id) {
      return id === ID ? RESOLVED : null;
    },
    load(id) {
      if (id !== RESOLVED) return null;
      const messages = {};
      for (const language of readdirSync(root, { withFileTypes: true }).filter((entry) => entry.isDirectory())) {
        const folder = join(root, language.name);
        const picked = {};
        for (const file of readdirSync(folder).filter((name) => name.endsWith('.json'))) {
          const path = join(folder, file);
          this.addWatchFile(path);
          for (const [key, text] of Object.entries(JSON.parse(readFileSync(path, 'utf8')))) {
            if (keys.includes(key)) picked[key] = compileMessage(key, text);
          }
        }
        messages[language.name] = picked;
      }
      return `export const messages = ${JSON.stringify(messages)};`;
    },
  };
}
