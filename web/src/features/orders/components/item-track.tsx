import { useLineActionMessage } from '@/shared/embed/line-action';
import type { ItemSlotProps } from '@/shared/order-slots/order-slots';
import { useI18n } from '@/shared/i18n/i18n-context';
import { itemTrackLink } from '../model/links';

/** "Track item" on an item card (an item action slot): the line's own tracking link (model/links). */
export function ItemTrackSlot({ item, order }: ItemSlotProps) {
  const { t } = useI18n();
  const postAction = useLineActionMessage();
  const link = itemTrackLink(item, order);
  if (!link) return null;
  return (
    <a
      className="button button--secondary"
      href={link}
      target="_blank"
      rel="noopener noreferrer"
      onClick={() => {
        postAction(item.actions.trackShipment);
      }}
    >
      {t('orders.detail.trackItem')}
      <span className="visually-hidden"> {t('common.opensInNewTab')}</span>
    </a>
  );
}
