import { describe, expect, it } from 'vitest';
import { fr } from '@/locales/fr';
import { ja } from '@/locales/ja';
import { en, type MessageKey } from './messages';

const placeholders = (text: string) =>
  [...text.matchAll(/\{(\w+)(?:,\s*plural)?/g)].map((match) => match[1]).sort();

describe.each([
  ['fr', fr],
  ['ja', ja],
])('the %s catalogue', (_, catalogue) => {
  it('has every English key, each translated and non-empty', () => {
    expect(Object.keys(catalogue).sort()).toEqual(Object.keys(en).sort());
    for (const text of Object.values(catalogue)) expect(text.trim()).not.toBe('');
  });

  it('keeps the placeholders of the English text', () => {
    for (const key of Object.keys(en) as MessageKey[]) {
      expect([key, placeholders(catalogue[key])]).toEqual([key, placeholders(en[key])]);
    }
  });
});
