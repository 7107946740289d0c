import { isEmail, isOrderNumber, NUMBERS_AND_HYPHEN_PATTERN, PHONE_PATTERN } from '@/shared/validation/patterns';

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

/** The digits of a phone number typed with spaces or hyphens. */
export const phoneDigits = (phone: string): string => phone.replace(/[\s-]/g, '');

const isPhone = (phone: string) => NUMBERS_AND_HYPHEN_PATTERN.test(phone) && PHONE_PATTERN.test(phoneDigits(phone));

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
    phone: phoneEnabled && (phone ? !isPhone(phone) : !email),
  };
}

export const hasErrors = (errors: GuestLookupErrors): boolean => errors.orderNumber || errors.email || errors.phone;

/** Submit stays disabled until there is an order number and an email or a phone. */
export function canSubmit(values: GuestLookupValues, phoneEnabled: boolean): boolean {
  const contact = values.email.trim() !== '' || (phoneEnabled && values.phone.trim() !== '');
  return values.orderNumber.trim() !== '' && contact;
}

/** The guest identity the API takes: the e-mail when given, else the phone as country code + number. */
export function guestIdentity(values: GuestLookupValues): { email: string } | { phoneNumber: string } {
  const email = values.email.trim();
  return email ? { email } : { phoneNumber: `${values.countryCode}${phoneDigits(values.phone.trim())}` };
}
