import { describe, expect, it } from 'vitest';
import { formatPhone } from './phone';

describe('formatPhone (walk polish 3)', () => {
  it.each([
    ['+18005550100', '+1 800 555 0100'],
    ['+81120640100', '+81 120 640 100'],
    ['+448000560100', '+44 800 056 0100'],
    ['+498001010100', '+49 800 101 0100'],
    ['+33800940100', '+33 800 940 100'],
    ['+971800060100', '+971 800 060 100'],
    ['+864008800100', '+86 400 880 0100'],
    ['+4580200100', '+45 8020 0100'],
    ['+5718000910100', '+57 180 0091 0100'],
    ['+85230060100', '+852 3006 0100'],
  ])('writes %s as %s', (e164, written) => {
    expect(formatPhone(e164)).toBe(written);
  });

  it('writes anything that is not E.164 as given', () => {
    expect(formatPhone('0800 123 456')).toBe('0800 123 456');
    expect(formatPhone('+12')).toBe('+12');
  });
});
