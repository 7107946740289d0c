import { useI18n } from '@/shared/i18n/i18n-context';
import type { PackageLink } from '../model/shipments';

/** "UPS · Tracking number 1Z…", "Tracking number …" or "Carrier: UPS": only what the order system sent. */
function useCarrierLine() {
  const { t } = useI18n();
  return ({ carrierName, trackingNumber }: PackageLink): string | null => {
    if (carrierName && trackingNumber)
      return t('orders.detail.packageCarrierTracking', { carrier: carrierName, number: trackingNumber });
    if (trackingNumber) return t('orders.detail.packageTrackingNumber', { number: trackingNumber });
    if (carrierName) return t('orders.detail.packageCarrier', { carrier: carrierName });
    return null;
  };
}

const titles = (parcel: PackageLink) => parcel.items.map((item) => item.product.title).join(', ');

/**
 * A shipment's packages as far as they add to its group: "Track package 2 of 2" where a package has a
 * link of its own, and what is in it; its carrier and tracking number where the order system sent them.
 */
export function PackageLinks({ packages }: { packages: readonly PackageLink[] }) {
  const { t } = useI18n();
  const carrierLine = useCarrierLine();
  if (packages.length === 0) return null;
  return (
    <ul className="package-links">
      {packages.map((parcel) => {
        const carrier = carrierLine(parcel);
        // Without a link of its own, a package's items say which one it is when the shipment has several.
        const itemsBesideCarrier = !parcel.link && parcel.count > 1 && parcel.items.length > 0;
        return (
          <li key={parcel.key}>
            {parcel.link && (
              <div>
                <a href={parcel.link} target="_blank" rel="noopener noreferrer">
                  {t('orders.detail.trackPackage', { index: parcel.index, count: parcel.count })}
                  <span className="visually-hidden"> {t('common.opensInNewTab')}</span>
                </a>
                {parcel.items.length > 0 && <span className="muted"> {titles(parcel)}</span>}
              </div>
            )}
            {carrier && (
              <div className="package-links__carrier">
                {carrier}
                {itemsBesideCarrier && <span className="muted"> {titles(parcel)}</span>}
              </div>
            )}
          </li>
        );
      })}
    </ul>
  );
}
