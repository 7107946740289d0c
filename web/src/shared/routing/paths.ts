/** Paths inside the country/locale prefix; the router adds the prefix to links and navigation. */
export const paths = {
  history: () => '/orders',
  partnerHistory: () => '/orders/partner',
  salesOrder: (orderNumber: string) => `/orders/sales/${encodeURIComponent(orderNumber)}`,
  returnOrder: (orderNumber: string) => `/orders/returns/${encodeURIComponent(orderNumber)}`,
  orderDetail: (orderNumber: string, orderType: string) =>
    orderType === 'RETURN_ORDER' ? paths.returnOrder(orderNumber) : paths.salesOrder(orderNumber),
  guestLookup: (orderNumber?: string, prefill?: { email?: string; phoneNumber?: string }) => {
    const path = orderNumber ? `/orders/details/${encodeURIComponent(orderNumber)}` : '/orders/details';
    const query = new URLSearchParams(Object.entries(prefill ?? {}).filter(([, value]) => Boolean(value))).toString();
    return query ? `${path}?${query}` : path;
  },
  giftCardLookup: () => '/orders/gift-card-lookup',
  bag: () => '/orders/bag',
  addresses: () => '/orders/addresses',
  curbside: (orderNumber: string, query?: { storeId: string; qrId: string; storeInteractionId?: string }) => {
    const path = `/orders/curbside/${encodeURIComponent(orderNumber)}`;
    const search = new URLSearchParams(Object.entries(query ?? {}).filter(([, value]) => Boolean(value))).toString();
    return search ? `${path}?${search}` : path;
  },
  storeConsole: () => '/orders/store-console',
  forgotPassword: () => '/orders/forgot-password',
  signUp: () => '/orders/signup',
  /** The reset link's page; the e-mail's link carries the token in the fragment (#token=...). */
  resetPassword: () => '/orders/password-reset',
  signIn: (redirectPath?: string) =>
    redirectPath ? `/orders/signin?${new URLSearchParams({ redirectPath }).toString()}` : '/orders/signin',
};

/**
 * A page on another country's site: `path` (a path inside the prefix, as above) under that country's prefix,
 * in the country's default language ("/gb/orders/sales/C0012345678"). The one way a page links to an order's
 * own country site: the order detail's country-mismatch modal and the return wizard's "Update your location".
 */
export const countrySitePath = (country: string, path: string): string => `/${country.trim().toLowerCase()}${path}`;
