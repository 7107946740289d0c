import { describe, expect, it } from 'vitest';
import { countryChoices } from './country-choices';

const choices = (current: string, locale: string) =>
  countryChoices(current, locale, new Intl.DisplayNames([locale], { type: 'region' }));

describe('Country/Region choices', () => {
  it('offers every market, not only the countries with a layout of their own', () => {
    const us = choices('US', 'en-US');
    for (const code of ['FR', 'NL', 'ES', 'IT', 'DE', 'GB', 'US', 'KR']) expect(us).toContain(code);
  });

  it('sorts by the name the shopper reads, not by code', () => {
    const us = choices('US', 'en-US');
    expect(us.indexOf('GB')).toBeGreaterThan(us.indexOf('ID')); // United Kingdom after Indonesia
    const de = choices('DE', 'de-DE');
    expect(de.indexOf('EG')).toBeLessThan(de.indexOf('DE')); // Ägypten before Deutschland
  });

  it('keeps the current country even when no list names it, once', () => {
    const list = choices('IS', 'en-US');
    expect(list.filter((code) => code === 'IS')).toHaveLength(1);
  });
});
