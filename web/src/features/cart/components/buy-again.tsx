import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { Link } from 'wouter';
import type { ActionView } from '@/shared/api/types';
import { useLineActionMessage } from '@/shared/embed/line-action';
import { useI18n } from '@/shared/i18n/i18n-context';
import { leaveApp } from '@/shared/routing/leave-app';
import { paths } from '@/shared/routing/paths';
import { Button } from '@/shared/ui/button';
import { useAddToBag } from '../api/bag';

/**
 * The dialogs open only after a click and its request: their code (and the dialog's) is asked for on the click,
 * beside the request, so the history's cards, which show this button, do not load it first (issue 33).
 */
const loadDialogs = () => import('./buy-again-dialogs');
const MiniCartDialog = lazy(() => loadDialogs().then((module) => ({ default: module.MiniCartDialog })));
const BuyAgainFailedDialog = lazy(() => loadDialogs().then((module) => ({ default: module.BuyAgainFailedDialog })));

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
  const { t } = useI18n();
  const postAction = useLineActionMessage();
  const add = useAddToBag(currency);
  const [confirmOpen, setConfirmOpen] = useState(false);
  const [failureOpen, setFailureOpen] = useState(false);
  // The button the shopper pressed is gone once the item is in the bag: when the mini-cart closes, focus goes
  // to the link that took its place rather than to the top of the page.
  const viewInBag = useRef<HTMLAnchorElement>(null);
  const confirmWasOpen = useRef(false);
  useEffect(() => {
    if (confirmOpen) confirmWasOpen.current = true;
    else if (confirmWasOpen.current) {
      confirmWasOpen.current = false;
      viewInBag.current?.focus();
    }
  }, [confirmOpen]);
  const goToProduct = () => {
    leaveApp(fallbackUrl);
  };

  if (add.isSuccess) {
    const item = add.data.addedItem;
    return (
      <>
        <Link ref={viewInBag} href={paths.bag()} className="button button--secondary">
          {t('cart.buyAgain.viewInBag')}
          <span className="visually-hidden">: {productTitle}</span>
        </Link>
        {confirmOpen && item && (
          <Suspense fallback={null}>
            <MiniCartDialog
              item={item}
              onDismiss={() => {
                setConfirmOpen(false);
              }}
            />
          </Suspense>
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
    void loadDialogs();
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
        <Suspense fallback={null}>
          <BuyAgainFailedDialog
            error={add.error}
            onDismiss={() => {
              setFailureOpen(false);
            }}
          />
        </Suspense>
      )}
    </>
  );
}
