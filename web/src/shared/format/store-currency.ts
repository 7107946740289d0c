/** The store's currency by market: the balance call names it (the card answers in its own). */
const CURRENCY_BY_COUNTRY: Record<string, string> = {
  US: 'USD',
  GB: 'GBP',
  JP: 'JPY',
  KR: 'KRW',
  CN: 'CNY',
  AU: 'AUD',
  CA: 'CAD',
  CH: 'CHF',
  SE: 'SEK',
  DK: 'DKK',
  PL: 'PLN',
  CZ: 'CZK',
  HU: 'HUF',
  NZ: 'NZD',
  MX: 'MXN',
  IN: 'INR',
  TW: 'TWD',
  HK: 'HKD',
  SG: 'SGD',
};
const EURO_COUNTRIES = new Set(['AT', 'BE', 'DE', 'ES', 'FI', 'FR', 'GR', 'IE', 'IT', 'LU', 'NL', 'PT', 'SI', 'SK']);

export const storeCurrency = (country: string): string =>
  CURRENCY_BY_COUNTRY[country] ?? (EURO_COUNTRIES.has(country) ? 'EUR' : 'USD');
