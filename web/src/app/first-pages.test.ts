import { describe, expect, it } from 'vitest';
import { parseRoutePrefix, PREFIX_PATTERN } from '@/shared/routing/route-prefix';
import { FIRST_PAGES } from './first-pages';

// ADR 0033: the server finds a first page by the whole path, with the prefix pattern the build puts before the
// page's own; the app finds it by the path inside the prefix (`startPage`). Both must name the same page.
const PATHS = [
  '/orders',
  '/orders/',
  '/gb/orders',
  '/fr/fr/orders',
  '/or/orders',
  '/gb/fr/xx/orders',
  '/orders/sales/C0012345678',
  '/jp/ja/orders/sales/C0012345678/',
  '/orders/sales/C1',
  '/orders/sales/C0012345678/extra',
  '/orders/return-items/C9RM00000001',
  '/de/orders/return-items/C9RM00000001',
  '/orders/returns/C9RM00000001',
  '/orders/bag',
  '/abc/orders',
  '/',
];

describe('first pages', () => {
  it.each(Object.entries(FIRST_PAGES))('%s: the whole-path pattern agrees with the prefix and the page', (_, page) => {
    const whole = new RegExp(`^${PREFIX_PATTERN}${page.path.slice(1)}`);
    const inside = new RegExp(page.path);
    const matched = PATHS.filter((path) => whole.test(path));
    expect(matched.length).toBeGreaterThan(1);
    for (const path of PATHS) expect(whole.test(path), path).toBe(inside.test(parseRoutePrefix(path).rest));
  });
});
