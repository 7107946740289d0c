import { OrderDetailView } from '../components/order-detail-view';

/** returnOrderDetail: /orders/returns/:orderNumber (a sales order moves to the sales route). */
export function ReturnOrderDetailPage({ orderNumber }: { orderNumber: string }) {
  return <OrderDetailView key={orderNumber} orderNumber={orderNumber} route="returns" />;
}
