/** Calling codes offered beside the phone number, keyed by country. */
export const CALLING_CODES: readonly { country: string; code: string }[] = [
  { country: 'US', code: '1' }, { country: 'CA', code: '1' }, { country: 'MX', code: '52' },
  { country: 'BR', code: '55' }, { country: 'AR', code: '54' }, { country: 'CL', code: '56' },
  { country: 'GB', code: '44' }, { country: 'IE', code: '353' }, { country: 'FR', code: '33' },
  { country: 'BE', code: '32' }, { country: 'NL', code: '31' }, { country: 'LU', code: '352' },
  { country: 'DE', code: '49' }, { country: 'AT', code: '43' }, { country: 'CH', code: '41' },
  { country: 'ES', code: '34' }, { country: 'PT', code: '351' }, { country: 'IT', code: '39' },
  { country: 'DK', code: '45' }, { country: 'SE', code: '46' }, { country: 'NO', code: '47' },
  { country: 'FI', code: '358' }, { country: 'PL', code: '48' }, { country: 'CZ', code: '420' },
  { country: 'HU', code: '36' }, { country: 'GR', code: '30' }, { country: 'TR', code: '90' },
  { country: 'IL', code: '972' }, { country: 'AE', code: '971' }, { country: 'SA', code: '966' },
  { country: 'ZA', code: '27' }, { country: 'IN', code: '91' }, { country: 'CN', code: '86' },
  { country: 'HK', code: '852' }, { country: 'TW', code: '886' }, { country: 'JP', code: '81' },
  { country: 'KR', code: '82' }, { country: 'SG', code: '65' }, { country: 'MY', code: '60' },
  { country: 'TH', code: '66' }, { country: 'VN', code: '84' }, { country: 'ID', code: '62' },
  { country: 'PH', code: '63' }, { country: 'AU', code: '61' }, { country: 'NZ', code: '64' },
];

export const defaultCallingCode = (country: string): string =>
  CALLING_CODES.find((entry) => entry.country === country)?.code ?? '1';
