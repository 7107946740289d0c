import type { ChangeEvent, ChangeEventHandler, InputHTMLAttributes, Ref } from 'react';
import { FormField } from './form-field';

/** What a text input field takes: the input's own attributes, its label, hint and error. */
export interface InputFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'id'> {
  label: string;
  /** Shown under the field and tied to it with aria-describedby; also sets aria-invalid. */
  error?: string | null;
  hint?: string;
  ref?: Ref<HTMLInputElement>;
  /** The new text on each change: what most forms want from the change event. */
  onValueChange?: (value: string) => void;
}

/** The input's change handler: the caller's own, then the new text to `onValueChange`. */
export function changeHandler(
  onChange: ChangeEventHandler<HTMLInputElement> | undefined,
  onValueChange: ((value: string) => void) | undefined,
): ChangeEventHandler<HTMLInputElement> | undefined {
  if (!onValueChange) return onChange;
  return (event: ChangeEvent<HTMLInputElement>) => {
    onChange?.(event);
    onValueChange(event.target.value);
  };
}

export function TextField({ label, error, hint, className, onChange, onValueChange, ...inputProps }: InputFieldProps) {
  return (
    <FormField label={label} hint={hint} error={error} className={className}>
      {(control) => (
        <input
          {...inputProps}
          {...control}
          onChange={changeHandler(onChange, onValueChange)}
          className="field__input"
        />
      )}
    </FormField>
  );
}
