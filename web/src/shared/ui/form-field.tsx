import { useId, type ReactNode } from 'react';
import './text-field.css';

/** What the control inside a field carries: its id (the label's target) and the field's state. */
export interface FieldControl {
  id: string;
  'aria-invalid': true | undefined;
  'aria-describedby': string | undefined;
}

interface FormFieldProps {
  label: ReactNode;
  /** Shown under the control and tied to it with aria-describedby. */
  hint?: ReactNode;
  /** A second hint that is announced politely as it changes (a characters-left count). */
  status?: ReactNode;
  /** Shown under the field and tied to the control; also sets aria-invalid. */
  error?: ReactNode;
  className?: string;
  /** The control's id, when the caller needs to know it; one is made otherwise. */
  id?: string;
  /** The input, select or textarea, given the props that tie it to the label, hints and error. */
  children: (control: FieldControl) => ReactNode;
}

/** A labelled form control with its hint and error: the one markup every form field shares. */
export function FormField({ label, hint, status, error, className, id, children }: FormFieldProps) {
  const madeId = useId();
  const controlId = id ?? madeId;
  const hintId = hint ? `${controlId}-hint` : undefined;
  const statusId = status ? `${controlId}-status` : undefined;
  const errorId = error ? `${controlId}-error` : undefined;
  const describedBy = [hintId, statusId, errorId].filter(Boolean).join(' ') || undefined;
  return (
    <div className={['field', error ? 'field--invalid' : '', className].filter(Boolean).join(' ')}>
      <label className="field__label" htmlFor={controlId}>
        {label}
      </label>
      {children({ id: controlId, 'aria-invalid': error ? true : undefined, 'aria-describedby': describedBy })}
      {hint && (
        <p id={hintId} className="field__hint">
          {hint}
        </p>
      )}
      {status && (
        <p id={statusId} className="field__hint" aria-live="polite">
          {status}
        </p>
      )}
      {error && (
        <p id={errorId} className="field__error">
          {error}
        </p>
      )}
    </div>
  );
}
