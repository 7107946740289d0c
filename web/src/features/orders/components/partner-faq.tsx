import { useEffect, useRef } from 'react';
import { useHelpLinks } from '@/shared/config/help-links';
import { useI18n } from '@/shared/i18n/i18n-context';
import { StopPartnerSharing } from './stop-partner-sharing';
import './partner-faq.css';

/** The FAQ heading's id: the page header's link (`#partner-orders-faq`) and a help article's link land on it. */
export const PARTNER_FAQ_ID = 'partner-orders-faq';

/**
 * The partner order history's FAQ (spec 000 §2): what partner orders are, why one may be missing, whom to
 * contact, and how to stop sharing them (the data-removal answer, with the control that withdraws the consent).
 * Headings and paragraphs rather than collapsed answers: every answer can be read, searched and reached by
 * heading navigation at once.
 */
export function PartnerFaq() {
  const { t } = useI18n();
  const links = useHelpLinks();
  const heading = useRef<HTMLHeadingElement>(null);

  // Opened from a link to the FAQ: the browser looked for the fragment before the page had drawn it.
  useEffect(() => {
    if (window.location.hash === `#${PARTNER_FAQ_ID}`) heading.current?.focus();
  }, []);

  return (
    <section className="partner-faq card" aria-labelledby={PARTNER_FAQ_ID}>
      <h2 id={PARTNER_FAQ_ID} ref={heading} className="partner-faq__heading" tabIndex={-1}>
        {t('orders.partnerFaq.heading')}
      </h2>
      <h3 className="partner-faq__question">{t('orders.partnerFaq.what.question')}</h3>
      <p className="partner-faq__answer">{t('orders.partnerFaq.what.answer')}</p>
      <h3 className="partner-faq__question">{t('orders.partnerFaq.missing.question')}</h3>
      <p className="partner-faq__answer">{t('orders.partnerFaq.missing.answer')}</p>
      <h3 className="partner-faq__question">{t('orders.partnerFaq.contact.question')}</h3>
      <p className="partner-faq__answer">{t('orders.partnerFaq.contact.answer')}</p>
      <p className="partner-faq__answer">
        <a href={links.contact}>{t('common.contactUs')}</a>
      </p>
      <h3 className="partner-faq__question">{t('orders.partnerFaq.removal.question')}</h3>
      <p className="partner-faq__answer">{t('orders.partnerFaq.removal.answer')}</p>
      <div className="partner-faq__stop">
        <StopPartnerSharing />
      </div>
      <p className="partner-faq__answer">
        <a href={links.contact}>{t('orders.partnerFaq.removal.deleteLink')}</a>
      </p>
    </section>
  );
}
