import { Redirect } from 'wouter';
import { useFlags } from '@/shared/config/flags';
import { paths } from '@/shared/routing/paths';
import { OrderHistoryView } from '../components/order-history-view';
import { RequireMember } from '../components/require-member';

/** partnerOrderHistory: only with enablePartnerOrders, otherwise the own history. */
export function PartnerOrderHistoryPage() {
  const { enablePartnerOrders } = useFlags();
  if (!enablePartnerOrders) return <Redirect to={paths.history()} replace />;
  return (
    <RequireMember>
      <OrderHistoryView kind="partner" />
    </RequireMember>
  );
}
