import { useEffect } from 'react';
import type { MessageKey } from '@/shared/i18n/messages';

const DETAIL = /^\/orders\/(sales|returns)\/[A-Za-z0-9]+/;
const GUEST_LOOKUP = /^\/orders\/details(\/|$)/;
const GIFT_CARD = /^\/orders\/gift-card-lookup\/?$/;

/** Spec §2: order detail pages, the guest lookup, and every other page ("Member Orders"). */
export function pageTitleKey(path: string): MessageKey {
  if (DETAIL.test(path)) return 'app.title.orderDetails';
  if (GUEST_LOOKUP.test(path)) return 'app.title.guestLookup';
  if (GIFT_CARD.test(path)) return 'app.title.giftCard';
  return 'app.title.memberOrders';
}

/**
 * document.title: the translated page title with a country suffix, "Order Details | GB"; with a
 * configured brand its name comes before the country (spec §2: the title names the store),
 * "Order Details | Trailhead Outfitters | GB".
 */
export function useDocumentTitle(title: string, country: string, brandName: string | null = null) {
  useEffect(() => {
    document.title = brandName ? `${title} | ${brandName} | ${country}` : `${title} | ${country}`;
  }, [title, country, brandName]);
}
