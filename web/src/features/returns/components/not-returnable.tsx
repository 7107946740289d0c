import type { components } from '@/shared/api/schema';
import type { ItemSlotProps } from '@/shared/order-slots/order-slots';
import { useHelpLinks } from '@/shared/config/help-links';
import { useI18n } from '@/shared/i18n/i18n-context';

type DisableReason = components['schemas']['ReturnDisableReason'];

/** The server's reason codes (domain `returns::quantity::DisableReason`) and their message cases. */
const REASONS: Record<string, string> = {
  'return-window-closed': 'windowClosed',
  'customized-item': 'customized',
  'fully-returned': 'fullyReturned',
  'not-delivered': 'notDelivered',
};

/**
 * Where the reason links: the server's link when it leads off this app (an absolute URL), else the country's
 * returns policy from the configuration. A site-relative path ("/help/returns-policy") would point into
 * this app, which has no such page.
 */
const policyLink = (serverLink: string | null | undefined, returnsPolicy: string) =>
  serverLink && /^https?:\/\//i.test(serverLink) ? serverLink : returnsPolicy;

/**
 * Why a line cannot be returned, in the shopper's language: the server's own codes are translated here (its
 * `text` and `linkText` are English); a code it does not know is a retailer's own reason, shown as sent.
 */
export function NotReturnableReason({ reason, id }: { reason: DisableReason; id?: string }) {
  const { t } = useI18n();
  const help = useHelpLinks();
  const known = REASONS[reason.code];
  return (
    <p id={id} className="muted return-line__disabled">
      {known ? t('returns.disabled.reason', { reason: known }) : reason.text}{' '}
      <a href={policyLink(reason.linkUrl, help.returnsPolicy)}>
        {known ? t('returns.items.learnMore') : (reason.linkText ?? t('returns.items.learnMore'))}
      </a>
    </p>
  );
}

/**
 * The not-returnable message on the order detail's item card (000 §2 "Item card"): for a delivered line
 * whose return window closed, a customised line, or one returned in full. A line still on its way says
 * nothing (its return button appears once it arrives).
 */
export function NotReturnableSlot({ item, order }: ItemSlotProps) {
  const reason = item.returnDisableReason;
  if (order.orderType === 'RETURN_ORDER' || !reason || reason.code === 'not-delivered') return null;
  if (item.returnableFlag === true && (item.returnableQuantity ?? 0) > 0) return null;
  return <NotReturnableReason reason={reason} />;
}
