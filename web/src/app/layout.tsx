import { useFlags } from '@/shared/config/flags';
import { useRef, useState, type ReactNode } from 'react';
import { Link, useLocation, useSearch } from 'wouter';
import { SignOutButton } from '@/features/auth';
import { useSession } from '@/shared/auth/session';
import { brandOf, useBrandTheme } from '@/shared/config/brand';
import { useCountryConfig } from '@/shared/config/config-provider';
import { isStandalone, memberHeaderShown } from '@/shared/embed/embed';
import { useI18n } from '@/shared/i18n/i18n-context';
import { paths } from '@/shared/routing/paths';
import { StaffStoreProvider } from '@/shared/routing/staff-store';
import { useFocusRescue } from '@/shared/routing/use-focus-rescue';
import { useRouteFocus } from '@/shared/routing/use-route-focus';
import { pageTitleKey, useDocumentTitle } from './page-title';
import './layout.css';

/** The store associates' pages: a staff header (brand and store), none of the shopper's navigation. */
const isStaffPath = (path: string) => path.replace(/\/+$/, '') === paths.storeConsole();

export function Layout({ children }: { children: ReactNode }) {
  const { t, locale } = useI18n();
  const [location] = useLocation();
  const main = useRef<HTMLElement>(null);
  const session = useSession();
  const brand = brandOf(useCountryConfig());
  useBrandTheme(brand);
  useDocumentTitle({
    title: t(pageTitleKey(location)),
    country: locale.country,
    brandName: brand.name,
    productName: t('app.brand'),
    path: location,
  });
  useRouteFocus(main, location);
  useFocusRescue(main);
  // Spec 000 §2: the standalone view (embedded in the retailer's page) has no site header at all; the
  // member header (the member's own links: their orders, their addresses) shows only to members and not
  // on the return and refund steps. Guest lookup and gift card stay for everyone.
  const standalone = isStandalone(useSearch());
  const { hideMemberHeader } = useFlags();
  const memberNav = memberHeaderShown({
    path: location,
    standalone,
    member: Boolean(session.member),
    hidden: hideMemberHeader,
  });
  const staff = isStaffPath(location);
  const [staffStore, setStaffStore] = useState<string | null>(null);
  const brandMark =
    brand.logoUrl && brand.name ? (
      <>
        {/* The logo carries the brand's name; the text beside it repeats it for sighted users only. */}
        <img className="site-header__logo" src={brand.logoUrl} alt={brand.name} width={40} height={40} />
        <span className="site-header__name site-header__name--with-logo" aria-hidden="true">
          {brand.name}
        </span>
      </>
    ) : (
      <span className="site-header__name">{brand.name ?? t('app.brand')}</span>
    );
  return (
    <>
      <a className="skip-link" href="#main">
        {t('app.skipToContent')}
      </a>
      {!standalone && staff && (
        // Walk minor 14: the associates' console is not the shopper's site; the brand and the store it is
        // signed in to, no "My orders", order lookup, gift card or member sign-out.
        <header className="site-header site-header--staff">
          <div className="site-header__inner">
            <span className="site-header__brand">{brandMark}</span>
            {staffStore && <p className="site-header__store">{t('app.staff.store', { store: staffStore })}</p>}
          </div>
        </header>
      )}
      {!standalone && !staff && (
        <header className="site-header">
          <div className="site-header__inner">
            <Link href={paths.history()} className="site-header__brand">
              {brandMark}
            </Link>
            <nav aria-label={t('app.nav.label')} className="site-header__nav">
              <ul>
                {memberNav && (
                  <li>
                    <Link href={paths.history()}>{t('app.nav.history')}</Link>
                  </li>
                )}
                <li>
                  <Link href={paths.guestLookup()}>{t('app.nav.lookup')}</Link>
                </li>
                <li>
                  <Link href={paths.giftCardLookup()}>{t('app.nav.giftCard')}</Link>
                </li>
                {memberNav && (
                  <li>
                    <Link href={paths.addresses()}>{t('app.nav.addresses')}</Link>
                  </li>
                )}
              </ul>
            </nav>
            <SignOutButton />
          </div>
        </header>
      )}
      <main ref={main} id="main" className="site-main" tabIndex={-1}>
        <StaffStoreProvider value={setStaffStore}>{children}</StaffStoreProvider>
      </main>
    </>
  );
}
