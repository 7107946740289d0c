import type { QueryClient } from '@tanstack/react-query';
import { lazy, type ComponentProps, type ComponentType } from 'react';
import { Redirect, Route, Switch } from 'wouter';
import { prefetchOrderHistory } from '@/features/orders';
import { orderDetailQueryOptions } from '@/shared/api/order-detail';
import { getSession, identityKey } from '@/shared/auth/session';
import type { ShopperLocale } from '@/shared/i18n/locale-table';
import { AddressEditorProvider } from '@/shared/address-editor/address-editor-slot';
import { OrderSlotsProvider, type OrderSlots } from '@/shared/order-slots/order-slots';
import { paths } from '@/shared/routing/paths';
import { FIRST_PAGES, ORDER_NUMBER as ORDER } from './first-pages';

const loadOrderSlots = () => import('./order-slots').then((module) => module.orderSlots);

/**
 * An order page, loaded together with what the other features put in its slots (./order-slots: cancel, pay,
 * return, buy again ...). Only the order pages use them, so they stay out of what /orders loads first.
 */
function withOrderSlots<P extends object>(
  load: () => Promise<ComponentType<P>>,
  loadSlots: () => Promise<Partial<OrderSlots>> = loadOrderSlots,
) {
  return lazy(async () => {
    const [Page, slots] = await Promise.all([load(), loadSlots()]);
    const WithSlots = (props: P) => (
      <OrderSlotsProvider slots={slots}>
        <Page {...props} />
      </OrderSlotsProvider>
    );
    return { default: WithSlots };
  });
}

/** The history's cards take only buy again (./history-slots), not every order page's slots. */
const loadHistorySlots = () => import('./history-slots').then((module) => module.historySlots);

// One chunk per page: a shopper downloads only the screen they open. The pages a visit opens on most are
// also started early (`startPage`), with the same loaders; ./first-pages.ts names the modules these load, for
// the server to name their files in the page's HTML (ADR 0033).
const loadOrderHistoryPage = () =>
  import('@/features/orders/pages/order-history-page').then((module) => module.OrderHistoryPage);
const loadSalesOrderDetailPage = () =>
  import('@/features/orders/pages/sales-order-detail-page').then((module) => module.SalesOrderDetailPage);
const loadReturnItemsPage = () =>
  Promise.all([import('@/features/returns/pages/return-items-page'), import('@/features/addresses')]);
const OrderHistoryPage = withOrderSlots(loadOrderHistoryPage, loadHistorySlots);
const PartnerOrderHistoryPage = withOrderSlots(
  () => import('@/features/orders/pages/partner-order-history-page').then((module) => module.PartnerOrderHistoryPage),
  loadHistorySlots,
);
const SalesOrderDetailPage = withOrderSlots(loadSalesOrderDetailPage);
const ReturnOrderDetailPage = withOrderSlots(() =>
  import('@/features/orders/pages/return-order-detail-page').then((module) => module.ReturnOrderDetailPage),
);
const GuestLookupPage = lazy(() =>
  import('@/features/guest-lookup/pages/guest-lookup-page').then((module) => ({ default: module.GuestLookupPage })),
);
const GiftCardLookupPage = lazy(() =>
  import('@/features/gift-cards/pages/gift-card-lookup-page').then((module) => ({
    default: module.GiftCardLookupPage,
  })),
);
const BagPage = lazy(() => import('@/features/cart/pages/bag-page').then((module) => ({ default: module.BagPage })));
const SavedAddressesPage = lazy(() =>
  import('@/features/addresses/pages/saved-addresses-page').then((module) => ({ default: module.SavedAddressesPage })),
);
const CurbsidePickupPage = lazy(() =>
  import('@/features/pickups/pages/curbside-pickup-page').then((module) => ({ default: module.CurbsidePickupPage })),
);
const StoreConsolePage = lazy(() =>
  import('@/features/pickups/pages/store-console-page').then((module) => ({ default: module.StoreConsolePage })),
);
/** The return wizard, with the address book's form for the Korea courier pickup (shared/address-editor). */
const ReturnItemsPage = lazy(async () => {
  const [{ ReturnItemsPage: Page }, { AddressEditorSlot }] = await loadReturnItemsPage();
  const WithAddressEditor = (props: ComponentProps<typeof Page>) => (
    <AddressEditorProvider editor={AddressEditorSlot}>
      <Page {...props} />
    </AddressEditorProvider>
  );
  return { default: WithAddressEditor };
});
const ReturnInstructionsPage = lazy(() =>
  import('@/features/returns/pages/return-instructions-page').then((module) => ({
    default: module.ReturnInstructionsPage,
  })),
);
const BankRefundPage = lazy(() =>
  import('@/features/returns/pages/bank-refund-page').then((module) => ({ default: module.BankRefundPage })),
);
const RefundConfirmationPage = lazy(() =>
  import('@/features/returns/pages/bank-refund-page').then((module) => ({ default: module.RefundConfirmationPage })),
);
const WithdrawalPage = lazy(() =>
  import('@/features/returns/pages/withdrawal-page').then((module) => ({ default: module.WithdrawalPage })),
);
const SignInPage = lazy(() =>
  import('@/features/auth/pages/sign-in-page').then((module) => ({ default: module.SignInPage })),
);
const ForgotPasswordPage = lazy(() =>
  import('@/features/auth/pages/forgot-password-page').then((module) => ({ default: module.ForgotPasswordPage })),
);
const SignUpPage = lazy(() =>
  import('@/features/auth/pages/sign-up-page').then((module) => ({ default: module.SignUpPage })),
);
const ResetPasswordPage = lazy(() =>
  import('@/features/auth/pages/reset-password-page').then((module) => ({ default: module.ResetPasswordPage })),
);

