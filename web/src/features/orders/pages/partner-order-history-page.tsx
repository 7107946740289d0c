import { Redirect } from 'wouter';
import { useFlags } from '@/shared/config/flags';
import { paths } from '@/shared/routing/paths';
import { OrderHistoryView } from '../components/order-history-view';
import { PartnerFaq } from '../components/partner-faq';
import { PartnerFaqLink } from '../components/partner-faq-link';
import { RequireMember } from '../components/require-member';

/**
 * partnerOrderHistory: only with enablePartnerOrders, otherwise the own history. The header links to the
 * FAQ under the list, whose data-removal answer lets the member stop sharing partner orders (000 §2).
 */
export function PartnerOrderHistoryPage() {
  const { enablePartnerOrders } = useFlags();
  if (!enablePartnerOrders) return <Redirect to={paths.history()} replace />;
  return (
    <RequireMember>
      <OrderHistoryView kind="partner" headerLink={<PartnerFaqLink />}>
        <PartnerFaq />
      </OrderHistoryView>
    </RequireMember>
  );
}
