import { TextField, type InputFieldProps } from './text-field';

/** An e-mail address: the e-mail keyboard and the browser's autofill with the shopper's own address. */
export function EmailField(props: Omit<InputFieldProps, 'type' | 'name' | 'autoComplete'>) {
  return <TextField type="email" name="email" autoComplete="email" {...props} />;
}
