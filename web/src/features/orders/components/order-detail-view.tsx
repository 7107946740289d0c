import { useEffect, useState } from 'react';
import { Link } from 'wouter';
import { isApiError } from '@/shared/api/api-error';
import { Redirect } from 'wouter';
import { useSession } from '@/shared/auth/session';
import { useCountryConfig } from '@/shared/config/config-provider';
import { askParentToOpen } from '@/shared/embed/embed';
import { useI18n } from '@/shared/i18n/i18n-context';
import { reloadPage } from '@/shared/routing/leave-app';
import { paths } from '@/shared/routing/paths';
import { Spinner } from '@/shared/ui/spinner';
import { useOrderDetail } from '../api/get-order-detail';
import { OrderHeader } from './order-header';
import { OrderModals } from './order-modals';
import { DetailSkeleton } from './detail-skeleton';
import { RequireMember } from './require-member';
import { OrderSidebar } from './order-sidebar';
import { ServiceErrorDialog } from './service-error-dialog';
import { ShipmentGroup } from './shipment-group';
import './order-detail.css';

type DetailRoute = 'sales' | 'returns';

/** Sales and return order details share one layout; each route sends the other kind to its own route. */
export function OrderDetailView({ orderNumber, route }: { orderNumber: string; route: DetailRoute }) {
  const session = useSession();
  if (session.restoring && !session.member) return <Spinner fullPage />;
  // The member's session ended on this page: sign in again, and come back to this order.
  if (session.ended && !session.member) return <RequireMember>{null}</RequireMember>;
  // Visitors who are neither members nor known guests identify themselves on the guest lookup first.
  if (!session.member && !session.visitor) return <Redirect to={paths.guestLookup(orderNumber)} replace />;
  return <LoadedOrderDetail orderNumber={orderNumber} route={route} asGuest={!session.member} />;
}

/** Spec 000 §2, §5: inside the retailer's frame, ask its page to open this order at the top. */
function useBreakOutOfFrame() {
  const parentOrigin = useCountryConfig()?.embedParentOrigin ?? undefined;
  useEffect(() => {
    askParentToOpen(window.location.href, parentOrigin);
  }, [parentOrigin]);
}

function LoadedOrderDetail({
  orderNumber,
  route,
  asGuest,
}: {
  orderNumber: string;
  route: DetailRoute;
  asGuest: boolean;
}) {
  const { t } = useI18n();
  useBreakOutOfFrame();
  const session = useSession();
  const query = useOrderDetail(orderNumber);
  const [dismissedErrorAt, setDismissedErrorAt] = useState(0);
  const order = query.data;

  if (!order) {
    if (query.isError && asGuest) {
      const visitor = session.visitor;
      const prefill = visitor
        ? 'email' in visitor
          ? { email: visitor.email }
          : { phoneNumber: visitor.phoneNumber }
        : undefined;
      return <Redirect to={paths.guestLookup(orderNumber, prefill)} replace />;
    }
    if (query.isError && isApiError(query.error) && query.error.status === 404) {
      // A member's own order that is not there: say so and lead back, no retry (it would fail again).
      return (
        <div className="narrow-page">
          <h1 tabIndex={-1}>{t('orders.detail.notFound.heading', { orderNumber })}</h1>
          <p>{t('orders.detail.notFound.body')}</p>
          <Link href={paths.history()} className="button button--primary">
            {t('orders.detail.notFound.back')}
          </Link>
        </div>
      );
    }
    return (
      <>
        <h1 className="visually-hidden" tabIndex={-1}>
          {t('app.title.orderDetails')}
        </h1>
        <DetailSkeleton />
        {query.isError && query.errorUpdatedAt !== dismissedErrorAt && (
          <ServiceErrorDialog
            onRetry={reloadPage}
            onDismiss={() => {
              setDismissedErrorAt(query.errorUpdatedAt);
            }}
          />
        )}
      </>
    );
  }

  const isReturn = order.orderType === 'RETURN_ORDER';
  if (route === 'sales' && isReturn) return <Redirect to={paths.returnOrder(orderNumber)} replace />;
  if (route === 'returns' && !isReturn) return <Redirect to={paths.salesOrder(orderNumber)} replace />;

  return (
    <div className="order-detail">
      <OrderHeader order={order} />
      <OrderModals order={order} />
      <div className="order-detail__layout">
        <section className="order-detail__groups" aria-label={t('orders.detail.shipmentsLabel')}>
          {order.groups.map((group, index) => (
            <ShipmentGroup
              key={`${group.shipmentNumber ?? 'none'}-${group.simpleStatus}-${String(index)}`}
              group={group}
              order={order}
              currency={order.currency}
              first={index === 0}
            />
          ))}
        </section>
        <OrderSidebar order={order} />
      </div>
    </div>
  );
}
