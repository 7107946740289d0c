/** Spec 000 §2, §5, §9: 19 digits once spaces are removed (input up to 24), PIN of 6 digits. */
export const CARD_NUMBER_DIGITS = 19;
export const CARD_NUMBER_MAX_INPUT = 24;
export const PIN_DIGITS = 6;

const DIGITS_AND_SPACES = /^[0-9 ]*$/;

export const cardDigits = (input: string): string => input.replace(/ /g, '');

export const isValidCardNumber = (input: string): boolean =>
  input.length <= CARD_NUMBER_MAX_INPUT &&
  DIGITS_AND_SPACES.test(input) &&
  cardDigits(input).length === CARD_NUMBER_DIGITS;

export const isValidPin = (pin: string): boolean => /^[0-9]{6}$/.test(pin);
