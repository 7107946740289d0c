import { describe, expect, it } from 'vitest';
import { addressForDisplay, countryName, formatAddress, parseAddressLines } from './address';
import cases from './address-display-cases.json';

describe('addressForDisplay: shipping lines as the API sends them, per country', () => {
  // One case per row of address-display-cases.json: the lines sent, order country, page locale, lines shown.
  it.each(cases)('$name', ({ sent, country, locale, shown }) => {
    expect(addressForDisplay(sent, country, locale, { withName: true })).toEqual(shown);
  });

  it('never takes the addressee line for the postal line (a name of digits stays a name)', () => {
    expect(parseAddressLines(['10119', 'Torstraße 101', 'Berlin', 'DE'], 'DE', { withName: true })).toBeNull();
  });

  it('reads a store address without a name, the store country from the store', () => {
    expect(addressForDisplay(['650 5th Ave', '10019 New York, NY'], 'US', 'en-US', { withName: false })).toEqual([
      '650 5th Ave',
      'New York, NY 10019',
      'United States',
    ]);
  });
});

describe('formatAddress', () => {
  it('writes a Japanese address without a postal code without an empty 〒 line', () => {
    expect(
      formatAddress({ street: ['1-2-3 Jingumae'], city: '東京都渋谷区', postalCode: '', country: 'JP' }, 'ja-JP'),
    ).toEqual(['東京都渋谷区', '1-2-3 Jingumae', '日本']);
  });
});

describe('countryName', () => {
  it('names a country in the page language and leaves what is not a code alone', () => {
    expect(countryName('fr', 'de-DE')).toBe('Frankreich');
    expect(countryName('KR', 'ko-KR')).toBe('대한민국');
    expect(countryName('Freedonia', 'en-US')).toBe('Freedonia');
  });
});
