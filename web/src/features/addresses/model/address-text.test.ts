import { describe, expect, it } from 'vitest';
import type { AddressLayout } from '../api/addresses';
import { addressLines, fullName } from './address-text';

const layout = (nameOrder: string, fields: string[]): AddressLayout => ({
  country: 'XX',
  layout: 'xx',
  nameOrder,
  postalCodes: [],
  fields: fields.map((field) => ({ field, label: field, labelText: field, required: false })),
});

describe('address text', () => {
  it('writes the name in the country order, without a space in Chinese', () => {
    expect(fullName({ country: 'US', nameGiven: 'Jane', nameFamily: 'Carter' }, layout('givenFirst', []))).toBe(
      'Jane Carter',
    );
    expect(fullName({ country: 'CN', nameGiven: '伟', nameFamily: '王' }, layout('familyFirst', []))).toBe('王伟');
    expect(fullName({ name: 'Server Name', nameGiven: 'x' }, undefined)).toBe('Server Name');
  });

  it('lists the place in the layout order with the province name and the country last', () => {
    const jp: AddressLayout = {
      ...layout('givenFirst', ['nameGiven', 'code', 'province', 'locality', 'line1', 'phone']),
      provinces: [{ code: '13', name: 'Tokyo', local: '東京都' }],
    };
    const address = {
      country: 'JP',
      name: 'Yui Sato',
      code: '100-0001',
      province: '13',
      locality: '千代田区',
      line1: '千代田1-1',
      phone: '03',
    };
    expect(addressLines(address, jp, () => 'Japan')).toEqual([
      'Yui Sato',
      '100-0001',
      '東京都',
      '千代田区',
      '千代田1-1',
      'Japan',
    ]);
  });
});
