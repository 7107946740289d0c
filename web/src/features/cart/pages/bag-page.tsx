import { useStoreCurrency } from '@/shared/config/store-currency';
import { useI18n } from '@/shared/i18n/i18n-context';
import { Alert } from '@/shared/ui/alert';
import { Button } from '@/shared/ui/button';
import { useBag } from '../api/bag';

/** /orders/bag: what buy again put in the bag (the store's own bag page takes over in a real shop). */
export function BagPage() {
  const { t, money } = useI18n();
  const currency = useStoreCurrency();
  const bag = useBag(currency);
  return (
    <div className="narrow-page">
      <h1 tabIndex={-1}>{t('cart.bag.heading')}</h1>
      {bag.isPending && <p className="muted">{t('app.loading')}</p>}
      {bag.isError && (
        <Alert>
          {t('common.errors.oops.body')}{' '}
          <Button variant="secondary" onClick={() => void bag.refetch()}>
            {t('common.retry')}
          </Button>
        </Alert>
      )}
      {bag.isSuccess && bag.data.items.length === 0 && <p>{t('cart.bag.empty')}</p>}
      {bag.isSuccess && bag.data.items.length > 0 && (
        <div className="card">
          <ul className="stack">
            {bag.data.items.map((item) => (
              <li key={item.skuId}>
                {item.skuId} × {item.quantity} — {money(item.priceInfo.price * item.quantity, bag.data.currency)}
              </li>
            ))}
          </ul>
          <p>{t('cart.bag.total', { count: bag.data.totals.quantity })}</p>
        </div>
      )}
    </div>
  );
}
