import { useI18n } from '@/shared/i18n/i18n-context';
import { ProductPicture } from '@/shared/ui/product-picture';
import type { ConsolePickup } from '../api/console';
import './console-pickup-details.css';

/**
 * One waiting car on the store console: the order, the vehicle, the summary (items, arrival, status),
 * and what to bring out, line by line as the server lists it: picture, title, colour, size and quantity.
 */
export function ConsolePickupDetails({ pickup }: { pickup: ConsolePickup }) {
  const { t, date } = useI18n();
  return (
    <div className="store-console__details">
      <h3>{t('pickups.console.order', { orderNumber: pickup.orderNumber })}</h3>
      <p className="store-console__vehicle">
        <span className="muted">{t('pickups.console.vehicle')}: </span>
        {pickup.vehicleDescription}
      </p>
      <p className="muted">
        {t('pickups.console.items', { count: pickup.itemCount })} ·{' '}
        {t('pickups.console.arrived', { time: date(pickup.createdAt, 'time') })} ·{' '}
        <strong>{t('pickups.console.status', { status: pickup.status })}</strong>
      </p>
      {pickup.items.length > 0 && (
        <ul className="store-console__lines" aria-label={t('pickups.console.bringOut')}>
          {pickup.items.map((item) => (
            <li key={item.lineNumber} className="store-console__line">
              <ProductPicture src={item.imageUrl} title={item.title} size={64} />
              <div className="store-console__line-body">
                <span className="store-console__line-title">{item.title}</span>
                <span className="store-console__line-facts">
                  {item.color.trim() && <span>{t('pickups.console.itemColor', { color: item.color })}</span>}
                  {item.size.trim() && <span>{t('pickups.console.itemSize', { size: item.size })}</span>}
                  <span>{t('pickups.console.itemQuantity', { quantity: item.quantity })}</span>
                </span>
              </div>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
