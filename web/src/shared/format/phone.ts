/**
 * Help-line numbers as people read them (walk polish 3): the configuration stores E.164 ("+18005550100"),
 * which is dialled through a tel: link as is, and written in the international form of ITU-T E.123:
 * the country calling code, then the national number in groups ("+1 800 555 0100", "+81 120 640 100").
 *
 * The rule is ours, kept simple on purpose: libphonenumber-js/min would write each country's national
 * form ("0120-640-100"), but its lazy chunk measured 32.8 KB gzip (1.13.16, November 2026), more than a
 * whole route's budget (scripts/bundle-size.mjs), for one line of the help card. The international form
 * dials from any phone, in the country and abroad, so it is never wrong; a national form without the
 * country's own metadata would guess trunk prefixes and could be.
 *
 * Groups: threes from the left; the last group takes four digits when three would leave one or two over
 * (10 digits 3-3-4, 11 digits 3-4-4, 8 digits 4-4). Anything that is not E.164 is written as given.
 */

// Calling codes by the ITU's assignment: 1 and 7 are one digit; these are two; every other is three.
const TWO_DIGIT_CODES = new Set([
  20, 27, 30, 31, 32, 33, 34, 36, 39, 40, 41, 43, 44, 45, 46, 47, 48, 49, 51, 52, 53, 54, 55, 56, 57, 58, 60, 61, 62,
  63, 64, 65, 66, 81, 82, 84, 86, 90, 91, 92, 93, 94, 95, 98,
]);

function callingCodeLength(digits: string): number {
  if (digits.startsWith('1') || digits.startsWith('7')) return 1;
  return TWO_DIGIT_CODES.has(Number(digits.slice(0, 2))) ? 2 : 3;
}

function groups(national: string): string[] {
  if (national.length <= 4) return [national];
  const tail = national.length % 3 === 0 ? 3 : 4;
  const lastTwoFours = national.length % 3 === 2;
  const end = national.length - tail - (lastTwoFours ? 4 : 0);
  const parts: string[] = [];
  for (let start = 0; start < end; start += 3) parts.push(national.slice(start, Math.min(start + 3, end)));
  if (lastTwoFours) parts.push(national.slice(end, end + 4));
  parts.push(national.slice(-tail));
  return parts;
}

export function formatPhone(e164: string): string {
  if (!/^\+\d{7,15}$/.test(e164)) return e164;
  const digits = e164.slice(1);
  const code = callingCodeLength(digits);
  return `+${digits.slice(0, code)} ${groups(digits.slice(code)).join(' ')}`;
}
