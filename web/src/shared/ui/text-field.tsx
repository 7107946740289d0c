import type { InputHTMLAttributes, Ref } from 'react';
import { FormField } from './form-field';

interface TextFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'id'> {
  label: string;
  /** Shown under the field and tied to it with aria-describedby; also sets aria-invalid. */
  error?: string | null;
  hint?: string;
  ref?: Ref<HTMLInputElement>;
}

export function TextField({ label, error, hint, className, ...inputProps }: TextFieldProps) {
  return (
    <FormField label={label} hint={hint} error={error} className={className}>
      {(control) => <input {...inputProps} {...control} className="field__input" />}
    </FormField>
  );
}
