import { MARKETS } from '@/shared/i18n/locale-table';

/** Countries with a layout of their own (spec 002 §9, plus kr); others use the default layout. */
const LAYOUT_COUNTRIES = [
  'AR',
  'AU',
  'CA',
  'CN',
  'EG',
  'GB',
  'ID',
  'IN',
  'JP',
  'KR',
  'MX',
  'MY',
  'NZ',
  'PH',
  'PR',
  'RU',
  'SA',
  'TH',
  'TR',
  'TW',
  'US',
  'VN',
  'ZA',
];

/**
 * The Country/Region choices: every market the app serves and every country with a layout of its own,
 * sorted by the name the shopper reads ("Ägypten" before "Deutschland" in German), not by code.
 */
export function countryChoices(current: string, intlLocale: string, names: Intl.DisplayNames): string[] {
  const collator = new Intl.Collator(intlLocale);
  const name = (code: string) => names.of(code) ?? code;
  return [...new Set([...MARKETS, ...LAYOUT_COUNTRIES, current])].sort((a, b) => collator.compare(name(a), name(b)));
}
