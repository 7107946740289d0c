import { describe, expect, it } from 'vitest';
import { isSafeOrdersPath, parseRoutePrefix } from './route-prefix';

describe('parseRoutePrefix', () => {
  it.each([
    ['/orders', { country: null, language: null, base: '', rest: '/orders' }],
    ['/gb/orders', { country: 'gb', language: null, base: '/gb', rest: '/orders' }],
    ['/fr/fr/orders', { country: 'fr', language: 'fr', base: '/fr/fr', rest: '/orders' }],
    [
      '/ca/fr/orders/sales/C0012345678',
      { country: 'ca', language: 'fr', base: '/ca/fr', rest: '/orders/sales/C0012345678' },
    ],
    ['/GB/orders', { country: 'gb', language: null, base: '/GB', rest: '/orders' }],
    ['/gb', { country: 'gb', language: null, base: '/gb', rest: '/' }],
    ['/', { country: null, language: null, base: '', rest: '/' }],
  ])('splits %s', (path, expected) => {
    expect(parseRoutePrefix(path)).toEqual(expected);
  });

  it('takes at most two prefix segments', () => {
    expect(parseRoutePrefix('/fr/fr/fr/orders')).toMatchObject({ base: '/fr/fr', rest: '/fr/orders' });
  });

  it('does not take a three-letter segment as a country', () => {
    expect(parseRoutePrefix('/gbr/orders')).toMatchObject({ country: null, rest: '/gbr/orders' });
  });
});

describe('isSafeOrdersPath', () => {
  it.each(['/orders', '/gb/orders/partner', '/fr/fr/orders/sales/C001?x=1'])('accepts %s', (path) => {
    expect(isSafeOrdersPath(path)).toBe(true);
  });
  it.each(['https://evil.example/orders', '//evil.example/orders', '/account', '/gb/orderszzz', '', null, '/\\evil'])(
    'rejects %s',
    (path) => {
      expect(isSafeOrdersPath(path)).toBe(false);
    },
  );
});
