/**
 * Query keys shared across features, so the guest lookup can hand the order it fetched to the
 * detail page without a second request.
 */
export const queryKeys = {
  orderHistory: (kind: 'own' | 'partner', identity: string, country: string, language: string) =>
    ['orders', 'history', kind, identity, country, language] as const,
  orderDetail: (orderNumber: string, identity: string) => ['orders', 'detail', orderNumber, identity] as const,
};
