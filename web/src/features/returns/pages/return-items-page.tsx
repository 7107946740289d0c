import { Redirect, useSearch } from 'wouter';
import { useSession } from '@/shared/auth/session';
import { paths } from '@/shared/routing/paths';
import { Spinner } from '@/shared/ui/spinner';
import { ReturnWizard } from '../components/return-wizard';
import './returns.css';

/** returnItems (spec 001 §2.1): members, and guests who looked the order up. */
export function ReturnItemsPage({ orderNumber }: { orderNumber: string }) {
  const session = useSession();
  // Spec 001 §2: `selected` names the gtin of the item to pre-select.
  const selectedGtin = new URLSearchParams(useSearch()).get('selected');
  if (session.restoring && !session.member) return <Spinner fullPage />;
  if (!session.member && !session.visitor) return <Redirect to={paths.guestLookup(orderNumber)} replace />;
  return <ReturnWizard orderNumber={orderNumber} selectedGtin={selectedGtin} isGuest={!session.member} />;
}
