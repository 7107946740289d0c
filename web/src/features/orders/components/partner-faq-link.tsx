import { useI18n } from '@/shared/i18n/i18n-context';
import { PARTNER_FAQ_ID } from './partner-faq';

/**
 * The partner history header's link to its FAQ (spec 000 §2). An in-page link, so it can be copied and opened
 * in a new tab; the click also moves focus to the FAQ heading itself, so keyboard and screen reader users
 * carry on from there whatever the browser does with the fragment.
 */
export function PartnerFaqLink() {
  const { t } = useI18n();
  return (
    <a
      className="partner-faq-link"
      href={`#${PARTNER_FAQ_ID}`}
      onClick={() => {
        document.getElementById(PARTNER_FAQ_ID)?.focus();
      }}
    >
      {t('orders.partnerFaq.link')}
    </a>
  );
}
