/**
 * Spec §5 validation rules, shared by routing (order number param) and the forms. The patterns come from
 * the server's own rules (crates/domain/src/rules.rs) through rules.generated.ts, so the two never disagree.
 */
import {
  EMAIL_MAX_LENGTH,
  EMAIL_PATTERN,
  ORDER_NUMBER_FRAGMENT_PATTERN,
  ORDER_NUMBER_PATTERN,
  ORDER_NUMBER_SEPARATOR_PATTERN,
  PHONE_INPUT_PATTERN,
  PHONE_PATTERN,
} from './rules.generated';

export { ORDER_NUMBER_PATTERN, PHONE_PATTERN, PHONE_INPUT_PATTERN };

export const isOrderNumber = (value: string): boolean => ORDER_NUMBER_PATTERN.test(value);
export const isEmail = (value: string): boolean => value.length <= EMAIL_MAX_LENGTH && EMAIL_PATTERN.test(value);
/**
 * A phone number as a form may take it (000 §5): digits with spaces, hyphens, dots or brackets and an
 * optional leading +, 3 to 16 digits in all; the server's `parse_phone` reads it the same way.
 */
export const isPhoneNumber = (value: string): boolean =>
  PHONE_INPUT_PATTERN.test(value) && PHONE_PATTERN.test(value.replace(/[^0-9]/g, ''));
/** A part of an order number to find in the history: 4 to 20 letters or digits. */
export const isOrderNumberFragment = (value: string): boolean => ORDER_NUMBER_FRAGMENT_PATTERN.test(value);
/** `value` without the spaces and hyphens a shopper may type inside an order number (the server's own list). */
export const stripOrderNumberSeparators = (value: string): string =>
  value.replace(new RegExp(ORDER_NUMBER_SEPARATOR_PATTERN.source, 'g'), '');
