import { useState, type InputHTMLAttributes } from 'react';
import { useI18n } from '@/shared/i18n/i18n-context';
import { FormField } from '@/shared/ui/form-field';
import './password-field.css';

interface PasswordFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'type'> {
  label: string;
  error?: string | null;
  hint?: string;
}

/**
 * A password input with a "Show password" toggle: a real button (aria-pressed) after the input, so the
 * shopper can check what they typed; the input goes back to hidden text when toggled again.
 */
export function PasswordField({ label, error, hint, className, ...inputProps }: PasswordFieldProps) {
  const { t } = useI18n();
  const [shown, setShown] = useState(false);
  return (
    <FormField label={label} hint={hint} error={error} className={className}>
      {(control) => (
        <div className="password-field">
          <input {...inputProps} {...control} type={shown ? 'text' : 'password'} className="field__input" />
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
