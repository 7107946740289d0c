import { Link } from 'wouter';
import type { ItemSlotProps } from '@/shared/order-slots/order-slots';
import { track } from '@/shared/analytics/analytics';
import { useI18n } from '@/shared/i18n/i18n-context';
import { returnPaths } from '../paths';

/**
 * "Return item" on a sales order's item: shown when the server says the line may be returned, by its
 * `return` action when it sends one, otherwise by the line's return facts (returnableFlag and a
 * returnable quantity, which carry the window, disableReturns and what earlier returns took). Opens the
 * wizard with this item pre-selected (`selected` = gtin).
 */
export function ReturnItemSlot({ item, order }: ItemSlotProps) {
  const { t } = useI18n();
  if (order.orderType === 'RETURN_ORDER') return null;
  const action = item.actions.return ?? order.actions.return;
  const returnable = action ? action.enabled : item.returnableFlag === true && (item.returnableQuantity ?? 0) > 0;
  if (!returnable) return null;
  return (
    <Link
      className="button button--secondary"
      href={returnPaths.items(order.orderNumber, item.product.gtin)}
      onClick={() => {
        track({ name: 'return_click', country: order.country });
      }}
    >
      {t('returns.slot.returnItem')}
    </Link>
  );
}
