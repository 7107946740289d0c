import { useState } from 'react';
import { Link } from 'wouter';
import { ApiError, type ErrorCode } from '@/shared/api/api-error';
import type { ActionView } from '@/shared/api/types';
import { useLineActionMessage } from '@/shared/embed/line-action';
import { useI18n } from '@/shared/i18n/i18n-context';
import { leaveApp } from '@/shared/routing/leave-app';
import { paths } from '@/shared/routing/paths';
import { Button } from '@/shared/ui/button';
import { Dialog } from '@/shared/ui/dialog';
import { ErrorDialog } from '@/shared/ui/error-dialog';
import { useAddToBag } from '../api/bag';
import './mini-cart.css';

/** The bag's refusals (POST /cart/v1/items) by the server's code, as the message's reason; any other is "other". */
const BAG_REFUSALS: Partial<Record<ErrorCode, string>> = {
  'no-pricing-info': 'noPricingInfo',
  'out-of-stock': 'outOfStock',
  'bag-limit': 'bagLimit',
  'bag-currency-mismatch': 'bagCurrencyMismatch',
};
const refusalReason = (error: unknown) => (error instanceof ApiError ? BAG_REFUSALS[error.code] : undefined) ?? 'other';

interface BuyAgainProps {
  skuId: string;
  /** The item's title, read after the button's text by screen readers: a page lists many "Buy again". */
  productTitle: string;
  currency: string;
  /** Where China value-added services are bought: the product's page. */
  fallbackUrl: string;
  /** China value-added services are bought on the product's page, never through the bag. */
  valueAddedService: boolean;
  /** The line's `buyItAgain` action: its appCallback goes to a framing retailer page on a click. */
  action?: ActionView;
}

/**
 * Buy again (spec 002 §4): adds one unit; on success the button becomes View in bag and the mini-cart
 * confirmation opens; on a failure the shopper stays on the order and an error dialog says why (the
 * server's reason by code); China value-added services go to the product.
 */
export function BuyAgain({ skuId, productTitle, currency, fallbackUrl, valueAddedService, action }: BuyAgainProps) {
  const { t, money } = useI18n();
  const postAction = useLineActionMessage();
  const add = useAddToBag(currency);
  const [confirmOpen, setConfirmOpen] = useState(false);
  const [failureOpen, setFailureOpen] = useState(false);
  const goToProduct = () => {
    leaveApp(fallbackUrl);
  };

  if (add.isSuccess) {
    const item = add.data.addedItem;
    return (
      <>
        <Link href={paths.bag()} className="button button--secondary">
          {t('cart.buyAgain.viewInBag')}
          <span className="visually-hidden">: {productTitle}</span>
        </Link>
        {confirmOpen && item && (
          <Dialog
            title={t('cart.miniCart.title')}
            onDismiss={() => {
              setConfirmOpen(false);
            }}
            actions={
              <>
                <Link href={paths.bag()} className="button button--primary">
                  {t('cart.miniCart.viewBag', { count: item.totalItemCount })}
                </Link>
                <Button
                  variant="secondary"
                  onClick={() => {
                    setConfirmOpen(false);
                  }}
                >
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
        )}
      </>
    );
  }
  const onClick = () => {
    postAction(action);
    if (valueAddedService) {
      goToProduct();
      return;
    }
    add.mutate(skuId, {
      onSuccess: () => {
        setConfirmOpen(true);
      },
      onError: () => {
        setFailureOpen(true);
      },
    });
  };
  return (
    <>
      <Button variant="secondary" loading={add.isPending} onClick={onClick}>
        {add.isPending ? t('cart.buyAgain.adding') : t('cart.buyAgain.button')}
        <span className="visually-hidden">: {productTitle}</span>
      </Button>
      {failureOpen && add.isError && (
        <ErrorDialog
          title={t('cart.buyAgain.failedTitle')}
          lead="dismiss"
          onDismiss={() => {
            setFailureOpen(false);
          }}
        >
          <p>{t('cart.buyAgain.failed', { reason: refusalReason(add.error) })}</p>
        </ErrorDialog>
      )}
    </>
  );
}
