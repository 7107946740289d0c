/** Spec §5 validation rules, shared by routing (order number param) and the guest lookup form. */

/** Order ID: 4 to 32 letters or digits. */
export const ORDER_NUMBER_PATTERN = /^[A-Za-z0-9]{4,32}$/;

/** Email: local part, @, then a domain name or a bracketed IPv4 address. */
export const EMAIL_PATTERN =
  /^(([^<>()[\]\\.,;:\s@"]+(\.[^<>()[\]\\.,;:\s@"]+)*)|(".+"))@((\[\d{1,3}\.\d{1,3}\.\d{1,3}\.\d{1,3}\])|(([a-zA-Z0-9-]+\.)+[a-zA-Z]{2,}))$/;

/** Phone: 3 to 16 digits only. */
export const PHONE_PATTERN = /^\d{3,16}$/;

/** Numbers-and-hyphen input pattern: digits, spaces and hyphens may be typed. */
export const NUMBERS_AND_HYPHEN_PATTERN = /^[\d\s-]*$/;

export const isOrderNumber = (value: string): boolean => ORDER_NUMBER_PATTERN.test(value);
export const isEmail = (value: string): boolean => EMAIL_PATTERN.test(value);
