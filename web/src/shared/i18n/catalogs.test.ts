import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse, TYPE, type MessageFormatElement } from '@formatjs/icu-messageformat-parser';
import { describe, expect, it } from 'vitest';

/** Reads the raw files, so the test sees exactly what translators edit. */
const root = join(process.cwd(), 'src/locales');
const languages = readdirSync(root, { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name)
  .sort();
const areaFiles = (language: string) =>
  readdirSync(join(root, language))
    .filter((name) => name.endsWith('.json'))
    .sort();
const read = (language: string, file: string): Record<string, string> =>
  JSON.parse(readFileSync(join(root, language, file), 'utf8')) as Record<string, string>;

/** Argument names with their kind ("count:plural", "date"), from every branch of the message. */
function argumentsOf(elements: MessageFormatElement[], found = new Set<string>()): Set<string> {
  for (const element of elements) {
    if (element.type === TYPE.literal || element.type === TYPE.pound) continue;
    if (element.type === TYPE.tag) {
      argumentsOf(element.children, found);
      continue;
    }
    const kinds: Partial<Record<TYPE, string>> = {
      [TYPE.plural]: 'plural',
      [TYPE.select]: 'select',
      [TYPE.number]: 'number',
      [TYPE.date]: 'date',
      [TYPE.time]: 'time',
    };
    const kind = kinds[element.type];
    found.add(kind ? `${element.value}:${kind}` : element.value);
    if (element.type === TYPE.plural || element.type === TYPE.select) {
      for (const option of Object.values(element.options)) argumentsOf(option.value, found);
    }
  }
  return found;
}

/** Plural branches a message uses, other than exact =N ones. */
function pluralCategories(elements: MessageFormatElement[], found = new Set<string>()): Set<string> {
  for (const element of elements) {
    if (element.type !== TYPE.plural && element.type !== TYPE.select) continue;
    for (const [name, option] of Object.entries(element.options)) {
      if (element.type === TYPE.plural && !name.startsWith('=')) found.add(name);
      pluralCategories(option.value, found);
    }
  }
  return found;
}

const compile = (key: string, text: string) => {
  try {
    return parse(text, { requiresOtherClause: true });
  } catch (error) {
    throw new Error(`${key}: ${(error as Error).message}`, { cause: error });
  }
};

const EXPECTED_LANGUAGES = [
  'ar',
  'de',
  'en',
  'es',
  'fr',
  'it',
  'ja',
  'ko',
  'nl',
  'pl',
  'pt',
  'sv',
  'zh-Hans',
  'zh-Hant',
];

it('has the fourteen UI languages', () => {
  expect(languages).toEqual(EXPECTED_LANGUAGES);
});

describe('the English source files', () => {
  it.each(areaFiles('en'))('%s names every key after its area (area.part.phrase)', (file) => {
    const area = file.replace(/\.json$/, '');
    for (const key of Object.keys(read('en', file)))
      expect(key).toMatch(new RegExp(`^${area}(\\.[A-Za-z0-9]+){2,}$|^${area}\\.[A-Za-z0-9]+$`));
  });

  it.each(areaFiles('en'))('%s holds valid ICU messages', (file) => {
    for (const [key, text] of Object.entries(read('en', file))) expect(() => compile(key, text)).not.toThrow();
  });
});

describe.each(languages.filter((language) => language !== 'en'))('the %s catalogue', (language) => {
  const categories = new Set(new Intl.PluralRules(language).resolvedOptions().pluralCategories);

  it('has the same area files as English', () => {
    expect(areaFiles(language)).toEqual(areaFiles('en'));
  });

  it.each(areaFiles('en'))('%s has every English key and no other, each translated and non-empty', (file) => {
    const english = read('en', file);
    const translated = read(language, file);
    expect(Object.keys(translated).sort()).toEqual(Object.keys(english).sort());
    for (const text of Object.values(translated)) expect(text.trim()).not.toBe('');
  });

  it.each(areaFiles('en'))('%s parses as ICU and keeps every argument of the English text', (file) => {
    const english = read('en', file);
    const translated = read(language, file);
    for (const [key, text] of Object.entries(english)) {
      const expected = [...argumentsOf(compile(key, text))].sort();
      const actual = [...argumentsOf(compile(`${language} ${key}`, translated[key] ?? ''))].sort();
      expect([key, actual]).toEqual([key, expected]);
    }
  });

  it.each(areaFiles('en'))("%s uses only the language's own plural categories", (file) => {
    for (const [key, text] of Object.entries(read(language, file))) {
      const unknown = [...pluralCategories(compile(key, text))].filter(
        (name) => !categories.has(name as Intl.LDMLPluralRule),
      );
      expect([key, unknown]).toEqual([key, []]);
    }
  });
});
