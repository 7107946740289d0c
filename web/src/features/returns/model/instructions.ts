/** Which instruction text a return gets (spec 001 §2.2): US steps, carrier data, EMEA paperless, store. */
export type InstructionsVariant = 'us' | 'carrier' | 'paperless' | 'store';

export function instructionsVariant(country: string, method: string, paperless: boolean): InstructionsVariant {
  if (method === 'returnToStore') return 'store';
  if (paperless) return 'paperless';
  return country.toUpperCase() === 'US' ? 'us' : 'carrier';
}

/** Spec 001 §4.3: the label loads unless the country is China or Korea, and never for store returns. */
export const labelOffered = (country: string, method: string) =>
  method !== 'returnToStore' && !['CN', 'KR'].includes(country.toUpperCase());

/** The bank refund form is for EU/EEA orders refunded by transfer (spec 001 §2.2 "refund"). */
const BANK_REFUND_COUNTRIES = new Set(['AT', 'BE', 'DE', 'ES', 'FI', 'FR', 'IE', 'IT', 'LU', 'NL', 'PT', 'SI', 'GR']);
export const bankRefundOffered = (country: string) => BANK_REFUND_COUNTRIES.has(country.toUpperCase());
