import { useEffect } from 'react';
import { Link, useSearch } from 'wouter';
import { track } from '@/shared/analytics/analytics';
import { useI18n } from '@/shared/i18n/i18n-context';
import { paths } from '@/shared/routing/paths';
import type { HistoryKind } from '../api/get-order-history';

/** The own/partner switch. Each choice is a link that keeps the query string. */
export function HistoryTabs({ active }: { active: HistoryKind }) {
  const { t } = useI18n();
  const search = useSearch();
  const withSearch = (path: string) => (search ? `${path}?${search}` : path);
  // Spec 000 §2: a "partner tab present" event once, and a click event when the partner tab is chosen.
  useEffect(() => {
    track({ name: 'partner_tab_present' });
  }, []);
  const tabs = [
    { kind: 'own' as const, href: withSearch(paths.history()), label: t('orders.tabs.own') },
    { kind: 'partner' as const, href: withSearch(paths.partnerHistory()), label: t('orders.tabs.partner') },
  ];
  return (
    <nav className="history-tabs" aria-label={t('orders.tabs.label')}>
      <ul>
        {tabs.map((tab) => (
          <li key={tab.kind}>
            <Link
              href={tab.href}
              className="history-tabs__tab"
              aria-current={tab.kind === active ? 'page' : undefined}
              onClick={() => {
                if (tab.kind === 'partner') track({ name: 'partner_tab_click' });
              }}
            >
              {tab.label}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
