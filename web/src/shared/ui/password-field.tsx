import { useState } from 'react';
import { useI18n } from '@/shared/i18n/i18n-context';
import { FormField } from './form-field';
import { changeHandler, type InputFieldProps } from './text-field';
import './password-field.css';

type PasswordFieldProps = Omit<InputFieldProps, 'type'>;

/** A password the shopper chooses (sign-up, reset): the browser may suggest a strong one and save it. */
export const NEW_PASSWORD = { name: 'new-password', autoComplete: 'new-password' } as const;

/**
 * A password input with a "Show password" toggle: a real button (aria-pressed) after the input, so the
 * shopper can check what they typed; the input goes back to hidden text when toggled again.
 */
export function PasswordField({
  label,
  error,
  hint,
  className,
  onChange,
  onValueChange,
  ...inputProps
}: PasswordFieldProps) {
  const { t } = useI18n();
  const [shown, setShown] = useState(false);
  return (
    <FormField label={label} hint={hint} error={error} className={className}>
      {(control) => (
        <div className="password-field">
          <input
            {...inputProps}
            {...control}
            onChange={changeHandler(onChange, onValueChange)}
            type={shown ? 'text' : 'password'}
            className="field__input"
          />
          <button
            type="button"
            className="password-field__toggle"
            aria-pressed={shown}
            aria-controls={control.id}
            onClick={() => {
              setShown((value) => !value);
            }}
          >
            {t('auth.password.show')}
          </button>
        </div>
      )}
    </FormField>
  );
}
