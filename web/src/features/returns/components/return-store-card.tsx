import { useMemo } from 'react';
import type { components } from '@/shared/api/schema';
import { formatAddress } from '@/shared/format/address';
import { weekdayNames } from '@/shared/format/clock';
import { dayOpening, formatDayHours } from '@/shared/format/store-hours';
import { useI18n } from '@/shared/i18n/i18n-context';

type StoreView = components['schemas']['StoreView'];

/**
 * The store a store return goes to (browser walk minor 5): its name, address, phone and week of opening
 * hours, as the server's instructions answer carries them (the stores area's view of the chosen store).
 * Hours are the store's local wall-clock times, read by the server (`operationalDetails.weekly`).
 */
export function ReturnStoreCard({ store }: { store: StoreView }) {
  const i18n = useI18n();
  const { t, locale } = i18n;
  const dayNames = useMemo(() => weekdayNames(locale.intlLocale), [locale.intlLocale]);
  const { address } = store;
  const lines = formatAddress(
    {
      street: [address.address1, address.address2 ?? '', address.address3 ?? ''].filter((line) => line !== ''),
      city: address.state ? `${address.city}, ${address.state}` : address.city,
      postalCode: address.postalCode,
      country: address.iso2Country.toUpperCase(),
    },
    locale.intlLocale,
  );
  const phone = store.phone.trim();
  return (
    <section className="card return-store" aria-labelledby="return-store-heading">
      <h2 id="return-store-heading">{t('returns.returnStore.heading')}</h2>
      <p className="return-store__name">{store.name}</p>
      <address>
        {lines.map((line) => (
          <span key={line} className="return-store__line">
            {line}
          </span>
        ))}
      </address>
      {phone && (
        <p>
          <a href={`tel:${phone.startsWith('+') ? '+' : ''}${phone.replace(/\D/g, '')}`}>{phone}</a>
        </p>
      )}
      <table className="return-store__hours">
        <caption>{t('returns.returnStore.hoursHeading')}</caption>
        <tbody>
          {store.operationalDetails.weekly.map((day, index) => (
            <tr key={day.weekday}>
              <th scope="row">{dayNames[index] ?? day.weekday}</th>
              <td>{formatDayHours(dayOpening(day.hours), i18n)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
