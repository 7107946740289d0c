import { describe, expect, it } from 'vitest';
import { formatPostalCode } from './postal-code';

describe('formatPostalCode', () => {
  it.each([
    [['A9 9AA', 'A99 9AA', 'AA9 9AA', 'AA99 9AA', 'A9A 9AA', 'AA9A 9AA'], 'sw1a1aa', 'SW1A 1AA'],
    [['999-9999'], '1000001', '100-0001'],
    [['99999', '99999-9999'], '941051234', '94105-1234'],
    [['99999', '99999-9999'], '9410', null],
    [[], 'd02 x285', 'D02 X285'],
    [[], '!', null],
  ])('writes %j %s as %s', (masks, typed, expected) => {
    expect(formatPostalCode(masks, typed)).toBe(expected);
  });
});
