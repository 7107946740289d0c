import { BANK_FIRST_NAME_MAX_CHARS, IBAN_SHAPE_PATTERN } from '@/shared/validation/rules.generated';

/**
 * Spec 001 §5: the bank form checks the IBAN (error text "Invalid IBAN") and the first name (at most 24
 * characters). One IBAN check: the server's IBAN library (check digits, each country's length) decides,
 * and its refusal shows on the field. Here only the shape, from the server's own rule (generated), so a
 * shopper who typed something that cannot be an IBAN is told before sending.
 */
export const FIRST_NAME_MAX = BANK_FIRST_NAME_MAX_CHARS;

export const compactIban = (value: string) => value.replace(/[\s-]/g, '').toUpperCase();

export const isValidIban = (value: string): boolean => IBAN_SHAPE_PATTERN.test(compactIban(value));

/** Only the last four characters are ever shown back (as on the server). */
export const maskIban = (value: string) => `•••• ${compactIban(value).slice(-4)}`;
