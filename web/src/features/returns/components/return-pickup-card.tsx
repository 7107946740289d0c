import type { components } from '@/shared/api/schema';
import { formatAddress } from '@/shared/format/address';
import { useHelpLinks } from '@/shared/config/help-links';
import { formatTimeOfDay } from '@/shared/format/clock';
import { useI18n } from '@/shared/i18n/i18n-context';

type ReturnPickup = components['schemas']['ReturnPickup'];

/**
 * The courier-pickup variant of a return's detail (001 §2.2): where and when the carrier collects the
 * parcel, as booked (from the server's instructions answer, so it shows in any tab, on any day).
 */
export function ReturnPickupCard({ pickup }: { pickup: ReturnPickup }) {
  const { t, locale, date } = useI18n();
  const links = useHelpLinks();
  const { address } = pickup;
  // 001 §9: the cancel help shows while the return is created (the server decides, `cancelHelp`); the
  // country's returns line where it has one (Korea), else its phone, else its contact page.
  const cancelPhone = links.returnsPhone ?? links.phone;
  const lines = formatAddress(
    {
      name: address.name,
      street: [address.address1, address.address2 ?? ''].filter((line) => line !== ''),
      city: address.state ? `${address.city}, ${address.state}` : address.city,
      postalCode: address.postalCode,
      country: address.country.toUpperCase(),
    },
    locale.intlLocale,
  );
  return (
    <section className="card return-pickup" aria-labelledby="return-pickup-heading">
      <h2 id="return-pickup-heading">{t('returns.booked.heading')}</h2>
      <p>
        {t('returns.booked.window', {
          date: date(pickup.date, 'shortWithFullDay'),
          from: formatTimeOfDay(pickup.fromHour * 60, locale),
          to: formatTimeOfDay(pickup.toHour * 60, locale),
        })}
      </p>
      <h3 className="return-pickup__subheading">{t('returns.booked.address')}</h3>
      <address>
        {lines.map((line) => (
          <span key={line} className="return-pickup__line">
            {line}
          </span>
        ))}
      </address>
      {pickup.confirmation && <p>{t('returns.booked.confirmation', { confirmation: pickup.confirmation })}</p>}
      {pickup.cancelHelp && (
        <p className="return-pickup__cancel">
          {cancelPhone ? (
            <a href={`tel:${cancelPhone}`}>{t('returns.booked.cancelCall', { phone: cancelPhone })}</a>
          ) : (
            <a href={links.contact}>{t('returns.booked.cancelContact')}</a>
          )}
        </p>
      )}
    </section>
  );
}
