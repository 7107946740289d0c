import { describe, expect, it } from 'vitest';
import { storeCurrency } from '@/shared/format/store-currency';
import { isValidCardNumber, isValidPin } from './gift-card';

describe('gift card input rules', () => {
  it('takes 19 digits, with the spaces people type', () => {
    expect(isValidCardNumber('6060123456789012345')).toBe(true);
    expect(isValidCardNumber('6060 1234 5678 9012 345')).toBe(true);
    expect(isValidCardNumber('606012345678901234')).toBe(false);
    expect(isValidCardNumber('6060-1234-5678-9012-345')).toBe(false);
    expect(isValidCardNumber('6060 1234 5678 9012 345      ')).toBe(false);
  });

  it('takes a PIN of exactly six digits', () => {
    expect(isValidPin('123456')).toBe(true);
    expect(isValidPin('12345')).toBe(false);
    expect(isValidPin('12a456')).toBe(false);
  });

  it('names the store currency of the market', () => {
    expect(storeCurrency('GB')).toBe('GBP');
    expect(storeCurrency('FR')).toBe('EUR');
    expect(storeCurrency('ZZ')).toBe('USD');
  });
});
