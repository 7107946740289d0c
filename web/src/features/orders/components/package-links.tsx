import { useI18n } from '@/shared/i18n/i18n-context';
import type { PackageLink } from '../model/shipments';

/** A shipment's packages that have their own tracking link: "Track package 2 of 2", and what is in it. */
export function PackageLinks({ packages }: { packages: readonly PackageLink[] }) {
  const { t } = useI18n();
  if (packages.length === 0) return null;
  return (
    <ul className="package-links">
      {packages.map((parcel) => (
        <li key={parcel.key}>
          <a href={parcel.link} target="_blank" rel="noopener noreferrer">
            {t('orders.detail.trackPackage', { index: parcel.index, count: parcel.count })}
            <span className="visually-hidden"> {t('common.opensInNewTab')}</span>
          </a>
          {parcel.items.length > 0 && (
            <span className="muted"> {parcel.items.map((item) => item.product.title).join(', ')}</span>
          )}
        </li>
      ))}
    </ul>
  );
}
