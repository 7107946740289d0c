import type { OrderDetail } from '@/shared/api/types';
import { useI18n } from '@/shared/i18n/i18n-context';
import { isWebLink } from '../model/links';

/**
 * A store return's store info (000 §2 sidebar "barcode or store info", §3 returnToStore; 001 §5: without a
 * label, store info replaces the barcode messaging): the order system's header and subheader, its link, and
 * the barcode number only where the server's `returnBarcode` action allows a barcode (the spec's barcode
 * rule, domain/src/actions.rs return_barcode). The barcode image itself is the returns feature's panel.
 */
export function ReturnToStoreCard({ order }: { order: OrderDetail }) {
  const { t } = useI18n();
  const store = order.returnToStore;
  if (order.orderType !== 'RETURN_ORDER' || !store) return null;
  const barcodeAction = order.actions.returnBarcode;
  const barcodeNumber = barcodeAction?.enabled ? (barcodeAction.barcode?.value ?? store.barcodeNumber) : null;
  const link = isWebLink(store.linkSource) ? store.linkSource : null;
  return (
    <section className="card return-to-store" aria-labelledby="return-to-store-heading">
      <h2 id="return-to-store-heading" className="order-sidebar__heading">
        {store.header?.trim() || t('orders.returnToStore.heading')}
      </h2>
      {store.subheader?.trim() && <p>{store.subheader}</p>}
      {barcodeNumber && <p>{t('orders.returnToStore.barcodeNumber', { number: barcodeNumber })}</p>}
      {link && <a href={link}>{store.linkDisplayText?.trim() || t('orders.returnToStore.link')}</a>}
    </section>
  );
}
