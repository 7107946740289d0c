import { describe, expect, it } from 'vitest';
import type { AddressLayout } from '../api/addresses';
import { addressLines } from './address-text';

const layout = (nameOrder: string, fields: string[], nameSeparator = ' '): AddressLayout => ({
  country: 'XX',
  layout: 'xx',
  nameOrder,
  nameSeparator,
  postalCodes: [],
  fields: fields.map((field) => ({ field, label: field, labelText: field, required: false })),
});

describe('address text', () => {
  it("writes the name in the layout's order and with its separator (the server's: none in Chinese)", () => {
    const us = { country: 'US', nameGiven: 'Jane', nameFamily: 'Carter' };
    expect(addressLines(us, layout('givenFirst', []), 'en-US')[0]).toBe('Jane Carter');
    const cn = { country: 'CN', nameGiven: '伟', nameFamily: '王' };
    expect(addressLines(cn, layout('familyFirst', [], ''), 'zh-CN')[0]).toBe('王伟');
    expect(addressLines({ name: 'Server Name', nameGiven: 'x' }, undefined, 'en-US')[0]).toBe('Server Name');
  });

  it('writes a US address the way the order pages do: city, state and ZIP code on one line (walk M11)', () => {
    const address = {
      country: 'US',
      name: 'Jane Carter',
      line1: '1 Market Street',
      line2: 'Suite 400',
      locality: 'San Francisco',
      province: 'CA',
      code: '94105',
    };
    const us: AddressLayout = {
      ...layout('givenFirst', ['nameGiven', 'line1', 'line2', 'locality', 'province', 'code']),
      provinces: [{ code: 'CA', name: 'California' }],
    };
    expect(addressLines(address, us, 'en-US')).toEqual([
      'Jane Carter',
      '1 Market Street',
      'Suite 400',
      'San Francisco, CA 94105',
      'United States',
    ]);
  });

  it('writes a Japanese address from the postal code down, the prefecture by its name', () => {
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
    expect(addressLines(address, jp, 'ja-JP')).toEqual([
      'Yui Sato',
      '〒100-0001',
      '東京都千代田区',
      '千代田1-1',
      '日本',
    ]);
  });

  it('keeps the form order, one field a line, for a country without a postal format here', () => {
    const ph: AddressLayout = {
      ...layout('givenFirst', ['nameGiven', 'line1', 'zone', 'locality', 'province', 'code', 'phone']),
      provinces: [{ code: 'MM', name: 'Metro Manila' }],
    };
    const address = { country: 'PH', name: 'Ana Cruz', line1: '1 Ayala Ave', zone: 'Bel-Air', locality: 'Makati' };
    expect(addressLines({ ...address, province: 'MM', code: '1209' }, ph, 'en-US')).toEqual([
      'Ana Cruz',
      '1 Ayala Ave',
      'Bel-Air',
      'Makati',
      'Metro Manila',
      '1209',
      'Philippines',
    ]);
  });
});
