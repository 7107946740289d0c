import { useState } from 'react';
import { Redirect } from 'wouter';
import { useSession } from '@/shared/auth/session';
import { useI18n } from '@/shared/i18n/i18n-context';
import { paths } from '@/shared/routing/paths';
import { Spinner } from '@/shared/ui/spinner';
import { useOrderDetail } from '../api/get-order-detail';
import { OrderHeader } from './order-header';
import { OrderSidebar } from './order-sidebar';
import { ServiceErrorDialog } from './service-error-dialog';
import { ShipmentGroup } from './shipment-group';
import './order-detail.css';

type DetailRoute = 'sales' | 'returns';

/** Sales and return order details share one layout; each route sends the other kind to its own route. */
export function OrderDetailView({ orderNumber, route }: { orderNumber: string; route: DetailRoute }) {
  const session = useSession();
  // Visitors who are neither members nor known guests identify themselves on the guest lookup first.
  if (!session.member && !session.visitor) return <Redirect to={paths.guestLookup(orderNumber)} replace />;
  return <LoadedOrderDetail orderNumber={orderNumber} route={route} asGuest={!session.member} />;
}

function LoadedOrderDetail({ orderNumber, route, asGuest }: { orderNumber: string; route: DetailRoute; asGuest: boolean }) {
  const { t } = useI18n();
  const session = useSession();
  const query = useOrderDetail(orderNumber);
  const [dismissedErrorAt, setDismissedErrorAt] = useState(0);
  const order = query.data;

  if (!order) {
    if (query.isError && asGuest) {
      const visitor = session.visitor;
      const prefill = visitor ? ('email' in visitor ? { email: visitor.email } : { phoneNumber: visitor.phoneNumber }) : undefined;
      return <Redirect to={paths.guestLookup(orderNumber, prefill)} replace />;
    }
    return (
      <>
        <h1 className="visually-hidden" tabIndex={-1}>{t('app.title.orderDetails')}</h1>
        <Spinner fullPage />
        {query.isError && query.errorUpdatedAt !== dismissedErrorAt && (
          <ServiceErrorDialog
            onRetry={() => { void query.refetch(); }}
            onDismiss={() => { setDismissedErrorAt(query.errorUpdatedAt); }}
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
      <div className="order-detail__layout">
        <section className="order-detail__groups" aria-label={t('orders.detail.shipmentsLabel')}>
          {order.groups.map((group, index) => (
            <ShipmentGroup key={`${group.shipmentNumber ?? 'none'}-${group.simpleStatus}-${String(index)}`} group={group} currency={order.currency} />
          ))}
        </section>
        <OrderSidebar order={order} />
      </div>
    </div>
  );
}
