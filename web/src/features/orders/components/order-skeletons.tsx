import type { ReactNode } from 'react';
import { useI18n } from '@/shared/i18n/i18n-context';
import './order-skeletons.css';

/**
 * Loading placeholders shaped like the page they stand for (spec: skeletons, not a spinner), so nothing
 * jumps when the data arrives. The region is aria-busy; screen readers hear one "Loading" from the status
 * line, and the grey shapes themselves are hidden from them.
 */
function Busy({ className, children }: { className: string; children: ReactNode }) {
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

const Bone = ({ width, height = '1rem', className = '' }: { width: string; height?: string; className?: string }) => (
  <span className={`skeleton ${className}`} style={{ width, height }} />
);

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

/** The detail layout: header with the total, shipment groups with item cards, and the sidebar cards. */
export function DetailSkeleton() {
  const item = (index: number) => (
    <li key={index} className="item-card">
      <Bone className="skeleton--image item-skeleton__image" width="128px" height="128px" />
      <div className="item-card__body">
        <Bone width="min(14rem, 80%)" height="1.25rem" />
        <Bone width="4rem" />
        <Bone width="min(10rem, 60%)" />
        <Bone width="min(8rem, 50%)" />
      </div>
    </li>
  );
  return (
    <Busy className="order-detail detail-skeleton">
      <div className="order-header">
        <div>
          <Bone width="min(18rem, 70vw)" height="2rem" />
          <Bone width="10rem" className="skeleton--gap" />
        </div>
        <div className="order-header__total">
          <Bone width="5rem" />
          <Bone width="6rem" height="1.5rem" className="skeleton--gap" />
        </div>
      </div>
      <div className="order-detail__layout">
        <div className="order-detail__groups">
          {[2, 1].map((count, group) => (
            <div key={group} className="shipment-group card">
              <div className="shipment-group__head">
                <Bone width="9rem" height="1.5rem" />
                <Bone width="4rem" />
              </div>
              <ul className="shipment-group__items">{Array.from({ length: count }, (_, index) => item(index))}</ul>
            </div>
          ))}
        </div>
        <div className="order-sidebar">
          {[4, 3, 5].map((lines, card) => (
            <div key={card} className="card detail-skeleton__card">
              <Bone width="8rem" height="1.25rem" />
              {Array.from({ length: lines }, (_, index) => (
                <Bone key={index} width={index % 2 ? '70%' : '90%'} />
              ))}
            </div>
          ))}
        </div>
      </div>
    </Busy>
  );
}
