import { useFlags } from '@/shared/config/flags';
import { useI18n } from '@/shared/i18n/i18n-context';
import { Button } from '@/shared/ui/button';
import type { RefundPreview } from '../model/refund-preview';
import type { PrimaryAction } from '../model/wizard';

interface ReturnSummaryProps {
  preview: RefundPreview;
  currency: string;
  action: PrimaryAction;
  disabled: boolean;
  busy: boolean;
  onAction: () => void;
}

/**
 * The summary sidebar (desktop) and the mobile footer (spec 001 §2.1) with the refund preview: the
 * amount, deductions and when the money arrives; the button is the step's primary action.
 */
export function ReturnSummary({ preview, currency, action, disabled, busy, onAction }: ReturnSummaryProps) {
  const { t, money } = useI18n();
  // 001 §6 show-return-tax-total: the tax is its own row only where the country shows it (it is in the
  // total either way).
  const { showReturnTaxTotal } = useFlags();
  const button = (
    <Button onClick={onAction} disabled={disabled || busy} loading={busy}>
      {t('returns.action', { action })}
    </Button>
  );
  return (
    <>
      <aside className="return-summary card" aria-label={t('returns.summary.heading')}>
        <h2 className="return-summary__heading">{t('returns.summary.heading')}</h2>
        <dl className="return-summary__rows">
          <div>
            <dt>{t('returns.summary.items', { count: preview.items })}</dt>
            <dd>{money(preview.subtotal, currency)}</dd>
          </div>
          {showReturnTaxTotal && preview.tax !== 0 && (
            <div>
              <dt>{t('returns.summary.tax')}</dt>
              <dd>{money(preview.tax, currency)}</dd>
            </div>
          )}
          {preview.deduction > 0 && (
            <div>
              <dt>{t('returns.summary.deduction')}</dt>
              <dd>−{money(preview.deduction, currency)}</dd>
            </div>
          )}
          <div className="return-summary__total">
            <dt>{t('returns.summary.estimate')}</dt>
            <dd>{money(preview.total, currency)}</dd>
          </div>
        </dl>
        {preview.shippingCharge > 0 && (
          <p className="muted">
            {t('returns.summary.shippingCharge', { amount: money(preview.shippingCharge, currency) })}
          </p>
        )}
        <p className="muted">
          {preview.arrival
            ? t('returns.summary.arrival', {
                destination: preview.arrival.destination,
                min: preview.arrival.min,
                max: preview.arrival.max,
              })
            : t('returns.summary.timing', { timing: preview.timing })}
        </p>
        <p className="muted return-summary__note">{t('returns.summary.estimateNote')}</p>
        <div className="return-summary__button">{button}</div>
      </aside>
      {/* The mobile footer repeats the total and the button (hidden from assistive tech's duplicate reading by being the same control). */}
      <div className="return-footer">
        <span>{t('returns.summary.footerTotal', { amount: money(preview.total, currency) })}</span>
        {button}
      </div>
    </>
  );
}
