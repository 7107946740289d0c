import { describe, expect, it } from 'vitest';
import {
  addressForDisplay,
  countryName,
  deliveryAddressForDisplay,
  fieldsForDisplay,
  formatAddress,
  parseAddressLines,
  samePlace,
} from './address';
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

describe('deliveryAddressForDisplay: a saved address (fields) as its country writes it', () => {
  const kr = {
    fields: [],
    nameOrder: 'familyFirst',
    nameSeparator: '',
    provinces: [{ code: '11', name: 'Seoul', local: '서울특별시' }],
  };

  it('writes the Korean city with its province by name, not a bare code (walk minor 4)', () => {
    const address = {
      country: 'KR',
      line1: '테헤란로 152',
      line2: '강남파이낸스센터 20층',
      locality: '강남구',
      zone: '역삼동',
      province: '11',
      code: '06236',
    };
    expect(deliveryAddressForDisplay(address, kr, 'ko-KR', { withCountry: false })).toEqual([
      '테헤란로 152',
      '강남파이낸스센터 20층',
      '서울특별시 강남구 역삼동 06236',
    ]);
  });

  it('writes a Chinese city after its province without a space, once', () => {
    const cn = { fields: [], provinces: [{ code: 'SH', name: 'Shanghai', local: '上海市' }] };
    const address = {
      country: 'CN',
      line1: '南京东路100号',
      locality: '上海市',
      zone: '黄浦区',
      province: 'SH',
      code: '200001',
    };
    expect(deliveryAddressForDisplay(address, cn, 'zh-CN', { withCountry: false })).toEqual([
      '南京东路100号',
      '上海市黄浦区 200001',
    ]);
  });

  it('keeps a British county after the town, the postcode on its own line, the country last', () => {
    const address = {
      country: 'GB',
      line1: '1 Piccadilly',
      line2: 'Floor 3',
      locality: 'Manchester',
      province: 'Greater Manchester',
      code: 'M1 1AE',
    };
    expect(deliveryAddressForDisplay(address, undefined, 'en-GB', { withCountry: true })).toEqual([
      '1 Piccadilly',
      'Floor 3',
      'Manchester, Greater Manchester',
      'M1 1AE',
      'United Kingdom',
    ]);
  });
});

describe('samePlace', () => {
  const entered = { country: 'KR', line1: '테헤란로 152', locality: '강남구', province: '11', code: '06236' };

  it('is true for the same place written with other spacing or case, whatever the ids', () => {
    expect(samePlace({ ...entered, line1: ' 테헤란로  152 ' }, entered)).toBe(true);
    expect(samePlace({ country: 'us', line1: '1 MARKET ST' }, { country: 'US', line1: '1 Market St' })).toBe(true);
  });

  it('is false when any place field differs', () => {
    expect(samePlace({ ...entered, code: '06237' }, entered)).toBe(false);
    expect(samePlace({ ...entered, line2: '20층' }, entered)).toBe(false);
  });
});
