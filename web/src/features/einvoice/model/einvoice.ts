import { EINVOICE_TITLE_MAX_CHARS, TAXPAYER_ID_PATTERN } from '@/shared/validation/rules.generated';

export type TitleType = 'PERSONAL' | 'COMPANY';

/** Spaces removed and letters upper-cased, as the server reads it. */
export const normalizeTaxpayerId = (input: string): string => input.replace(/\s+/g, '').toUpperCase();

export type EinvoiceFieldError = 'titleRequired' | 'titleTooLong' | 'taxpayerId' | null;

/** The same rules as the server (crates/domain/src/einvoice.rs, patterns from rules.rs). */
export function checkTitle(title: string): EinvoiceFieldError {
  const trimmed = title.trim();
  if (trimmed === '') return 'titleRequired';
  // Code points, as the server counts (Rust chars), not UTF-16 units.
  if (Array.from(trimmed).length > EINVOICE_TITLE_MAX_CHARS) return 'titleTooLong';
  return null;
}

export function checkTaxpayerId(titleType: TitleType, input: string): EinvoiceFieldError {
  if (titleType === 'PERSONAL') return null;
  return TAXPAYER_ID_PATTERN.test(normalizeTaxpayerId(input)) ? null : 'taxpayerId';
}
