import { Link } from 'wouter';
import type { ActionView, Product } from '@/shared/api/types';
import type { HistoryItemSlotProps, ItemSlotProps, OrderSlotProps } from '@/shared/order-slots/order-slots';
import { useFlags } from '@/shared/config/flags';
import { useLineActionMessage } from '@/shared/embed/line-action';
import { track } from '@/shared/analytics/analytics';
import { useI18n } from '@/shared/i18n/i18n-context';
import { returnPaths } from '../paths';

/**
 * The server's `return` line action, while it lasts. Line actions do not read the clock on the server
 * (history pages are stored with them), so the window is the action's `deadline`, dropped here once
 * passed, as the cancel button is.
 */
export function returnOffered(action: ActionView | undefined, now = Date.now()): boolean {
  if (!action?.enabled) return false;
  return !action.deadline || Date.parse(action.deadline) > now;
}

/**
 * The site an order is returned on instead of here, when the server's `return` action leads off the app (a
 * global-store order: 001 §6 "redirect to an external return URL"); the wizard's own link is a path.
 */
export function returnedElsewhere(action: ActionView | undefined): string | undefined {
  const link = action?.webLink;
  return link && /^https?:\/\//i.test(link) ? link : undefined;
}

interface ReturnLinkProps {
  orderNumber: string;
  country: string;
  /** Pre-selected in the wizard by its gtin; its title is read after the link's text by screen readers (a
   * page lists many "Return item"). */
  product?: Product;
  /** The server's `return` action: where it leads when that is another site. */
  action: ActionView | undefined;
  label: string;
}

function ReturnLink({ orderNumber, country, product, action, label }: ReturnLinkProps) {
  const postAction = useLineActionMessage();
  const onClick = () => {
    track({ name: 'return_click', country });
    // A line's `return` action carries an appCallback (the order-level one does not): a framing page hears of it.
    postAction(action);
  };
  const text = (
    <>
      {label}
      {product && <span className="visually-hidden">: {product.title}</span>}
    </>
  );
  const elsewhere = returnedElsewhere(action);
  if (elsewhere) {
    return (
      <a className="button button--secondary" href={elsewhere} onClick={onClick}>
        {text}
      </a>
    );
  }
  return (
    <Link className="button button--secondary" href={returnPaths.items(orderNumber, product?.gtin)} onClick={onClick}>
      {text}
    </Link>
  );
}

/**
 * "Return item" on a sales order's item: shown when the server says the line may be returned, by the line's
 * return facts where the detail carries them (returnableFlag and a returnable quantity, which carry the
 * window, disableReturns and what earlier returns took), else by its `return` action. Opens the wizard with
 * this item pre-selected (`selected` = gtin).
 */
export function ReturnItemSlot({ item, order }: ItemSlotProps) {
  const { t } = useI18n();
  if (order.orderType === 'RETURN_ORDER') return null;
  // The line's own action only: the order-level `return` is the header's quick action (ReturnOrderSlot).
  const action = item.actions.return;
  const returnable =
    item.returnableFlag == null
      ? returnOffered(action)
      : item.returnableFlag && (item.returnableQuantity ?? 0) > 0 && action?.enabled !== false;
  if (!returnable) return null;
  return (
    <ReturnLink
      orderNumber={order.orderNumber}
      country={order.country}
      product={item.product}
      action={action}
      label={t('returns.slot.returnItem')}
    />
  );
}

/** "Return item" on an item of a history card (000 §2: a row's actions are track, return and buy again). */
export function ReturnHistorySlot({ item }: HistoryItemSlotProps) {
  const { t } = useI18n();
  if (item.orderType !== 'SALES_ORDER' || !returnOffered(item.actions.return)) return null;
  return (
    <ReturnLink
      orderNumber={item.orderNumber}
      country={item.country}
      product={item.product}
      action={item.actions.return}
      label={t('returns.slot.returnItem')}
    />
  );
}

/**
 * The header's "Return items" quick action (000 §2), in quick-action mode: where the server's order-level
 * `return` action says some item may still be returned, until its deadline (the last item's window).
 * It opens the wizard with nothing pre-selected, or the site a global-store order is returned on.
 */
export function ReturnOrderSlot({ order }: OrderSlotProps) {
  const { t } = useI18n();
  const { useQuickActionCta } = useFlags();
  if (!useQuickActionCta || order.orderType === 'RETURN_ORDER' || !returnOffered(order.actions.return)) return null;
  return (
    <ReturnLink
      orderNumber={order.orderNumber}
      country={order.country}
      action={order.actions.return}
      label={t('returns.slot.returnItems')}
    />
  );
}
