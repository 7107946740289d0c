import { useEffect, useMemo, useState } from 'react';
import type { PickupStore } from '@/shared/api/types';
import { addressForDisplay } from '@/shared/format/address';
import { formatTimeOfDay, timeZoneName, weekdayNames } from '@/shared/format/clock';
import { formatDayHours } from '@/shared/format/store-hours';
import { useI18n } from '@/shared/i18n/i18n-context';
import {
  WEEKDAYS,
  storeLocalTime,
  storeStatus,
  upcomingSpecialHours,
  weeklyHours,
  type StoreStatus,
  type Weekday,
} from '../model/store-hours';
import { AddressLines } from './address-lines';

/** The open/closed line is worked out again every minute while the page is open. */
const STATUS_REFRESH_MS = 60_000;

function useNow(intervalMs: number): Date {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = setInterval(() => {
      setNow(new Date());
    }, intervalMs);
    return () => {
      clearInterval(timer);
    };
  }, [intervalMs]);
  return now;
}

/** "tel:" wants the number alone: a leading + and digits ("+1 212 555 0142" -> "tel:+12125550142"). */
export const telephoneHref = (telephone: string): string =>
  `tel:${telephone.trim().startsWith('+') ? '+' : ''}${telephone.replace(/\D/g, '')}`;

/** Sidebar block for store-pickup orders: the store, its week of opening hours and whether it is open now. */
export function PickupStoreCard({ store }: { store: PickupStore }) {
  const i18n = useI18n();
  const { t, locale, date } = i18n;
  const now = useNow(STATUS_REFRESH_MS);
  const dayNames = useMemo(() => weekdayNames(locale.intlLocale), [locale.intlLocale]);
  // Open or closed is a matter of the store's clock and calendar, not the shopper's.
  const local = storeLocalTime(now, store.timezone);
  const status = local ? storeStatus(store.pickupHours, local) : null;
  const specials = local ? upcomingSpecialHours(store.pickupHours, local.date) : [];

  const time = (minutes: number) => formatTimeOfDay(minutes, locale);
  const dayName = (weekday: Weekday) => dayNames[WEEKDAYS.indexOf(weekday)] ?? weekday;
  const statusText = (current: StoreStatus) => {
    if (current.kind === 'open') {
      // Open round the clock reads as the hours do, not "closes 12:00 AM" (walk minor 14).
      if (current.closes === null) return t('common.storeHours.open24Hours');
      if (current.closesOn) {
        return t('orders.store.openClosesOn', { day: dayName(current.closesOn), time: time(current.closes) });
      }
      return t('orders.store.openNow', { time: time(current.closes) });
    }
    if (!current.next) return t('orders.store.closedNow');
    if (current.next.today) return t('orders.store.closedOpensToday', { time: time(current.next.opens) });
    return t('orders.store.closedOpensOn', { day: dayName(current.next.weekday), time: time(current.next.opens) });
  };
  const telephone = store.telephone.trim();

  return (
    <div className="card pickup-store">
      <h2 className="order-sidebar__heading">{t('orders.detail.pickupStore')}</h2>
      <p className="pickup-store__name">{store.storeName}</p>
      <AddressLines
        lines={addressForDisplay(store.addressLines, store.country, locale.intlLocale, { withName: false })}
      />
      {telephone && (
        <p className="pickup-store__phone">
          <a href={telephoneHref(telephone)}>{telephone}</a>
        </p>
      )}
      {status && <p className={`pickup-store__status pickup-store__status--${status.kind}`}>{statusText(status)}</p>}
      <table className="store-hours">
        <caption>{t('orders.store.hoursHeading')}</caption>
        <tbody>
          {weeklyHours(store.pickupHours).map(({ weekday, hours }, index) => (
            <tr key={weekday} aria-current={local?.weekday === weekday ? 'date' : undefined}>
              <th scope="row">{dayNames[index]}</th>
              <td>{formatDayHours(hours, i18n)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      {specials.length > 0 && (
        <>
          <h3 className="pickup-store__subheading">{t('orders.store.specialHours')}</h3>
          <dl className="store-hours__special">
            {specials.map((special) => (
              <div key={special.date}>
                <dt>{date(special.date, 'shortWithFullDay')}</dt>
                <dd>{formatDayHours(special.hours, i18n)}</dd>
              </div>
            ))}
          </dl>
        </>
      )}
      <p className="pickup-store__zone muted">
        {t('orders.store.localTime', { timeZone: timeZoneName(store.timezone, locale.intlLocale, now) })}
      </p>
    </div>
  );
}
