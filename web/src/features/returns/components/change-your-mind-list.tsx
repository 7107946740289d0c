import { useId } from 'react';
import { useI18n } from '@/shared/i18n/i18n-context';
import { methodKind } from '../model/method-kind';
import type { ReturnMethodOption } from '../model/return-options';
import type { MethodBox } from '../model/wizard';
import { boxSubtitle, MethodPrice } from './method-box';

interface ChangeYourMindListProps {
  /** The offered methods' boxes other than the chosen one. */
  boxes: MethodBox[];
  currency: string;
  onChoose: (method: ReturnMethodOption) => void;
}

/**
 * Spec 001 §2.1 (audit L433): once a method is chosen, or the order's saved choice is brought back, the
 * other offered methods are a "Changed your mind?" list under it. Picking one makes it the choice, which
 * the wizard saves for the order like any other choice.
 */
export function ChangeYourMindList({ boxes, currency, onChoose }: ChangeYourMindListProps) {
  const { t } = useI18n();
  const headingId = useId();
  return (
    <section className="return-method-switch" aria-labelledby={headingId}>
      <h2 id={headingId} className="return-method-switch__heading">
        {t('returns.method.changeMind')}
      </h2>
      <ul className="return-method-switch__list">
        {boxes.map((box) => {
          const first = box.options[0];
          if (!first) return null;
          const subtitle = boxSubtitle(box);
          return (
            <li key={box.key}>
              <button
                type="button"
                className="return-method-switch__choice"
                onClick={() => {
                  onChoose(first);
                }}
              >
                <span className="return-method__title">
                  <strong>{t('returns.method.name', { method: methodKind(first.method) })}</strong>
                  {subtitle && <span className="muted">{subtitle}</span>}
                </span>
                <MethodPrice method={first} currency={currency} compact />
              </button>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
