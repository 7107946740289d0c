import { Link } from 'wouter';
import type { ItemSlotProps } from '@/shared/order-slots/order-slots';
import { useI18n } from '@/shared/i18n/i18n-context';
import { returnPaths } from '../paths';

/**
 * "Return items" on a sales order's item: shown when the server's `return` action is there and enabled
 * (its 30-day rule, returnable quantity and disableReturns are the server's). Opens the wizard with this
 * item pre-selected (`selected` = gtin).
 */
export function ReturnItemSlot({ item, order }: ItemSlotProps) {
  const { t } = useI18n();
  const action = item.actions.return ?? order.actions.return;
  if (order.orderType === 'RETURN_ORDER' || !action?.enabled) return null;
  return (
    <Link className="button button--secondary" href={returnPaths.items(order.orderNumber, item.product.gtin)}>
      {t('returns.slot.returnItem')}
    </Link>
  );
}
