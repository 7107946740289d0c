import type { components } from '@/shared/api/schema';
import { useI18n } from '@/shared/i18n/i18n-context';

type StoreBarcode = components['schemas']['StoreBarcode'];

/**
 * The store-return barcode (CODE128 of the return number), drawn by the server (one barcode
 * implementation: crates/server/src/documents/barcode.rs) and named for screen readers by `label`.
 */
export function ReturnBarcode({ barcode, label }: { barcode: StoreBarcode; label: string }) {
  return <img className="return-barcode__image" src={barcode.image} alt={label} />;
}

/** The store-return barcode with its number, for the store to scan (001 §2.2). */
export function StoreBarcodeCard({
  barcode,
  returnOrderNumber,
  inCard = false,
}: {
  barcode: StoreBarcode;
  returnOrderNumber: string;
  /** Inside another card (the return detail's panel): no card of its own. */
  inCard?: boolean;
}) {
  const { t } = useI18n();
  return (
    <section className={inCard ? 'return-barcode' : 'card return-barcode'} aria-labelledby="return-barcode-heading">
      <h2 id="return-barcode-heading">{t('returns.instructions.barcodeHeading')}</h2>
      <ReturnBarcode barcode={barcode} label={t('returns.instructions.barcodeLabel', { returnOrderNumber })} />
      <p className="return-code__text">{barcode.value}</p>
      <p className="muted">{t('returns.instructions.barcodeHelp')}</p>
    </section>
  );
}
