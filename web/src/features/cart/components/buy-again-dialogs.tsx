import { Link } from 'wouter';
import { ApiError, type ErrorCode } from '@/shared/api/api-error';
import { useI18n } from '@/shared/i18n/i18n-context';
import { paths } from '@/shared/routing/paths';
import { Button } from '@/shared/ui/button';
import { Dialog } from '@/shared/ui/dialog';
import { ErrorDialog } from '@/shared/ui/error-dialog';
import type { AddedItem } from '../api/bag';
import './mini-cart.css';

/** The bag's refusals (POST /cart/v1/items) by the server's code, as the message's reason; any other is "other". */
const BAG_REFUSALS: Partial<Record<ErrorCode, string>> = {
  'no-pricing-info': 'noPricingInfo',
  'out-of-stock': 'outOfStock',
  'bag-limit': 'bagLimit',
  'bag-currency-mismatch': 'bagCurrencyMismatch',
};
const refusalReason = (error: unknown) => (error instanceof ApiError ? BAG_REFUSALS[error.code] : undefined) ?? 'other';

/** The mini-cart confirmation after buy again added the item (spec 002 §4). */
export function MiniCartDialog({ item, onDismiss }: { item: AddedItem; onDismiss: () => void }) {
  const { t, money } = useI18n();
  return (
    <Dialog
      title={t('cart.miniCart.title')}
      onDismiss={onDismiss}
      actions={
        <>
          <Link href={paths.bag()} className="button button--primary">
            {t('cart.miniCart.viewBag', { count: item.totalItemCount })}
          </Link>
          <Button variant="secondary" onClick={onDismiss}>
            {t('cart.miniCart.continue')}
          </Button>
        </>
      }
    >
      <div className="mini-cart">
        <img src={item.image} alt="" width={96} height={96} />
        <div>
          <p className="mini-cart__title">{item.title}</p>
          <p className="muted">{item.category}</p>
          <p>{t('cart.miniCart.size', { size: item.size })}</p>
          <p>
            {money(item.price, item.currency)}
            {item.msrp > item.price && <s className="muted"> {money(item.msrp, item.currency)}</s>}
          </p>
        </div>
      </div>
    </Dialog>
  );
}

/** Buy again's failure: the shopper stays on the order, told why (the server's reason by code). */
export function BuyAgainFailedDialog({ error, onDismiss }: { error: unknown; onDismiss: () => void }) {
  const { t } = useI18n();
  return (
    <ErrorDialog title={t('cart.buyAgain.failedTitle')} lead="dismiss" onDismiss={onDismiss}>
      <p>{t('cart.buyAgain.failed', { reason: refusalReason(error) })}</p>
    </ErrorDialog>
  );
}
