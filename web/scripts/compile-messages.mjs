// Build-time ICU compilation (what `formatjs compile --ast` does), as a Vite plugin so dev, build and
// Vitest all read the same compiled catalogues: every `src/locales/<lang>/<area>.json` is parsed with
// FormatJS's parser and handed on as JSON whose values are either a plain string (a message without
// arguments, apostrophes already resolved) or the message's AST for intl-messageformat. The parser
// therefore never ships to the browser (see the `no-parser` alias in vite.config.ts).
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
