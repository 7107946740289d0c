import { useEffect } from 'react';
import type { MessageKey } from '@/shared/i18n/messages';

const DETAIL = /^\/orders\/(sales|returns)\/([A-Za-z0-9]+)/;
const GUEST_LOOKUP = /^\/orders\/details(\/|$)/;
const GIFT_CARD = /^\/orders\/gift-card-lookup\/?$/;

/** Spec §2: order detail pages, the guest lookup, and every other page ("Member Orders"). */
export function pageTitleKey(path: string): MessageKey {
  if (DETAIL.test(path)) return 'app.title.orderDetails';
  if (GUEST_LOOKUP.test(path)) return 'app.title.guestLookup';
  if (GIFT_CARD.test(path)) return 'app.title.giftCard';
  return 'app.title.memberOrders';
}

/** The order number of an order detail page's path (sales or return), else null. */
export function detailOrderNumber(path: string): string | null {
  return DETAIL.exec(path)?.[2] ?? null;
}

interface TitleParts {
  /** The page's translated title ("Order Details"). */
  title: string;
  country: string;
  /** The retailer's configured brand name, when there is one. */
  brandName: string | null;
  /** The product's own name (the header's "Orders", translated): the store name where no brand is set. */
  productName: string;
  path: string;
}

/**
 * document.title: the translated page title with a country suffix, "Member Orders | GB"; with a
 * configured brand its name comes before the country, "Member Orders | Trailhead Outfitters | GB".
 * Spec 000 §2: an order detail's title is the localized title plus the store name; it also carries the
 * order number, so a shopper with several orders open can tell the tabs apart (walk polish 1):
 * "Order Details C0012345678 | Trailhead Outfitters | GB". Without a brand the store name there is the
 * name the site header shows instead ("Orders", translated): "Order Details C0012345678 | Orders | GB".
 */
export function documentTitle({ title, country, brandName, productName, path }: TitleParts): string {
  const orderNumber = detailOrderNumber(path);
  const storeName = brandName ?? (orderNumber ? productName : null);
  const heading = orderNumber ? `${title} ${orderNumber}` : title;
  return storeName ? `${heading} | ${storeName} | ${country}` : `${heading} | ${country}`;
}

export function useDocumentTitle(parts: TitleParts) {
  const title = documentTitle(parts);
  useEffect(() => {
    document.title = title;
  }, [title]);
}
