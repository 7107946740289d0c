import { useId, type Ref } from 'react';
import { useI18n } from '@/shared/i18n/i18n-context';
import { TextField } from '@/shared/ui/text-field';
import type { CallingCode } from '@/shared/config/country-rules';

interface PhoneFieldProps {
  /** The codes offered (the server's country table, `useCountryRules`). */
  codes: readonly CallingCode[];
  countryCode: string;
  phone: string;
  error: string | null;
  onCountryCodeChange: (code: string) => void;
  onPhoneChange: (phone: string) => void;
  /** A market whose numbers all share one code shows it fixed (China: +86). */
  fixedCountryCode?: string;
  ref?: Ref<HTMLInputElement>;
}

/** A calling-code select beside the number; the API receives them joined (country code + number). */
export function PhoneField({
  codes,
  countryCode,
  phone,
  error,
  onCountryCodeChange,
  onPhoneChange,
  fixedCountryCode,
  ref,
}: PhoneFieldProps) {
  const { t } = useI18n();
  const selectId = useId();
  return (
    <div className="phone-field">
      <div className="field phone-field__code">
        <label className="field__label" htmlFor={selectId}>
          {t('guestLookup.countryCode')}
        </label>
        {fixedCountryCode ? (
          <output id={selectId} className="field__fixed">{`+${fixedCountryCode}`}</output>
        ) : (
          <select
            id={selectId}
            className="field__select"
            value={countryCode}
            onChange={(event) => {
              onCountryCodeChange(event.target.value);
            }}
          >
            {codes.map((entry) => (
              <option key={entry.country} value={entry.code}>
                {`+${entry.code} (${entry.country})`}
              </option>
            ))}
          </select>
        )}
      </div>
      <TextField
        className="phone-field__number"
        label={t('guestLookup.phone')}
        type="tel"
        ref={ref}
        name="phoneNumber"
        inputMode="tel"
        autoComplete="tel-national"
        hint={t('guestLookup.phoneHint')}
        value={phone}
        error={error}
        onValueChange={onPhoneChange}
      />
    </div>
  );
}
