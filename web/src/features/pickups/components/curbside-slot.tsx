import { Link } from 'wouter';
import { useFlags } from '@/shared/config/flags';
import { useI18n } from '@/shared/i18n/i18n-context';
import type { OrderSlotProps } from '@/shared/order-slots/order-slots';
import { paths } from '@/shared/routing/paths';
import { useCurbsideOffer } from '../api/curbside';

/**
 * On the order detail of an order ready for pickup at a store: the way to the curbside page. The server
 * answers the store and the order's QR id; nothing shows while it loads or when curbside does not apply.
 */
export function CurbsideSlot({ order }: OrderSlotProps) {
  const { enableCurbsidePickup } = useFlags();
  const { t } = useI18n();
  const ready = order.groups.some((group) => group.simpleStatus === 'readyForPickUp');
  const eligible = enableCurbsidePickup && ready && Boolean(order.pickupAddress) && order.orderType !== 'RETURN_ORDER';
  const offer = useCurbsideOffer(order.orderNumber, eligible);
  if (!eligible || !offer.data) return null;
  return (
    <Link
      className="button button--primary curbside-link"
      href={paths.curbside(offer.data.orderNumber, { storeId: offer.data.storeId, qrId: offer.data.qrId })}
    >
      {t('pickups.slot.link')}
    </Link>
  );
}
