import type { ReactNode } from 'react';
import './alert.css';

/** A message the shopper must notice: role=alert announces it as soon as it appears. */
export function Alert({ tone = 'error', children, id }: { tone?: 'error' | 'info'; children: ReactNode; id?: string }) {
  return (
    <div id={id} role="alert" className={`alert alert--${tone}`}>
      {children}
    </div>
  );
}
