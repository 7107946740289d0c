import { describe, expect, it } from 'vitest';
import { addressForDisplay, countryName, fieldsForDisplay, formatAddress, parseAddressLines } from './address';
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

describe('fieldsForDisplay: a store address sent as fields', () => {
  const store = (country: string, city: string, postalCode: string, region: string | null = null) => ({
    street: ['1 Main Street', null, ''],
    city,
    region,
    postalCode,
    country,
  });

  it.each([
    ['US, the city carrying its state', store('US', 'New York, NY', '10019'), ['1 Main Street', 'New York, NY 10019']],
    ['US, the state as its own field', store('US', 'Portland', '97205', 'OR'), ['1 Main Street', 'Portland, OR 97205']],
    ['AU', store('AU', 'Sydney', '2000', 'NSW'), ['1 Main Street', 'Sydney NSW 2000']],
    ['GB, the postcode on its own line', store('GB', 'London', 'W1B 3AG'), ['1 Main Street', 'London', 'W1B 3AG']],
    ['DE, the postal code first', store('DE', 'Berlin', '10117'), ['1 Main Street', '10117 Berlin']],
    [
      'JP, prefecture before the city',
      store('JP', '渋谷区', '150-0001', '東京都'),
      ['〒150-0001', '東京都渋谷区', '1 Main Street'],
    ],
  ])('%s', (_, fields, shown) => {
    expect(fieldsForDisplay(fields, 'en-US', { withCountry: false })).toEqual(shown);
  });

  it('ends with the country name when asked', () => {
    expect(fieldsForDisplay(store('FR', 'Paris', '75004'), 'fr-FR', { withCountry: true })).toEqual([
      '1 Main Street',
      '75004 Paris',
      'France',
    ]);
  });
});

describe('countryName', () => {
  it('names a country in the page language and leaves what is not a code alone', () => {
    expect(countryName('fr', 'de-DE')).toBe('Frankreich');
    expect(countryName('KR', 'ko-KR')).toBe('대한민국');
    expect(countryName('Freedonia', 'en-US')).toBe('Freedonia');
  });
});
