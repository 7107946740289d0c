import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

/** Reads the raw files, so the test sees exactly what translators edit. */
const root = join(process.cwd(), 'src/locales');
const languages = readdirSync(root, { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name)
  .sort();
const areaFiles = (language: string) =>
  readdirSync(`${root}/${language}`)
    .filter((name) => name.endsWith('.json'))
    .sort();
const read = (language: string, file: string): Record<string, string> =>
  JSON.parse(readFileSync(`${root}/${language}/${file}`, 'utf8')) as Record<string, string>;

const placeholders = (text: string) =>
  [...new Set([...text.matchAll(/\{\s*(\w+)\s*[,}]/g)].map((match) => match[1]))].sort();

describe('the English source files', () => {
  it.each(areaFiles('en'))('%s names every key after its area (area.part.phrase)', (file) => {
    const area = file.replace(/\.json$/, '');
    for (const key of Object.keys(read('en', file))) expect(key).toMatch(new RegExp(`^${area}\\.[A-Za-z0-9]+(\\.[A-Za-z0-9]+)*$`));
  });
});

describe.each(languages.filter((language) => language !== 'en'))('the %s catalogue', (language) => {
  it('has the same area files as English', () => {
    expect(areaFiles(language)).toEqual(areaFiles('en'));
  });

  it.each(areaFiles('en'))('%s has every English key and no other, each translated and non-empty', (file) => {
    const english = read('en', file);
    const translated = read(language, file);
    expect(Object.keys(translated).sort()).toEqual(Object.keys(english).sort());
    for (const text of Object.values(translated)) expect(text.trim()).not.toBe('');
  });

  it.each(areaFiles('en'))('%s keeps the arguments of the English text', (file) => {
    const english = read('en', file);
    const translated = read(language, file);
    for (const key of Object.keys(english)) {
      expect([key, placeholders(translated[key] ?? '')]).toEqual([key, placeholders(english[key] ?? '')]);
    }
  });
});
