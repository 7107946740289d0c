import { useState } from 'react';
import { Link } from 'wouter';
import { useI18n } from '@/shared/i18n/i18n-context';
import { leaveApp } from '@/shared/routing/leave-app';
import { paths } from '@/shared/routing/paths';
import { Button } from '@/shared/ui/button';
import { Dialog } from '@/shared/ui/dialog';
import { useAddToBag } from '../api/bag';

interface BuyAgainProps {
  skuId: string;
  currency: string;
  /** Where the browser goes when the bag cannot take the item (spec 002 §4): the product's page. */
  fallbackUrl: string;
  /** China value-added services are bought on the product's page, never through the bag. */
  valueAddedService: boolean;
}

/**
 * Buy again (spec 002 §4): adds one unit; on success the button becomes View in bag and the mini-cart
 * confirmation opens; on any failure, or for China value-added services, the browser goes to the product.
 */
export function BuyAgain({ skuId, currency, fallbackUrl, valueAddedService }: BuyAgainProps) {
  const { t, money } = useI18n();
  const add = useAddToBag(currency);
  const [confirmOpen, setConfirmOpen] = useState(false);
  const goToProduct = () => {
    leaveApp(fallbackUrl);
  };

  if (add.isSuccess) {
    const item = add.data.addedItem;
    return (
      <>
        <Link href={paths.bag()} className="button button--secondary">
          {t('services.buyAgain.viewInBag')}
        </Link>
        {confirmOpen && item && (
          <Dialog
            title={t('services.miniCart.title')}
            onDismiss={() => {
              setConfirmOpen(false);
            }}
            actions={
              <>
                <Link href={paths.bag()} className="button button--primary">
                  {t('services.miniCart.viewBag', { count: item.totalItemCount })}
                </Link>
                <Button
                  variant="secondary"
                  onClick={() => {
                    setConfirmOpen(false);
                  }}
                >
                  {t('services.miniCart.continue')}
                </Button>
              </>
            }
          >
            <div className="mini-cart">
              <img src={item.image} alt="" width={96} height={96} />
              <div>
                <p className="mini-cart__title">{item.title}</p>
                <p className="muted">{item.category}</p>
                <p>{t('services.miniCart.size', { size: item.size })}</p>
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
    if (valueAddedService) {
      goToProduct();
      return;
    }
    add.mutate(skuId, {
      onSuccess: () => {
        setConfirmOpen(true);
      },
      onError: goToProduct,
    });
  };
  return (
    <Button variant="secondary" loading={add.isPending} onClick={onClick}>
      {add.isPending ? t('services.buyAgain.adding') : t('services.buyAgain.button')}
    </Button>
  );
}
