import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, it } from 'vitest';

/**
 * Walk polish 11: titles (dialogs, banners) are in sentence case like the rest of the app, not Title Case
 * ("Log In for Free Shipping"). Checked in the English source, where the walk saw it; the other Latin-script
 * catalogues were already in sentence case. In each run of text, words after the first that start with a
 * capital and go on in lower case are the sign; acronyms (UPS, PDF) are not.
 */
const english = join(process.cwd(), 'src/locales/en');

it('writes every English title in sentence case (walk polish 11)', () => {
  const titleCase: string[] = [];
  for (const file of readdirSync(english).filter((name) => name.endsWith('.json'))) {
    const messages = JSON.parse(readFileSync(join(english, file), 'utf8')) as Record<string, string>;
    for (const [key, message] of Object.entries(messages)) {
      if (!/(\.title|Title)$/.test(key)) continue;
      // Each run of text between braces (a select branch, the text around an argument) is checked alone.
      const runs = message.split(/[{}]/).map((run) => run.split(/\s+/).filter(Boolean));
      if (runs.some((words) => words.slice(1).some((word) => /^[A-Z][a-z]/.test(word))))
        titleCase.push(`${key}: ${message}`);
    }
  }
  expect(titleCase).toEqual([]);
});
