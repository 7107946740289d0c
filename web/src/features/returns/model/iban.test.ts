import { describe, expect, it } from 'vitest';
import { isValidIban, maskIban } from './iban';

describe('isValidIban: the shape only (the server checks the digits)', () => {
  it.each([
    'NL91 ABNA 0417 1643 00',
    'DE89370400440532013000',
    'GB82 WEST 1234 5698 7654 32',
    'fr14 2004 1010 0505 0001 3m02 606',
    // A wrong check digit has the shape: the server refuses it, and the page shows that on the field.
    'NL91ABNA0417164301',
  ])('accepts %s', (iban) => {
    expect(isValidIban(iban)).toBe(true);
  });
  it.each([
    ['no country', '91ABNA0417164300'],
    ['letters in the check digits', 'NLAAABNA0417164300'],
    ['too short', 'NL91ABNA04'],
    ['too long', `NL91${'1'.repeat(31)}`],
    ['other characters', 'NL91ABNA0417164300!'],
    ['nothing', ''],
  ])('rejects %s', (_, iban) => {
    expect(isValidIban(iban)).toBe(false);
  });
});

it('masks all but the last four characters', () => {
  expect(maskIban('NL91 ABNA 0417 1643 00')).toBe('•••• 4300');
});
