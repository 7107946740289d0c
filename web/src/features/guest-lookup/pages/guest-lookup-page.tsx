import { Link, useRouter, useSearch } from 'wouter';
import { useSession } from '@/shared/auth/session';
import { useCountryRules } from '@/shared/config/country-rules';
import { useFlags } from '@/shared/config/flags';
import { signInShown } from '@/shared/embed/embed';
import { useI18n } from '@/shared/i18n/i18n-context';
import { paths } from '@/shared/routing/paths';
import { isSafeOrdersPath } from '@/shared/routing/route-prefix';
import { GuestLookupForm } from '../components/guest-lookup-form';
import './guest-lookup-page.css';

/** guestLookup: /orders/details/:orderNumber?, prefilled from the route and the email / phoneNumber query. */
export function GuestLookupPage({ orderNumber }: { orderNumber?: string }) {
  const { t } = useI18n();
  const { enableSmsLookup, enableLoginPrompt } = useFlags();
  const session = useSession();
  const rules = useCountryRules();
  const { base } = useRouter();
  const search = useSearch();
  const query = new URLSearchParams(search);
  // Signing in resumes where the shopper was going: the page's redirectPath, else the order it was opened for.
  const redirectPath = query.get('redirectPath');
  const signInPath = paths.signIn(
    isSafeOrdersPath(redirectPath) ? redirectPath : orderNumber ? `${base}${paths.salesOrder(orderNumber)}` : undefined,
  );
  const initial = {
    orderNumber: orderNumber ?? '',
    email: query.get('email') ?? '',
    countryCode: rules.callingCode,
    phone: enableSmsLookup ? (query.get('phoneNumber') ?? '') : '',
  };
  return (
    <div className="narrow-page">
      <h1 tabIndex={-1}>{t('guestLookup.heading')}</h1>
      <p className="muted">{t(enableSmsLookup ? 'guestLookup.introPhone' : 'guestLookup.intro')}</p>
      {session.member && (
        <p className="card guest-lookup__member">
          {t('guestLookup.signedInPrompt')} <Link href={paths.history()}>{t('guestLookup.signedInLink')}</Link>
        </p>
      )}
      <div className="card">
        {/* A new order number in the route starts a fresh form. */}
        <GuestLookupForm key={orderNumber ?? ''} initial={initial} />
      </div>
      {!session.member && signInShown(search) && (
        <p className="narrow-page__aside">
          {/* enableLoginPrompt: members return for free, so the guest page says so (000 §2, 001 §1). */}
          {t('guestLookup.memberPrompt')}{' '}
          <Link href={signInPath}>
            {t(enableLoginPrompt ? 'guestLookup.memberLinkFreeReturns' : 'guestLookup.memberLink')}
          </Link>
        </p>
      )}
    </div>
  );
}
