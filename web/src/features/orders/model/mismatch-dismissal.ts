/**
 * The order-country mismatch modal, once dismissed, stays closed for that order under that route country
 * for the browser session (sessionStorage: a reload or going back does not bring it again; a new session
 * does). Storage that throws (private modes, quotas, blocked cookies) only means the modal shows again.
 */
const key = (orderNumber: string, routeCountry: string) =>
  `orders.mismatchDismissed.${orderNumber}.${routeCountry.toUpperCase()}`;

export function mismatchDismissed(orderNumber: string, routeCountry: string): boolean {
  try {
    return sessionStorage.getItem(key(orderNumber, routeCountry)) === '1';
  } catch {
    return false;
  }
}

export function rememberMismatchDismissed(orderNumber: string, routeCountry: string): void {
  try {
    sessionStorage.setItem(key(orderNumber, routeCountry), '1');
  } catch {
    // Not remembered: the modal shows again on the next load, which is the safe side.
  }
}
