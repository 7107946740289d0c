import type { AppCallback } from '@/shared/api/types';

/**
 * Embedded mode (spec 000 §2): a retailer shows the portal inside its own page. `?standalone=true` on
 * any entry URL turns on the standalone view for the rest of the tab (the retailer's page has its own
 * chrome: no site header, no help or contact in the sidebar); `?standalone=false` turns it off.
 */
const KEY = 'orders.standalone';
const SIGN_IN_KEY = 'orders.showSignin';
const WRITE_REVIEW_KEY = 'orders.enableWriteReview';

/** A `true`/`false` query parameter, remembered for the tab (an entry URL's choice holds on every page). */
function remembered(search: string, parameter: string, key: string): boolean | null {
  const given = new URLSearchParams(search).get(parameter);
  try {
    if (given === 'true' || given === 'false') sessionStorage.setItem(key, given);
    const kept = sessionStorage.getItem(key);
    return kept === null ? null : kept === 'true';
  } catch {
    return given === null ? null : given === 'true';
  }
}

/** Reads `standalone` from the URL (and remembers it for the tab), else what the tab remembered. */
export function isStandalone(search: string = window.location.search): boolean {
  return remembered(search, 'standalone', KEY) === true;
}

/**
 * `showSignin` (spec 000 §2) with `standalone`: the retailer's page that embeds the portal owns signing
 * in (its own header, its app's account), so in the standalone view the portal's own sign-in offers (the
 * guest page's member link, the return method's "sign in for free returns", the login prompt) are hidden
 * unless the entry URL says `showSignin=true`. Outside the standalone view they always show. Remembered for
 * the tab like `standalone`.
 */
export function signInShown(search: string = window.location.search): boolean {
  const show = remembered(search, 'showSignin', SIGN_IN_KEY);
  return !isStandalone(search) || show === true;
}

/**
 * `enableWriteReview` (spec 000 §2 lists it among the query parameters). The country flag of the same name
 * decides whether the link is offered (the server's `writeReview` action: spec 000 "only with flag or
 * enableWriteReview equal to true", 002 §1 "only when enableWriteReview equals true and under a feature
 * flag"); the entry URL can only take it away (`enableWriteReview=false`, e.g. an embedding page without
 * a review provider), never add it where the retailer has not turned reviews on, because the provider
 * registration behind the link is refused there. Remembered for the tab like `standalone`.
 */
export function writeReviewAllowed(search: string = window.location.search): boolean {
  return remembered(search, 'enableWriteReview', WRITE_REVIEW_KEY) !== false;
}

/**
 * The member header (the site header's navigation, spec 000 §2) is hidden when the country's
 * hideMemberHeader flag says so, in the standalone view, for a visitor without a member session, and on the
 * return and refund steps except the return detail (`/orders/returns/...`) and the refund payment
 * (`refund-pay`).
 */
export function memberHeaderShown({
  path,
  standalone,
  member,
  hidden = false,
}: {
  path: string;
  standalone: boolean;
  member: boolean;
  /** The hideMemberHeader flag. */
  hidden?: boolean;
}): boolean {
  if (hidden || standalone || !member) return false;
  const returnOrRefundStep =
    /\/orders\/(return-items|return-instructions(-emea)?|refund|refund-confirmation|withdrawal)\//.test(path);
  return !returnOrRefundStep;
}

/**
 * Spec 000 §2, §5: shown inside the retailer's frame, an order detail asks the top window to open its own
 * URL. The message goes to the configured parent origin only (`/config`'s embedParentOrigin), never to
 * `*`: another site that framed the page learns nothing. Without a configured origin nothing is posted.
 */
export function askParentToOpen(url: string, parentOrigin: string | undefined, target: Window | null = window.top) {
  if (!parentOrigin || !target || target === window.self) return false;
  target.postMessage({ type: 'orders:open-url', url }, parentOrigin);
  return true;
}

/**
 * Spec 000 §3 `appCallback`: the server puts one on every enabled line action of the order detail and the
 * history (action, orderNumber, lineNumber, url = the action's webLink), so that a retailer's page or app that
 * frames the portal can take the action itself. A click on a line action that carries one posts it as
 * `{ type: 'orders:action', ...appCallback }` to the configured parent origin only, as `orders:open-url` goes;
 * not framed, or with no configured origin, nothing is posted. The portal still takes the action itself.
 */
export function postLineAction(
  callback: AppCallback | null | undefined,
  parentOrigin: string | undefined,
  target: Window | null = window.top,
) {
  if (!callback || !parentOrigin || !target || target === window.self) return false;
  target.postMessage({ ...callback, type: 'orders:action' }, parentOrigin);
  return true;
}
