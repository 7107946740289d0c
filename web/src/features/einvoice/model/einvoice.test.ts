import { describe, expect, it } from 'vitest';
import { checkTaxpayerId, checkTitle, normalizeTaxpayerId } from './einvoice';

describe('e-invoice rules', () => {
  it('accepts 15, 18 or 20 letters or digits for companies, ignoring spaces and case', () => {
    expect(normalizeTaxpayerId('9131 0000 ma1f l4xq 3k')).toBe('91310000MA1FL4XQ3K');
    expect(checkTaxpayerId('COMPANY', '91310000ma1fl4xq3k')).toBeNull();
    expect(checkTaxpayerId('COMPANY', '310101123456789')).toBeNull();
    expect(checkTaxpayerId('COMPANY', '31010112345678901234')).toBeNull();
    expect(checkTaxpayerId('COMPANY', '3101011234567890')).toBe('taxpayerId');
    expect(checkTaxpayerId('COMPANY', '91310000-MA1FL4XQ3K')).toBe('taxpayerId');
  });

  it('asks no taxpayer id of a person', () => {
    expect(checkTaxpayerId('PERSONAL', '')).toBeNull();
  });

  it('needs a title of at most 100 characters', () => {
    expect(checkTitle('  ')).toBe('titleRequired');
    expect(checkTitle('名'.repeat(101))).toBe('titleTooLong');
    expect(checkTitle('张三')).toBeNull();
  });
});
