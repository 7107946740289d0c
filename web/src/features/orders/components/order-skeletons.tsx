import type { ReactNode } from 'react';
import { useI18n } from '@/shared/i18n/i18n-context';
import './order-skeletons.css';

/**
 * Loading placeholders shaped like the page they stand for (spec: skeletons, not a spinner), so nothing
 * jumps when the data arrives. The region is aria-busy; screen readers hear one "Loading" from the status
 * line, and the grey shapes themselves are hidden from them.
 */
export function Busy({ className, children }: { className: string; children: ReactNode }) {
  const { t } = useI18n();
  return (
    <div className={className} aria-busy="true">
      <p role="status" className="visually-hidden">
        {t('app.loading')}
      </p>
      <div aria-hidden="true">{children}</div>
    </div>
  );
}

export const Bone = ({
  width,
  height = '1rem',
  className = '',
}: {
  width: string;
  height?: string;
  className?: string;
}) => <span className={`skeleton ${className}`} style={{ width, height }} />;

/** Order cards like history-row.tsx: number and date, status, total, then an item (image, title, facts). */
export function HistorySkeleton({ rows = 3 }: { rows?: number }) {
  return (
    <Busy className="history-skeleton">
      <ul className="history-list">
        {Array.from({ length: rows }, (_, index) => (
          <li key={index} className="history-order card">
            <div className="history-order__header">
              <div className="history-order__heading history-skeleton__stack">
                <Bone width="min(12rem, 60%)" height="1.25rem" />
                <Bone width="8rem" height="0.875rem" />
              </div>
              <Bone width="5rem" height="1.25rem" />
            </div>
            <div className="history-order__item">
              <Bone className="skeleton--image history-skeleton__image" width="72px" height="72px" />
              <div className="history-order__item-body history-skeleton__stack">
                <Bone width="min(16rem, 80%)" />
                <Bone width="min(12rem, 60%)" />
                <Bone width="6rem" />
              </div>
            </div>
          </li>
        ))}
      </ul>
    </Busy>
  );
}
