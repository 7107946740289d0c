import type { AnchorHTMLAttributes } from 'react';
import './button.css';

/** An external link styled as a button (dialog actions such as "Contact us"). */
export function LinkButton({
  variant = 'secondary',
  className,
  ...rest
}: AnchorHTMLAttributes<HTMLAnchorElement> & { variant?: 'primary' | 'secondary' }) {
  return <a {...rest} className={['button', `button--${variant}`, className].filter(Boolean).join(' ')} />;
}
