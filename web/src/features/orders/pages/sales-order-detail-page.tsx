import { OrderDetailView } from '../components/order-detail-view';

/** salesOrderDetail: /orders/sales/:orderNumber (a return order moves to its own route). */
export function SalesOrderDetailPage({ orderNumber }: { orderNumber: string }) {
  return <OrderDetailView key={orderNumber} orderNumber={orderNumber} route="sales" />;
}
