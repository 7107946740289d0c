import { Link, useSearch } from 'wouter';
import { useI18n } from '@/shared/i18n/i18n-context';
import { paths } from '@/shared/routing/paths';
import type { HistoryKind } from '../api/get-order-history';

/** The own/partner switch. Each choice is a link that keeps the query string. */
export function HistoryTabs({ active }: { active: HistoryKind }) {
  const { t } = useI18n();
  const search = useSearch();
  const withSearch = (path: string) => (search ? `${path}?${search}` : path);
  const tabs = [
    { kind: 'own' as const, href: withSearch(paths.history()), label: t('orders.tabs.own') },
    { kind: 'partner' as const, href: withSearch(paths.partnerHistory()), label: t('orders.tabs.partner') },
  ];
  return (
    <nav className="history-tabs" aria-label={t('orders.tabs.label')}>
      <ul>
        {tabs.map((tab) => (
          <li key={tab.kind}>
            <Link href={tab.href} className="history-tabs__tab" aria-current={tab.kind === active ? 'page' : undefined}>
              {tab.label}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
