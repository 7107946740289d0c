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
  signIn: (redirectPath?: string) =>
    redirectPath ? `/orders/signin?${new URLSearchParams({ redirectPath }).toString()}` : '/orders/signin',
};
