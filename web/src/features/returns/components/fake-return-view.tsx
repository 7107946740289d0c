import { Link } from 'wouter';
import type { OrderDetail } from '@/shared/api/types';
import { useI18n } from '@/shared/i18n/i18n-context';
import { paths } from '@/shared/routing/paths';
import { Alert } from '@/shared/ui/alert';
import type { FakeReturnOrder } from '../api';
import { methodKind } from '../model/method-kind';

/**
 * The fake-return variant of the return confirmation (spec 001 §2.2, §4.2; ADR 0017): the mock return
 * order the server answered when enableFakeReturn is on. It says plainly that nothing was created, and
 * offers nothing a real return offers (no return number, label, code or refund): only the way back.
 */
export function FakeReturnView({ order, mock }: { order: OrderDetail; mock: FakeReturnOrder }) {
  const { t } = useI18n();
  const items = order.groups.flatMap((group) => group.orderItems);
  const titleOf = (gtin: string) => items.find((item) => item.product.gtin === gtin)?.product.title ?? gtin;
  return (
    <div className="return-instructions">
      <h1 tabIndex={-1}>{t('returns.fake.heading')}</h1>
      <Alert tone="info">{t('returns.fake.body')}</Alert>
      <section className="card" aria-labelledby="fake-return-items">
        <h2 id="fake-return-items">{t('returns.fake.items')}</h2>
        <ul>
          {mock.lines.map((line) => (
            <li key={line.universalProductCode}>
              {t('returns.fake.line', { quantity: line.quantity, title: titleOf(line.universalProductCode) })}
            </li>
          ))}
        </ul>
        <p>
          {t('returns.fake.method', {
            method: t('returns.method.name', { method: methodKind(mock.returnMethod) }),
          })}
          {mock.carrierName ? ` · ${mock.carrierName}` : ''}
        </p>
      </section>
      <Link className="button button--primary" href={paths.salesOrder(order.orderNumber)}>
        {t('returns.breadcrumb.order')}
      </Link>
    </div>
  );
}
