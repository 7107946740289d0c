import { useEffect, useId, useRef, useState, type SyntheticEvent } from 'react';
import { useI18n } from '@/shared/i18n/i18n-context';
import { Button } from '@/shared/ui/button';
import { isPhoneNumber } from '@/shared/validation/patterns';
import type { AddressLayout } from '../api/addresses';
import type { FieldName, FormValues } from '../model/address-text';
import { formatPostalCode } from '../model/postal-code';
import './address-form.css';

export interface FieldError {
  field: string;
  message: string;
  /** A new number for each answer, so the same error twice still takes focus again. */
  seq: number;
}

interface AddressFormProps {
  layout: AddressLayout;
  initial?: FormValues;
  /** An error the server answered (400 naming a field): shown next to the field, which gets focus. */
  serverError?: FieldError | null;
  submitting?: boolean;
  onSubmit: (values: FormValues) => void;
  onCancel: () => void;
}

type Errors = Partial<Record<string, string>>;

/**
 * The address form laid out by the country's layout from the server (data/addresses/layouts.json):
 * the fields in the country's order, its labels and required marks, a province list where the
 * country has a table. Errors show under their field; the first wrong field takes focus.
 */
export function AddressForm({
  layout,
  initial,
  serverError,
  submitting = false,
  onSubmit,
  onCancel,
}: AddressFormProps) {
  const { t, has } = useI18n();
  const formId = useId();
  const [values, setValues] = useState<FormValues>(initial ?? {});
  const [ownErrors, setErrors] = useState<Errors>({});
  const [focusRequest, setFocusRequest] = useState(0);
  // The server's error shows until the shopper changes that field.
  const [clearedSeq, setClearedSeq] = useState(0);
  const serverShown = serverError && serverError.seq !== clearedSeq ? serverError : null;
  const errors: Errors = serverShown ? { ...ownErrors, [serverShown.field]: serverShown.message } : ownErrors;
  const inputs = useRef(new Map<string, HTMLInputElement | HTMLSelectElement>());

  const label = (id: string, fallback: string) => {
    // A label id the catalogues do not know yet (new data) shows the server's English text.
    const key = `addresses.label.${id}`;
    return has(key) ? t(key) : fallback;
  };

  useEffect(() => {
    if (serverError) inputs.current.get(serverError.field)?.focus();
  }, [serverError]);

  useEffect(() => {
    if (focusRequest === 0) return;
    const first = layout.fields.find((entry) => errors[entry.field]);
    const target = first ? inputs.current.get(first.field) : undefined;
    target?.focus();
    // Only a new request moves focus, not every change of the errors.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [focusRequest]);

  const validate = (): Errors => {
    const found: Errors = {};
    for (const entry of layout.fields) {
      const value = (values[entry.field as FieldName] ?? '').trim();
      if (entry.required && value === '') {
        found[entry.field] =
          entry.field === 'code'
            ? t('addresses.error.postalCode')
            : entry.field === 'phone'
              ? t('addresses.error.phone')
              : t('addresses.error.required', { label: label(entry.label, entry.labelText) });
      } else if (entry.field === 'code' && value !== '' && formatPostalCode(layout.postalCodes, value) === null) {
        found[entry.field] = t('addresses.error.postalCode');
      } else if (entry.field === 'phone' && value !== '' && !isPhoneNumber(value)) {
        // Checked here as the server checks it, so "abc" is refused before a round trip (walk M11).
        found[entry.field] = t('addresses.error.phone');
      }
    }
    return found;
  };

  const submit = (event: SyntheticEvent<HTMLFormElement>) => {
    event.preventDefault();
    const found = validate();
    setErrors(found);
    if (Object.keys(found).length > 0) {
      setFocusRequest((count) => count + 1);
      return;
    }
    onSubmit(values);
  };

  const change = (field: string, value: string) => {
    setValues((current) => ({ ...current, [field]: value }));
    if (ownErrors[field]) setErrors((current) => ({ ...current, [field]: undefined }));
    if (serverError?.field === field) setClearedSeq(serverError.seq);
  };

  return (
    <form className="address-form" noValidate onSubmit={submit} aria-describedby={`${formId}-required`}>
      <p id={`${formId}-required`} className="muted address-form__legend">
        {t('addresses.form.requiredNote')}
      </p>
      {layout.fields.map((entry) => {
        const id = `${formId}-${entry.field}`;
        const errorId = `${id}-error`;
        const error = errors[entry.field];
        const common = {
          id,
          name: entry.field,
          required: entry.required,
          'aria-required': entry.required || undefined,
          'aria-invalid': error ? true : undefined,
          'aria-describedby': error ? errorId : undefined,
          value: values[entry.field as FieldName] ?? '',
          ref: (element: HTMLInputElement | HTMLSelectElement | null) => {
            if (element) inputs.current.set(entry.field, element);
            else inputs.current.delete(entry.field);
          },
        };
        return (
          <div
            key={entry.field}
            className={['field', error ? 'field--invalid' : ''].filter(Boolean).join(' ')}
            data-field={entry.field}
          >
            <label className="field__label" htmlFor={id}>
              {label(entry.label, entry.labelText)}
              {entry.required && (
                <span className="address-form__required" aria-hidden="true">
                  {' *'}
                </span>
              )}
            </label>
            {entry.field === 'province' && layout.provinces ? (
              <select
                {...common}
                className="field__input"
                onChange={(event) => {
                  change(entry.field, event.target.value);
                }}
              >
                <option value="">{t('addresses.form.choose')}</option>
                {layout.provinces.map((province) => (
                  <option key={province.code} value={province.code}>
                    {province.local ? `${province.name} (${province.local})` : province.name}
                  </option>
                ))}
              </select>
            ) : (
              <input
                {...common}
                className="field__input"
                type={entry.field === 'phone' ? 'tel' : 'text'}
                autoComplete={AUTOCOMPLETE[entry.field]}
                onChange={(event) => {
                  change(entry.field, event.target.value);
                }}
              />
            )}
            {error && (
              <p id={errorId} className="field__error">
                {error}
              </p>
            )}
          </div>
        );
      })}
      <div className="address-form__actions">
        <Button type="submit" loading={submitting}>
          {submitting ? t('addresses.form.saving') : t('addresses.form.save')}
        </Button>
        <Button variant="secondary" onClick={onCancel}>
          {t('addresses.form.cancel')}
        </Button>
      </div>
    </form>
  );
}

const AUTOCOMPLETE: Record<string, string> = {
  nameGiven: 'given-name',
  nameFamily: 'family-name',
  line1: 'address-line1',
  line2: 'address-line2',
  line3: 'address-line3',
  locality: 'address-level2',
  zone: 'address-level3',
  province: 'address-level1',
  code: 'postal-code',
  phone: 'tel',
  email: 'email',
};
