import { OrderHistoryView } from '../components/order-history-view';
import { RequireMember } from '../components/require-member';

/** orderHistory: the member's own sales orders. */
export function OrderHistoryPage() {
  return (
    <RequireMember>
      <OrderHistoryView kind="own" />
    </RequireMember>
  );
}
