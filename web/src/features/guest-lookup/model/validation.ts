import { isEmail, isOrderNumber, PHONE_INPUT_PATTERN, PHONE_PATTERN } from '@/shared/validation/patterns';

export interface GuestLookupValues {
  orderNumber: string;
  email: string;
  /** Calling code without "+", e.g. "1", "44". */
  countryCode: string;
  phone: string;
}

export interface GuestLookupErrors {
  orderNumber: boolean;
  email: boolean;
  phone: boolean;
}

/** The digits of a phone number as typed: spaces, hyphens, brackets, dots and a leading plus dropped. */
export const phoneDigits = (phone: string): string => phone.replace(/[^0-9]/g, '');

/** Markets whose national numbers are written with a trunk "0" that is dropped after the country code (Italy keeps it). */
const TRUNK_ZERO_CODES = new Set([
  '44',
  '353',
  '33',
  '32',
  '31',
  '352',
  '49',
  '43',
  '41',
  '34',
  '351',
  '45',
  '46',
  '47',
  '358',
  '48',
  '420',
  '36',
  '30',
  '90',
  '972',
  '971',
  '966',
  '27',
  '91',
  '86',
  '886',
  '81',
  '82',
  '60',
  '66',
  '84',
  '62',
  '63',
  '61',
  '64',
  '52',
  '54',
  '55',
  '56',
]);

/**
 * The national number as the order stores it: a number typed with its "+<country code>" keeps what follows
 * the code; a national trunk prefix ("0" in most markets, "1" before a North American number) is dropped.
 */
export function nationalNumber(phone: string, countryCode: string): string {
  const trimmed = phone.trim();
  let digits = phoneDigits(trimmed);
  if (trimmed.startsWith('+') && digits.startsWith(countryCode)) digits = digits.slice(countryCode.length);
  else if (trimmed.startsWith('00') && digits.startsWith(`00${countryCode}`))
    digits = digits.slice(2 + countryCode.length);
  if (TRUNK_ZERO_CODES.has(countryCode) && digits.startsWith('0')) digits = digits.slice(1);
  if (countryCode === '1' && digits.length === 11 && digits.startsWith('1')) digits = digits.slice(1);
  return digits;
}

const isPhone = (phone: string, countryCode: string) =>
  PHONE_INPUT_PATTERN.test(phone.trim()) && PHONE_PATTERN.test(nationalNumber(phone, countryCode));

/** Order numbers are case sensitive (spec §5): the number is sent as typed, only trimmed. */
export const normalizeOrderNumber = (orderNumber: string): string => orderNumber.trim();

/**
 * Spec §5: the order number must match the order-id pattern; the email must match the email
 * pattern or be empty only when a phone is given; the phone must match the phone pattern or be
 * empty only when an email is given.
 */
export function validateGuestLookup(values: GuestLookupValues, phoneEnabled: boolean): GuestLookupErrors {
  const email = values.email.trim();
  const phone = phoneEnabled ? values.phone.trim() : '';
  return {
    orderNumber: !isOrderNumber(values.orderNumber.trim()),
    email: email ? !isEmail(email) : !phone,
    phone: phoneEnabled && (phone ? !isPhone(phone, values.countryCode) : !email),
  };
}

export const hasErrors = (errors: GuestLookupErrors): boolean => errors.orderNumber || errors.email || errors.phone;

/** Submit stays disabled until there is an order number and an email or a phone (in China, also the terms). */
export function canSubmit(values: GuestLookupValues, phoneEnabled: boolean, termsAccepted = true): boolean {
  const contact = values.email.trim() !== '' || (phoneEnabled && values.phone.trim() !== '');
  return values.orderNumber.trim() !== '' && contact && termsAccepted;
}

/** The first field in error, in the order the form shows them: where focus goes after a failed submit. */
export function firstInvalidField(errors: GuestLookupErrors): keyof GuestLookupErrors | null {
  if (errors.orderNumber) return 'orderNumber';
  if (errors.email) return 'email';
  if (errors.phone) return 'phone';
  return null;
}

/** The guest identity the API takes: the e-mail when given, else the phone as country code + number. */
export function guestIdentity(values: GuestLookupValues): { email: string } | { phoneNumber: string } {
  const email = values.email.trim();
  return email
    ? { email }
    : { phoneNumber: `${values.countryCode}${nationalNumber(values.phone, values.countryCode)}` };
}
