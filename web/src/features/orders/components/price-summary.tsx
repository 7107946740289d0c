import type { OrderDetail } from '@/shared/api/types';
import { useFlags } from '@/shared/config/flags';
import { useI18n } from '@/shared/i18n/i18n-context';
import { priceSummaryRows } from '../model/price-summary';

export function PriceSummary({ order }: { order: OrderDetail }) {
  const { t, money } = useI18n();
  const { isAustralia } = useFlags();
  return (
    <dl className="price-summary">
      {priceSummaryRows(order, { isAustralia }).map((row) => (
        <div key={row.id} className={`price-summary__row price-summary__row--${row.id}`}>
          <dt>{t(row.label)}</dt>
          <dd>{row.amount === null ? t('orders.summary.free') : money(row.amount, order.currency)}</dd>
        </div>
      ))}
    </dl>
  );
}
