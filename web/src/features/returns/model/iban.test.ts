import { describe, expect, it } from 'vitest';
import { isValidIban, maskIban } from './iban';

describe('isValidIban', () => {
  it.each([
    'NL91 ABNA 0417 1643 00',
    'DE89370400440532013000',
    'GB82 WEST 1234 5698 7654 32',
    'fr14 2004 1010 0505 0001 3m02 606',
  ])('accepts %s', (iban) => {
    expect(isValidIban(iban)).toBe(true);
  });
  it.each([
    ['a wrong check digit', 'NL91ABNA0417164301'],
    ['a wrong length for the country', 'NL91ABNA04171643001'],
    ['no country', '91ABNA0417164300'],
    ['letters in the check digits', 'NLAAABNA0417164300'],
    ['nothing', ''],
  ])('rejects %s', (_, iban) => {
    expect(isValidIban(iban)).toBe(false);
  });
});

it('masks all but the last four characters', () => {
  expect(maskIban('NL91 ABNA 0417 1643 00')).toBe('•••• 4300');
});
