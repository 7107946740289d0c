import { Link } from 'wouter';
import { useI18n } from '@/shared/i18n/i18n-context';
import { paths } from '@/shared/routing/paths';

interface ReturnBreadcrumbProps {
  orderNumber: string;
  /** The step before's URL; null on the first step. */
  backHref: string | null;
  onBack: () => void;
}

/**
 * Spec 001 §2.1: the breadcrumb goes back one step, and from step one to the sales order. A link like any
 * breadcrumb (walk minor 2): the browser's Back after it returns to the step the shopper left.
 */
export function ReturnBreadcrumb({ orderNumber, backHref, onBack }: ReturnBreadcrumbProps) {
  const { t } = useI18n();
  return (
    <nav aria-label={t('returns.breadcrumb.label')} className="return-breadcrumb">
      {backHref === null ? (
        <Link href={paths.salesOrder(orderNumber)}>{t('returns.breadcrumb.order')}</Link>
      ) : (
        <Link href={backHref} onClick={onBack}>
          {t('returns.breadcrumb.back')}
        </Link>
      )}
    </nav>
  );
}
