import { describe, expect, it } from 'vitest';
import { addressForDisplay, countryName, formatAddress, parseAddressLines } from './address';

describe('addressForDisplay: shipping lines as the API sends them, per country', () => {
  const cases: [string, string[], string, string, string[]][] = [
    [
      'US, one line "City, ST 12345"',
      ['Jane Carter', '1200 NW Everett St', '97209 Portland, OR', 'US'],
      'US',
      'en-US',
      ['Jane Carter', '1200 NW Everett St', 'Portland, OR 97209', 'United States'],
    ],
    [
      'CA keeps the postal code after the province',
      ['Léa Roy', '200 King St W', 'M5H 3T4 Toronto, ON', 'CA'],
      'CA',
      'fr-CA',
      ['Léa Roy', '200 King St W', 'Toronto, ON M5H 3T4', 'Canada'],
    ],
    [
      'AU "Sydney NSW 2000"',
      ['Ava Smith', '500 George St', '2000 Sydney NSW', 'AU'],
      'AU',
      'en-AU',
      ['Ava Smith', '500 George St', 'Sydney NSW 2000', 'Australia'],
    ],
    [
      'GB: post town, then the postcode on its own line',
      ['Oliver Smith', '22 Shoreditch High St', 'E1 6JJ London', 'GB'],
      'GB',
      'en-GB',
      ['Oliver Smith', '22 Shoreditch High St', 'London', 'E1 6JJ', 'United Kingdom'],
    ],
    [
      'FR: code postal before the city, country in French',
      ['Camille Martin', '14 rue de Rivoli', '75004 Paris', 'FR'],
      'FR',
      'fr-FR',
      ['Camille Martin', '14 rue de Rivoli', '75004 Paris', 'France'],
    ],
    [
      'DE: PLZ before the city, even when sent after it',
      ['Lena Müller', 'Torstraße 101', 'Berlin 10119', 'DE'],
      'DE',
      'de-DE',
      ['Lena Müller', 'Torstraße 101', '10119 Berlin', 'Deutschland'],
    ],
    [
      'NL: "1016 GV Amsterdam"',
      ['Daan de Vries', 'Prinsengracht 263', '1016 GV Amsterdam', 'NL'],
      'NL',
      'nl-NL',
      ['Daan de Vries', 'Prinsengracht 263', '1016 GV Amsterdam', 'Nederland'],
    ],
    [
      'JP: 〒 and the postal code first, the name last, country in Japanese',
      ['Yui Sato', '1-2-3 Jingumae, Shibuya-ku', '150-0001 Tokyo', 'JP'],
      'JP',
      'ja-JP',
      ['〒150-0001', 'Tokyo', '1-2-3 Jingumae, Shibuya-ku', 'Yui Sato', '日本'],
    ],
    [
      'a foreign address is named in the page language',
      ['Lena Müller', 'Torstraße 101', '10119 Berlin', 'DE'],
      'US',
      'ja-JP',
      ['Lena Müller', 'Torstraße 101', '10119 Berlin', 'ドイツ'],
    ],
    [
      'no country line: the order country is used',
      ['Jane Carter', '1200 NW Everett St', '97209 Portland, OR'],
      'US',
      'en-US',
      ['Jane Carter', '1200 NW Everett St', 'Portland, OR 97209', 'United States'],
    ],
    [
      'no postal code found: lines as sent, the code turned into a name',
      ['Jane Carter', 'General Delivery', 'US'],
      'US',
      'en-US',
      ['Jane Carter', 'General Delivery', 'United States'],
    ],
    [
      'a country not in the table: lines as sent',
      ['Ana Silva', 'Rua Augusta 1', '1100-053 Lisboa', 'PT'],
      'PT',
      'pt-PT',
      ['Ana Silva', 'Rua Augusta 1', '1100-053 Lisboa', 'Portugal'],
    ],
  ];
  it.each(cases)('%s', (_, lines, country, locale, expected) => {
    expect(addressForDisplay(lines, country, locale, { withName: true })).toEqual(expected);
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