const HISTORY = new RegExp(FIRST_PAGES.history.path);
const SALES = new RegExp(FIRST_PAGES.salesOrder.path);
const RETURNS = new RegExp(`^/orders/returns/${ORDER}/?$`);
const CURBSIDE = new RegExp(`^/orders/curbside/${ORDER}/?$`);
// Returns (spec 001 §2): returnItems, returnInstructions(+Emea), refund and refundConfirmation.
const RETURN_ITEMS = new RegExp(FIRST_PAGES.returnItems.path);
const RETURN_INSTRUCTIONS = new RegExp(`^/orders/return-instructions(?<emea>-emea)?/${ORDER}/?$`);
const REFUND = new RegExp(`^/orders/refund/${ORDER}/?$`);
const REFUND_CONFIRMATION = new RegExp(`^/orders/refund-confirmation/${ORDER}/?$`);
const WITHDRAWAL = new RegExp(`^/orders/withdrawal/${ORDER}/?$`);
const GUEST_LOOKUP = new RegExp(`^/orders/details(?:/${ORDER})?/?$`);

/**
 * Issue 33 (LCP on a phone), ADR 0030: the page a visit opens on asks for its code and its first data the
 * moment the app starts, beside the language's catalogue, instead of one after the other (the catalogue,
 * then the page's code, then the page's request, each a round trip). The requests are the pages' own (the
 * same loaders, the same query keys), so the page finds them answered or on their way and asks nothing
 * twice. `rest` is the path inside the country/locale prefix, `search` the URL's query string.
 */
export function startPage(rest: string, search: string, client: QueryClient, locale: ShopperLocale): void {
  const identity = identityKey(getSession());
  const order = (pattern: RegExp) => pattern.exec(rest)?.groups?.orderNumber;
  const prefetchOrder = (orderNumber: string) => {
    // A failure is the page's to show: it asks again when it finds no answer.
    if (identity !== 'anonymous')
      client.query(orderDetailQueryOptions(orderNumber, identity, locale)).catch(() => undefined);
  };
  if (HISTORY.test(rest)) {
    void loadOrderHistoryPage();
    void loadHistorySlots();
    prefetchOrderHistory(client, search, locale);
    return;
  }
  const sales = order(SALES);
  if (sales) {
    void loadSalesOrderDetailPage();
    void loadOrderSlots();
    prefetchOrder(sales);
    return;
  }
  const returnItems = order(RETURN_ITEMS);
  if (returnItems) {
    void loadReturnItemsPage();
    prefetchOrder(returnItems);
  }
}

/** The route table, inside the country/locale prefix (the enclosing router's base). */
export function AppRoutes() {
  return (
    <Switch>
      <Route path="/orders" component={OrderHistoryPage} />
      <Route path="/orders/partner" component={PartnerOrderHistoryPage} />
      <Route path={SALES}>{(params) => <SalesOrderDetailPage orderNumber={params.orderNumber ?? ''} />}</Route>
      <Route path={RETURNS}>{(params) => <ReturnOrderDetailPage orderNumber={params.orderNumber ?? ''} />}</Route>
      <Route path={RETURN_ITEMS}>{(params) => <ReturnItemsPage orderNumber={params.orderNumber ?? ''} />}</Route>
      <Route path={RETURN_INSTRUCTIONS}>
        {(params) => (
          <ReturnInstructionsPage returnOrderNumber={params.orderNumber ?? ''} emea={Boolean(params.emea)} />
        )}
      </Route>
      <Route path={REFUND}>{(params) => <BankRefundPage orderNumber={params.orderNumber ?? ''} />}</Route>
      <Route path={REFUND_CONFIRMATION}>
        {(params) => <RefundConfirmationPage orderNumber={params.orderNumber ?? ''} />}
      </Route>
      <Route path={WITHDRAWAL}>{(params) => <WithdrawalPage orderNumber={params.orderNumber ?? ''} />}</Route>
      <Route path={GUEST_LOOKUP}>{(params) => <GuestLookupPage orderNumber={params.orderNumber} />}</Route>
      <Route path="/orders/signin" component={SignInPage} />
      <Route path="/orders/signup" component={SignUpPage} />
      <Route path="/orders/forgot-password" component={ForgotPasswordPage} />
      <Route path="/orders/password-reset" component={ResetPasswordPage} />
      <Route path="/orders/gift-card-lookup" component={GiftCardLookupPage} />
      <Route path="/orders/addresses" component={SavedAddressesPage} />
      <Route path="/orders/bag" component={BagPage} />
      <Route path={CURBSIDE}>{(params) => <CurbsidePickupPage orderNumber={params.orderNumber ?? ''} />}</Route>
      <Route path="/orders/store-console" component={StoreConsolePage} />
      {/* Unmatched routes go to /orders, keeping the prefix. */}
      <Route>
        <Redirect to={paths.history()} replace />
      </Route>
    </Switch>
  );
}
