import type { OrderDetail, OrderItem } from '@/shared/api/types';
import { useI18n } from '@/shared/i18n/i18n-context';
import { useOrderSlots } from '@/shared/order-slots/order-slots';
import { productLink } from '../model/links';
import { ItemFacts } from './item-facts';
import { ProductImage } from './product-image';

export function ItemCard({ item, order, currency }: { item: OrderItem; order: OrderDetail; currency: string }) {
  const { money } = useI18n();
  const { itemActions, itemExtras } = useOrderSlots();
  const link = productLink(item);
  return (
    <li className="item-card">
      {/* One stop for keyboards and screen readers: the title's link; the image repeats it for the mouse. */}
      {link ? (
        <a href={link} className="item-card__image-link" tabIndex={-1} aria-hidden="true">
          <ProductImage product={item.product} size={128} />
        </a>
      ) : (
        <ProductImage product={item.product} size={128} />
      )}
      <div className="item-card__body">
        <h3 className="item-card__title">{link ? <a href={link}>{item.product.title}</a> : item.product.title}</h3>
        <p className="item-card__price">{money(item.lineItemTransaction.lineItemChargedPrice, currency)}</p>
        <ItemFacts product={item.product} quantity={item.lineItemTransaction.quantity} withStyleColor />
        {itemActions.length > 0 && (
          <div className="item-card__actions">
            {itemActions.map((Action, index) => (
              <Action key={index} item={item} order={order} currency={currency} />
            ))}
          </div>
        )}
        {itemExtras.map((Extra, index) => (
          <Extra key={index} item={item} order={order} currency={currency} />
        ))}
      </div>
    </li>
  );
}
