import { useChatShown } from '@/shared/chat/chat';
import { formatPhone } from '@/shared/format/phone';
import { useI18n } from '@/shared/i18n/i18n-context';
import './help-contacts.css';
import { useHelpLinks } from './help-links';

/**
 * The country's help articles and phone lines (from the configuration), for a "Need help?" card.
 * Phone numbers are E.164: dialled through a tel: link as is, and written grouped (`formatPhone`). The chat entry point opens the
 * country's configured contact channel, where the chat rule (000 §6, `useChatShown`) allows it. On a return
 * (`forReturn`) there is no order left to change or cancel, so that article is left out.
 */
export function HelpContacts({ forReturn = false }: { forReturn?: boolean }) {
  const { t } = useI18n();
  const links = useHelpLinks();
  const chat = useChatShown();
  return (
    <ul className="help-contacts">
      {chat && (
        <li>
          <a href={links.contact} className="help-contacts__chat">
            {t('config.help.chat')}
          </a>
        </li>
      )}
      {!forReturn && (
        <li>
          <a href={links.changeOrCancelOrder}>{t('config.help.changeOrCancelOrder')}</a>
        </li>
      )}
      <li>
        <a href={links.howToReturn}>{t('config.help.howToReturn')}</a>
      </li>
      {links.phone && (
        <li>
          <a href={`tel:${links.phone}`}>{t('config.help.callUs', { phone: formatPhone(links.phone) })}</a>
        </li>
      )}
      {links.returnsPhone && (
        <li>
          <a href={`tel:${links.returnsPhone}`}>
            {t('config.help.returnsLine', { phone: formatPhone(links.returnsPhone) })}
          </a>
        </li>
      )}
    </ul>
  );
}
