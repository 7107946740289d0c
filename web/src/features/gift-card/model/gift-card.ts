/** Spec 000 §2, §5, §9: 19 digits once spaces are removed (input up to 24), PIN of 6 digits. */
export const CARD_NUMBER_DIGITS = 19;
export const CARD_NUMBER_MAX_INPUT = 24;
export const PIN_DIGITS = 6;

const DIGITS_AND_SPACES = /^[0-9 ]*$/;

export const cardDigits = (input: string): string => input.replace(/ /g, '');

export const isValidCardNumber = (input: string): boolean =>
  input.length <= CARD_NUMBER_MAX_INPUT && DIGITS_AND_SPACES.test(input) && cardDigits(input).length === CARD_NUMBER_DIGITS;

export const isValidPin = (pin: string): boolean => /^[0-9]{6}$/.test(pin);

/** The store's currency by market: the balance call names it (the card answers in its own). */
const CURRENCY_BY_COUNTRY: Record<string, string> = {
  US: 'USD', GB: 'GBP', JP: 'JPY', KR: 'KRW', CN: 'CNY', AU: 'AUD', CA: 'CAD', CH: 'CHF', SE: 'SEK', DK: 'DKK',
  PL: 'PLN', CZ: 'CZK', HU: 'HUF', NZ: 'NZD', MX: 'MXN', IN: 'INR', TW: 'TWD', HK: 'HKD', SG: 'SGD',
};
const EURO_COUNTRIES = new Set(['AT', 'BE', 'DE', 'ES', 'FI', 'FR', 'GR', 'IE', 'IT', 'LU', 'NL', 'PT', 'SI', 'SK']);

export const storeCurrency = (country: string): string =>
  CURRENCY_BY_COUNTRY[country] ?? (EURO_COUNTRIES.has(country) ? 'EUR' : 'USD');
